/** Relative media paths without a leading slash get one (spec section 4), so they resolve from the site root. */
export function mediaUrl(url: string | null | undefined): string {
  const u = (url ?? "").trim();
  if (!u) return "";
  return /^(https?:|\/|data:|blob:)/i.test(u) ? u : `/${u}`;
}
