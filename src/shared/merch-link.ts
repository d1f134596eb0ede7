/**
 * Where a merch item is sold, as the public card and /go/merch/:id agree: its shop link (storeUrl,
 * any shop) or else its amazonUrl, an http(s) one only; none while it is 'Coming Soon'.
 */
export function merchShopLink(item: { storeUrl?: string | null; amazonUrl?: string | null; comingSoon?: boolean | null }): string | null {
  if (item.comingSoon) return null;
  return [item.storeUrl, item.amazonUrl].find((u): u is string => /^https?:\/\//i.test(u ?? "")) ?? null;
}
