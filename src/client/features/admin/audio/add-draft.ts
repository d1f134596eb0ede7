import { useState } from "react";
import { useMediaSource } from "./media-source-field";

/** What the add page's two forms share, so switching between them keeps what was entered. */
export interface AddDraft {
  title: string;
  /** null until typed in: the band's name shows meanwhile */
  artist: string | null;
  duration: string;
}

export function useAddDraft() {
  const [draft, setDraft] = useState<AddDraft>({ title: "", artist: null, duration: "" });
  const audio = useMediaSource({ mode: "upload" });
  const cover = useMediaSource({ mode: "upload" });
  return { draft, setDraft, audio, cover };
}
export type AddDraftState = ReturnType<typeof useAddDraft>;
