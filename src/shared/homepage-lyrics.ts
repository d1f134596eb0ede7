import type { LyricsInput } from "./schemas/lyrics";

/**
 * The built-in "homepage lyrics" the auto-add screen offers and POST /api/lyrics/homepage stores
 * (ARCHITECTURE.md: original placeholder text written for this project, not a real song). The
 * server decides whether it is already there (same title and song, case and spaces aside).
 */
export const HOMEPAGE_LYRICS: LyricsInput = {
  title: "Highway 264",
  songName: "Highway 264",
  albumName: "Static Season",
  releaseYear: "2024",
  // a draft: the band reads it over and publishes it from the list (issue 13)
  isPublished: false,
  sortOrder: 0,
  lyricsText: `Tobacco barns and a radio hum
Counting mile markers till the morning comes
You said the east would never let us leave
But the east is in the van with you and me

Turn it up, turn it up
Till the speakers shake the dust off of the dash
Turn it up, turn it up
We were never built to last, so let it last

Every show's a basement or a VFW
Every floor's a bed if you're too tired to choose
We sang until our voices turned to sand
And nobody here will ever understand

Turn it up, turn it up
Till the speakers shake the dust off of the dash
Turn it up, turn it up
We were never built to last, so let it last`,
};

/** The first lines of the built-in lyrics, shown before they are added. */
export const HOMEPAGE_LYRICS_OPENING = HOMEPAGE_LYRICS.lyricsText.split("\n").slice(0, 4);

/** How an entry is recognised as the built-in one: same title and song, case and outer spaces aside. */
export const sameLyricsName = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
