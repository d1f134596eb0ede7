import { ArrowUpRight } from "lucide-react";
import type { Merchandise } from "@shared/schemas/entities";
import { formatPrice } from "@shared/format";
import { IMAGE_PLACEHOLDER } from "@shared/settings-defaults";
import { FallbackImg } from "../ui/fallback-img";
import { mediaUrl } from "../ui/media-url";

/** One product; the whole card links out through its amazonUrl (print-on-demand, sold elsewhere). */
export function MerchCard({ item }: { item: Merchandise }) {
  const href = /^https?:\/\//i.test(item.amazonUrl) ? item.amazonUrl : null;
  const body = (
    <>
      <div className="relative aspect-square overflow-hidden bg-coal">
        <FallbackImg src={mediaUrl(item.imageUrl)} fallback={IMAGE_PLACEHOLDER} alt={item.name} width={400} height={400} className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1.5">
          {item.isNew && <span className="-rotate-3 bg-blood-dark px-2 py-0.5 font-display text-sm tracking-wide uppercase">New</span>}
          {item.comingSoon && <span className="tape rotate-2 px-2 py-0.5 font-display text-sm tracking-wide uppercase">Coming Soon</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-[0.65rem] font-bold tracking-[0.2em] text-dust uppercase">{item.category}</p>
        <h3 className="mt-1 font-display text-xl leading-tight uppercase sm:text-2xl">{item.name}</h3>
        <p className="mt-1 line-clamp-2 hidden text-sm text-dust sm:block">{item.description}</p>
        <div className="mt-auto flex items-end justify-between gap-2 pt-3">
          <span className="font-display text-2xl text-bone">{formatPrice(item.price)}</span>
          {href && (
            <span className="inline-flex items-center gap-1 text-xs font-bold tracking-wider text-(--color-signal) uppercase">
              Buy <ArrowUpRight aria-hidden="true" className="h-4 w-4" />
            </span>
          )}
        </div>
      </div>
    </>
  );
  const cls = "group flex h-full flex-col border border-smoke bg-ink transition hover:border-blood";
  return (
    <li>
      {href ? (
        // a short name instead of the whole card read out (which says the product name twice)
        <a href={href} target="_blank" rel="noopener noreferrer" aria-label={linkName(item)} className={cls}>
          {body}
        </a>
      ) : (
        <div className={cls}>{body}</div>
      )}
    </li>
  );
}

/** 'Floodplain Tee, $25.99, New. Buy (opens in a new tab)' */
export function linkName(item: Merchandise): string {
  const badges = [item.isNew && "New", item.comingSoon && "Coming Soon"].filter(Boolean).join(", ");
  return `${item.name}, ${formatPrice(item.price)}${badges ? `, ${badges}` : ""}. Buy (opens in a new tab)`;
}
