import { useState, type KeyboardEvent } from "react";
import { cn } from "@client/lib/cn";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { useMerchandise } from "./api";
import { MerchCard } from "./merch-card";
import { inTab, TABS, type TabId } from "./merch-tabs";

export const MERCH_BAD_FORMAT = "Failed to load merchandise data";
export const MERCH_FAILED = "Failed to load merchandise";
export const NO_MERCH = "Nothing in this category yet. Check back soon.";

/** Category tabs (all / apparel / accessories / home) over the product grid. */
export function MerchSection() {
  const { data, isLoading, error } = useMerchandise();
  const [tab, setTab] = useState<TabId>("all");
  const items = Array.isArray(data) ? data.filter((m) => inTab(m, tab)) : [];
  return (
    <section id="merch" aria-labelledby="merch-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h2 id="merch-title" className="sr-only">Merchandise</h2>
      <div role="tablist" aria-label="Merchandise categories" className="-mx-4 mb-8 flex gap-2 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" id={`merch-tab-${t.id}`} aria-selected={tab === t.id} aria-controls="merch-panel" onClick={() => setTab(t.id)}
            tabIndex={tab === t.id ? 0 : -1} onKeyDown={(e) => moveBetweenTabs(e, tab, setTab)}
            className={cn("shrink-0 border-2 px-3.5 py-1.5 font-display text-lg uppercase transition sm:px-5 sm:py-2 sm:text-xl", tab === t.id ? "border-bone bg-bone text-ink" : "border-smoke text-dust hover:border-dust hover:text-bone")}>
            {t.label}
          </button>
        ))}
      </div>
      <div id="merch-panel" role="tabpanel" aria-labelledby={`merch-tab-${tab}`}>
        {isLoading ? (
          <LoadingBlocks count={4} fillScreen className="grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4" itemClassName="aspect-[3/5]" />
        ) : error ? (
          <StateMessage tone="error">{MERCH_FAILED}</StateMessage>
        ) : !Array.isArray(data) ? (
          <StateMessage tone="error">{MERCH_BAD_FORMAT}</StateMessage>
        ) : !items.length ? (
          <StateMessage>{NO_MERCH}</StateMessage>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {items.map((m) => (
              <MerchCard key={m.id} item={m} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const TAB_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** The ARIA tabs pattern: one Tab stop for the row, arrows (and Home/End) pick and focus a tab. */
function moveBetweenTabs(e: KeyboardEvent<HTMLButtonElement>, current: TabId, setTab: (t: TabId) => void) {
  const move = TAB_KEYS[e.key];
  if (!move) return;
  e.preventDefault();
  const next = TABS[move(TABS.findIndex((t) => t.id === current), TABS.length)];
  setTab(next.id);
  document.getElementById(`merch-tab-${next.id}`)?.focus();
}
