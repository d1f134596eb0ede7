/**
 * The one rule for showing a stored media link (spec section 4): a relative path without a
 * leading slash ('uploads/a.mp3') gets one, so it resolves from the site root and not from
 * the page (it would break under /admin/audio). http(s), root paths and local previews
 * (blob:, data:) pass unchanged; any other scheme (javascript:...) becomes a harmless path.
 */
export function mediaUrl(url: string | null | undefined): string {
  const u = (url ?? "").trim();
  if (!u) return "";
  return /^(https?:|\/|data:|blob:)/i.test(u) ? u : `/${u}`;
}
