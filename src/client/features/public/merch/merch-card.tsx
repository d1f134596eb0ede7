import { ArrowUpRight } from "lucide-react";
import type { Merchandise } from "@shared/schemas/merchandise";
import { formatPrice } from "@shared/format";
import { storeName } from "@shared/stores";
import { merchShopLink } from "@shared/merch-link";
import { outboundLinks } from "@shared/api/stats";
import { IMAGE_PLACEHOLDER } from "@shared/settings-defaults";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { mediaUrl } from "@client/lib/media-url";

/** The card's width: half the page on phones and tablets, a quarter of the 72rem page from lg. */
const MERCH_IMAGE_SIZES = "(min-width: 1024px) 18rem, 50vw";

/**
 * One product, linking out to where it is sold: its shop link (storeUrl, any shop) or else its
 * amazonUrl (print-on-demand); the buy label names the shop. One with neither is sold at the
 * shows: it says so instead of offering nothing. The link is
 * the product name, stretched over the whole card: the card is one big click target, while a
 * screen reader hears "Floodplain Tee" as the link and the price and badges as plain text.
 */
export function MerchCard({ item }: { item: Merchandise }) {
  // a 'Coming Soon' item is not buyable yet (issue 13): no link, a label where Buy would be
  const link = merchShopLink(item);
  // through /go/merch/:id, which counts the click and sends the fan on to the same shop (issue 23)
  const href = link ? outboundLinks.merch(item.id) : null;
  const store = link ? storeName(link) : null;
  return (
    <li className="group relative flex h-full flex-col border border-smoke bg-ink transition hover:border-blood has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-blood">
      <div className="relative aspect-square overflow-hidden bg-coal">
        <ImageWithFallback src={mediaUrl(item.imageUrl)} variants={item.image} sizes={MERCH_IMAGE_SIZES} fallbackSrc={IMAGE_PLACEHOLDER} alt={item.name} width={400} height={400} className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1.5">
          {item.isNew && <span className="-rotate-3 bg-blood-dark px-2 py-0.5 font-display text-sm tracking-wide uppercase">New</span>}
          {item.comingSoon && <span className="tape rotate-2 px-2 py-0.5 font-display text-sm tracking-wide uppercase">Coming Soon</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-[0.65rem] font-bold tracking-[0.2em] text-dust uppercase">{item.category}</p>
        <h3 className="mt-1 font-display text-xl leading-tight uppercase sm:text-2xl">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="after:absolute after:inset-0 focus-visible:outline-none">
              {item.name}{" "}
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            item.name
          )}
        </h3>
        <p className="mt-1 line-clamp-2 hidden text-sm text-dust sm:block">{item.description}</p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-3">
          <span className="font-display text-2xl text-bone">{formatPrice(item.price)}</span>
          {item.comingSoon ? (
            <span className="text-xs font-bold tracking-wider text-dust uppercase">Coming soon</span>
          ) : (
            href ? (
              <span aria-hidden="true" className="inline-flex min-w-0 items-center gap-1 text-right text-xs font-bold tracking-wider text-(--color-signal) uppercase">
                <span className="break-words">{store ? `Buy on ${store}` : "Buy"}</span> <ArrowUpRight className="h-4 w-4 shrink-0" />
              </span>
            ) : (
              <span className="text-right text-xs font-bold tracking-wider text-dust uppercase">At the merch table</span>
            )
          )}
        </div>
      </div>
    </li>
  );
}
