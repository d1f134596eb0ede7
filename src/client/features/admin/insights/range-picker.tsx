import { useId } from "react";
import { DatePicker } from "@client/components/ui/date-picker";
import { Field } from "@client/components/ui/field";
import { FOCUS_RING } from "@client/components/ui/focus-ring";
import { Select } from "@client/components/ui/select";
import { cn } from "@client/lib/cn";
import { PRESETS, type DayRange, type Interval, type RangeChoice } from "./range";

/** A row of two or three pressed/unpressed buttons (Day | Week), one of them on. */
export function ToggleGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const id = useId();
  return (
    // built as a Field is (ui/field.tsx), so the two stand level side by side: the name inline in
    // the block, on the same line box as a Field's label (a paragraph of its own put it 6 px
    // higher than 'Range'), the buttons' row a block under it (no line box of its own below it)
    <div className={cn("space-y-1.5", className)}>
      <span id={id} className="text-sm font-medium text-bone">
        {label}
      </span>
      <div role="group" aria-labelledby={id} className="flex h-10 w-fit items-center gap-1 rounded-md bg-ash p-1">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={o.value === value}
            data-state={o.value === value ? "active" : "inactive"}
            onClick={() => onChange(o.value)}
            className={cn(
              "inline-flex h-8 cursor-pointer items-center whitespace-nowrap rounded px-3 text-sm font-medium text-dust transition-colors hover:text-bone data-[state=active]:bg-coal data-[state=active]:text-bone data-[state=active]:shadow",
              FOCUS_RING,
            )}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

const CUSTOM = "custom";
const RANGE_OPTIONS = [...PRESETS.map((p) => ({ value: p.value, label: p.label })), { value: CUSTOM, label: "Custom range" }];
const INTERVALS: { value: Interval; label: string }[] = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
];

/**
 * The range (a preset or two picked days) and Day/Week. `range` is the days the choice covers
 * now, so switching to a custom range starts from them.
 */
export function RangePicker({ choice, range, onChange }: { choice: RangeChoice; range: DayRange | null; onChange: (choice: RangeChoice) => void }) {
  const pick = (value: string) => {
    if (value !== CUSTOM) return onChange({ preset: value as RangeChoice["preset"], by: choice.by });
    if (range) onChange({ preset: "custom", from: range.from, to: range.to, by: choice.by });
  };
  // a start after the end (or an end before the start) moves the other day with it
  const setFrom = (from: string) => onChange({ ...choice, from, to: choice.to && choice.to >= from ? choice.to : from });
  const setTo = (to: string) => onChange({ ...choice, to, from: choice.from && choice.from <= to ? choice.from : to });
  return (
    <div className="mb-6 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Range">
        <Select value={choice.preset} onValueChange={pick} options={RANGE_OPTIONS} disabled={!range && choice.preset !== CUSTOM} />
      </Field>
      {choice.preset === "custom" && (
        <>
          <Field label="From">
            <DatePicker value={choice.from} onChange={setFrom} />
          </Field>
          <Field label="To">
            <DatePicker value={choice.to} onChange={setTo} />
          </Field>
        </>
      )}
      <ToggleGroup label="Group by" value={choice.by} options={INTERVALS} onChange={(by) => onChange({ ...choice, by })} />
    </div>
  );
}
