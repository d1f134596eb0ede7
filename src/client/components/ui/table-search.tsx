import { Search } from "lucide-react";
import { useId } from "react";
import { cn } from "@client/lib/cn";
import { Input } from "./input";
import { Label } from "./label";

/** The search box above an admin table: a visible label, a search landmark, and what it searches as its placeholder. */
export function TableSearch({ value, onChange, placeholder, label = "Search", className }: { value: string; onChange: (q: string) => void; placeholder: string; label?: string; className?: string }) {
  const id = useId();
  return (
    <div role="search" className={cn("grid max-w-md gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-dust" aria-hidden />
        <Input id={id} type="search" className="pl-9" placeholder={placeholder} maxLength={254} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

/** A searched table that found nothing: says so and offers to clear the search. */
export function NoMatches({ title, onClear }: { title: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <p className="text-base font-semibold text-bone">{title}</p>
      <p className="text-sm text-dust">Try another search.</p>
      <button type="button" onClick={onClear} className="mt-2 h-9 rounded-md border border-smoke px-3 text-sm font-semibold text-bone hover:bg-ash focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blood">
        Clear search
      </button>
    </div>
  );
}
