/**
 * YouTube link handling for the video form and the video schema (spec section 4: a pasted
 * YouTube link becomes an embed URL; an id is exactly 11 characters).
 */
const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
/** Path prefixes whose next segment is the id: /embed/ID, /shorts/ID, /live/ID, /v/ID. */
const ID_PATHS = new Set(["embed", "shorts", "live", "v"]);

/** The 11-character video id of a YouTube link, or null when it is not one (or the id is malformed). */
export function extractYouTubeId(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") id = segments[0];
  else if (HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (segments.length >= 2 && ID_PATHS.has(segments[0])) id = segments[1];
  }
  return id && ID.test(id) ? id : null;
}

/** 'https://www.youtube.com/embed/ID' for a YouTube link, else null. */
export function toYouTubeEmbedUrl(input: string | null | undefined): string | null {
  const id = extractYouTubeId(input);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

/** The thumbnail YouTube serves for a video id (the external thumbnail host, spec section 7). */
export function youTubeThumbnailUrl(id: string): string {
  return `https://img.youtube.com/vi/${id}/hqdefault.jpg`;
}
