/** Accepts a share link or an embed link and returns the embed form the iframes need. */
export function spotifyEmbedUrl(url: string): string {
  const u = url.trim();
  const m = /^https?:\/\/open\.spotify\.com\/(?!embed\/)(.+)$/i.exec(u);
  return m ? `https://open.spotify.com/embed/${m[1]}` : u;
}

export function soundcloudEmbedUrl(url: string): string {
  const u = url.trim();
  if (/^https?:\/\/w\.soundcloud\.com\/player/i.test(u)) return u;
  if (/^https?:\/\/(www\.)?soundcloud\.com\//i.test(u)) {
    return `https://w.soundcloud.com/player/?url=${encodeURIComponent(u)}&color=%23d7263d&auto_play=false&hide_related=true&show_comments=false&visual=true`;
  }
  return u;
}
