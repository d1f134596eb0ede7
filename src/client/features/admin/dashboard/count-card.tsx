import type { LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { Skeleton } from "@client/components/ui/skeleton";

/** One dashboard count, linking to its list. */
export function CountCard({ label, value, icon: Icon, href, isLoading, failed }: { label: string; value?: number; icon: LucideIcon; href: string; isLoading: boolean; failed: boolean }) {
  return (
    <Link href={href} className="group flex min-h-28 flex-col justify-between rounded-lg border border-smoke bg-coal p-4 transition-colors hover:border-blood/60 hover:bg-ash/40 focus-visible:outline-2 focus-visible:outline-blood">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-dust">{label}</p>
        <Icon className="size-4 shrink-0 text-dust group-hover:text-blood" aria-hidden />
      </div>
      <div className="mt-3 h-9 text-3xl leading-9 font-bold tabular-nums text-bone">
        {isLoading ? <Skeleton className="h-8 w-12" /> : failed ? <span className="text-base font-normal text-red-400">Unavailable</span> : (value ?? 0)}
      </div>
    </Link>
  );
}
