/**
 * The music players' links (issue 13): a band pastes whatever SoundCloud or Spotify gives them
 * (a track page, a share link with tracking, the player link, or the whole <iframe> embed code)
 * and the site stores and uses the platform's embed form. Zod-free: the settings rule on the
 * server, the admin field and the public music section all use these.
 */

const SOUNDCLOUD_PLAYER = "https://w.soundcloud.com/player/";
// the player's look on this site: the band's red, no autoplay, no strangers' tracks after theirs
const SOUNDCLOUD_OPTIONS = "&color=%23d7263d&auto_play=false&hide_related=true&show_comments=false&visual=true";
const SPOTIFY_KINDS = new Set(["track", "album", "playlist", "artist", "episode", "show"]);

/** The src of a pasted `<iframe ... src="...">` embed code, or the text itself. */
function unwrapEmbedCode(input: string): string {
  const text = input.trim();
  const src = /<iframe\b[^>]*\ssrc\s*=\s*["']([^"']+)["']/i.exec(text);
  return (src ? src[1] : text).replace(/&amp;/g, "&");
}

function parseWebUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The SoundCloud player link for a track, playlist or profile link ('https://soundcloud.com/band/song'),
 * or the player link itself; null when the text is not a SoundCloud link the player can show.
 * Short 'on.soundcloud.com' links are refused: only SoundCloud knows where they lead.
 */
export function soundCloudEmbedUrl(input: string): string | null {
  const url = parseWebUrl(unwrapEmbedCode(input));
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host === "w.soundcloud.com" && url.pathname.startsWith("/player")) {
    const target = url.searchParams.get("url");
    return target && (soundCloudPage(target) || /^https?:\/\/api\.soundcloud\.com\//i.test(target)) ? `https://w.soundcloud.com${url.pathname}${url.search}` : null;
  }
  const page = soundCloudPage(url.href);
  return page ? `${SOUNDCLOUD_PLAYER}?url=${encodeURIComponent(page)}${SOUNDCLOUD_OPTIONS}` : null;
}

/** 'https://soundcloud.com/band/song' without tracking parameters, or null for any other address. */
function soundCloudPage(text: string): string | null {
  const url = parseWebUrl(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host !== "soundcloud.com" && host !== "www.soundcloud.com" && host !== "m.soundcloud.com") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  return `https://soundcloud.com/${segments.join("/")}`;
}

/**
 * 'https://open.spotify.com/embed/album/ID' for an open.spotify.com track, album, playlist,
 * artist, episode or show link (with or without '/intl-xx', '?si=' or '/embed'), or a
 * 'spotify:album:ID' URI; null for anything else.
 */
export function spotifyEmbedUrl(input: string): string | null {
  const text = unwrapEmbedCode(input);
  const uri = /^spotify:([a-z]+):([A-Za-z0-9]+)$/i.exec(text);
  if (uri) return spotifyEmbed(uri[1], uri[2]);
  const url = parseWebUrl(text);
  if (!url || url.hostname.toLowerCase() !== "open.spotify.com") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (segments[0] === "embed") segments.shift();
  if (segments[0]?.startsWith("intl-")) segments.shift();
  return segments.length === 2 ? spotifyEmbed(segments[0], segments[1]) : null;
}

function spotifyEmbed(kind: string, id: string): string | null {
  const k = kind.toLowerCase();
  return SPOTIFY_KINDS.has(k) && /^[A-Za-z0-9]{10,40}$/.test(id) ? `https://open.spotify.com/embed/${k}/${id}` : null;
}

/**
 * The platform page a fan can open when the player does not load: the SoundCloud track page
 * the player shows, or the Spotify page without '/embed'. Null when there is none.
 */
export function platformPageUrl(embedUrl: string): string | null {
  const url = parseWebUrl(embedUrl);
  if (!url) return null;
  if (url.hostname === "w.soundcloud.com") {
    const target = soundCloudPage(url.searchParams.get("url") ?? "");
    return target;
  }
  if (url.hostname === "open.spotify.com") return `https://open.spotify.com${url.pathname.replace(/^\/embed/, "")}`;
  return null;
}
