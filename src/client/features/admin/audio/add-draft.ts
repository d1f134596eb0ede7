import { useState } from "react";
import { useMediaSource, type MediaSource } from "./media-source-field";

/** What the add page's two forms share, so switching between them keeps what was entered. */
export interface AddDraft {
  title: string;
  /** null until typed in: the band's name shows meanwhile */
  artist: string | null;
  duration: string;
  /** plays in the site's header player */
  featured: boolean;
}

export function useAddDraft() {
  const [draft, setDraft] = useState<AddDraft>({ title: "", artist: null, duration: "", featured: false });
  const audio = useMediaSource({ mode: "upload" });
  const cover = useMediaSource({ mode: "upload" });
  return { draft, setDraft, audio, cover };
}
export type AddDraftState = ReturnType<typeof useAddDraft>;

/** A file was chosen, or the link differs from the one the record started with. */
export const mediaChanged = (source: MediaSource, initialUrl = "") => source.file !== null || source.url.trim() !== initialUrl;

/** Anything entered on the add page (either form), so leaving asks first. */
export function addDraftHasEdits({ draft, audio, cover }: AddDraftState): boolean {
  return draft.title.trim() !== "" || draft.artist !== null || draft.duration.trim() !== "" || draft.featured || mediaChanged(audio.source) || mediaChanged(cover.source);
}
