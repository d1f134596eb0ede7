import { Search, X } from "lucide-react";
import { useId } from "react";
import type { SubscriberStatus } from "@shared/api/subscribers";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { RegionSelect } from "@client/components/ui/region-select";
import { cn } from "@client/lib/cn";

export type Interest = "shows" | "releases" | "merch";

/** What the admin narrowed the table to; "" means any. */
export interface SubscriberFilterValues {
  q: string;
  interest: Interest | "";
  region: string;
  status: SubscriberStatus | "";
}

export const NO_FILTERS: SubscriberFilterValues = { q: "", interest: "", region: "", status: "" };
export const hasFilters = (f: SubscriberFilterValues) => Boolean(f.q.trim() || f.interest || f.region || f.status);

const selectClass =
  "w-full h-10 rounded-md border border-smoke bg-coal px-3 text-bone focus:border-blood focus:outline-none focus:ring-1 focus:ring-blood";

const INTERESTS: [Interest | "", string][] = [
  ["", "Any interest"],
  ["shows", "Shows"],
  ["releases", "Releases"],
  ["merch", "Merch"],
];
const STATUSES: [SubscriberStatus | "", string][] = [
  ["", "Any status"],
  ["pending", "Unverified"],
  ["verified", "Verified"],
  ["unsubscribed", "Unsubscribed"],
  ["bounced", "Bounced"],
];

/** Search box and the interest, region and status filters above the subscribers table. */
export function SubscriberFilters({ value, onChange, className }: { value: SubscriberFilterValues; onChange: (next: SubscriberFilterValues) => void; className?: string }) {
  const id = useId();
  const set = <K extends keyof SubscriberFilterValues>(key: K, v: SubscriberFilterValues[K]) => onChange({ ...value, [key]: v });
  return (
    <div role="search" className={cn("grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end", className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-dust" aria-hidden />
          <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name or email" maxLength={254} value={value.q} onChange={(e) => set("q", e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-interest`}>Interest</Label>
        <select id={`${id}-interest`} className={selectClass} value={value.interest} onChange={(e) => set("interest", e.target.value as Interest | "")}>
          {INTERESTS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-region`}>Region</Label>
        <RegionSelect id={`${id}-region`} noneLabel="Any region" value={value.region} onChange={(region) => set("region", region)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <select id={`${id}-status`} className={selectClass} value={value.status} onChange={(e) => set("status", e.target.value as SubscriberStatus | "")}>
          {STATUSES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button variant="ghost" className="justify-self-start" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        <X className="size-4" aria-hidden /> Clear filters
      </Button>
    </div>
  );
}
