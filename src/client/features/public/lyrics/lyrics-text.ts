export const LYRICS_ERROR = "Failed to load lyrics. Please try again later.";
export const NO_LYRICS = "No Lyrics Available";
export const LYRICS_NOT_FOUND = "Lyrics Not Found";

export function excerpt(text: string, lines = 4): string {
  return text.split(/\r?\n/).filter((l) => l.trim()).slice(0, lines).join("\n");
}
