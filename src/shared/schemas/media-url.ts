import { text } from "./text";

/**
 * A link to a media file: an uploaded path ('/uploads/audio/x.mp3', or 'uploads/x.mp3' which
 * the players prefix with '/') or an http(s) URL. Any other scheme (javascript:, data:) is
 * refused, so a stored link can never run script when it lands in an <a> or <audio>.
 */
export function mediaUrl(messages: { invalid: string; tooLong?: string }) {
  return text({ message: messages.invalid })
    .trim()
    .max(2000, messages.tooLong ?? "Link is too long (2,000 characters at most)")
    .refine((value) => value === "" || isSafeMediaUrl(value), messages.invalid);
}

export function isSafeMediaUrl(value: string): boolean {
  // whitespace, and backslashes (browsers read '/\host' as '//host')
  if (/[\s\\]/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return true; // a path
  if (scheme !== "http" && scheme !== "https") return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
