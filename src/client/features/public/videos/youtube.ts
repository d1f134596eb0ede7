/** The 11-character YouTube id inside an embed or watch URL (spec: only 11 characters count). */
export function youtubeId(url: string): string | null {
  const m = /(?:embed\/|v=|youtu\.be\/|shorts\/)([\w-]{11})(?![\w-])/.exec(url ?? "");
  return m ? m[1] : null;
}

export function youtubeThumbnail(url: string): string {
  const id = youtubeId(url);
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : "";
}

/** The embed URL with autoplay on, for the facade's click-to-play. */
export function autoplayUrl(url: string): string {
  return url + (url.includes("?") ? "&" : "?") + "autoplay=1";
}
