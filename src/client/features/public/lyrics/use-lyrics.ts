import { useQuery } from "@tanstack/react-query";
import type { Lyrics } from "@shared/schemas/lyrics";

export const LYRICS_ERROR = "Failed to load lyrics. Please try again later.";
export const NO_LYRICS = "No Lyrics Available";
export const LYRICS_NOT_FOUND = "Lyrics Not Found";

/** Published lyrics, sorted by sortOrder (the server sorts too; this keeps the rule in one visible place). */
export function useLyricsList() {
  const query = useQuery<Lyrics[]>({ queryKey: ["/api/lyrics"] });
  const lyrics = Array.isArray(query.data) ? [...query.data].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id) : [];
  return { ...query, lyrics };
}

export function excerpt(text: string, lines = 4): string {
  return text.split(/\r?\n/).filter((l) => l.trim()).slice(0, lines).join("\n");
}
