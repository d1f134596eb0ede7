import type { LyricsInput } from "@shared/schemas/lyrics";

/**
 * The built-in "homepage lyrics" the auto-add screen stores (ARCHITECTURE.md: original
 * placeholder text written for this project, not a real song).
 */
export const HOMEPAGE_LYRICS: LyricsInput = {
  title: "Highway 264",
  songName: "Highway 264",
  albumName: "Static Season",
  releaseYear: "2024",
  isPublished: true,
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
