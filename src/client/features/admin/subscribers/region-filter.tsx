import { MapPin, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { regionName } from "@shared/regions";
import { Button } from "@client/components/ui/button";
import { RegionSelect } from "@client/components/ui/region-select";

export interface RegionFilterProps {
  /** chosen region codes ('US-NC', 'DE'); empty: everyone */
  value: string[];
  onChange: (regions: string[]) => void;
}

/**
 * The Send tab's region filter: pick a region with the shared RegionSelect, add it with the
 * button (a native select fires change on every arrow key, so adding on change would add each
 * state the keyboard passes), and remove chosen ones from their chips. None chosen: everyone.
 */
export function RegionFilter({ value, onChange }: RegionFilterProps) {
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const [pick, setPick] = useState("");

  function add() {
    if (pick && !value.includes(pick)) onChange([...value, pick]);
    setPick("");
  }

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium">Only subscribers in these regions</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className="sr-only">
            Region to add
          </label>
          <RegionSelect id={selectId} value={pick} onChange={setPick} noneLabel="Choose a region" aria-describedby={hintId} />
        </div>
        <Button type="button" variant="outline" onClick={add} disabled={!pick || value.includes(pick)} className="shrink-0">
          <Plus className="size-4" aria-hidden /> Add region
        </Button>
      </div>
      <p id={hintId} className="text-xs text-dust">
        Fans who did not give a region are left out when you choose regions.
      </p>
      {value.length === 0 ? (
        <p className="flex items-center gap-1.5 text-sm">
          <MapPin className="size-4 text-dust" aria-hidden /> Everyone (no region chosen)
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen regions">
          {value.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full border border-smoke bg-ash/60 py-0.5 pl-3 pr-1 text-sm">
              {regionName(code)}
              <button
                type="button"
                onClick={() => onChange(value.filter((c) => c !== code))}
                aria-label={`Remove ${regionName(code)}`}
                className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full text-dust hover:bg-smoke hover:text-bone focus:outline-none focus-visible:ring-2 focus-visible:ring-blood"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
