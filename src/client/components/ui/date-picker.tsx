import { Popover } from "radix-ui";
import { CalendarDays } from "lucide-react";
import { forwardRef, useState, type CSSProperties } from "react";
import { DayPicker } from "react-day-picker";
// Admin-only component (lazy chunk), so the calendar CSS never reaches the public bundle.
import "react-day-picker/style.css";
import { formatDate, todayIso } from "@shared/format";
import { cn } from "@client/lib/cn";

/** 'YYYY-MM-DD' -> local Date at midnight (never shifted by time zone), or undefined. */
export function parseIsoDate(value: string | null | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export interface DatePickerProps {
  /** 'YYYY-MM-DD' or "" */
  value?: string;
  onChange: (value: string) => void;
  /** days before today cannot be picked */
  disablePast?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className?: string;
}

// Dark theme through the calendar's own CSS variables.
const calendarTheme = {
  "--rdp-accent-color": "var(--color-blood)",
  "--rdp-accent-background-color": "var(--color-ash)",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

/** A button showing 'Jan 5, 2025' that opens a calendar popover. */
export const DatePicker = forwardRef<HTMLButtonElement, DatePickerProps>(function DatePicker(
  { value, onChange, disablePast, placeholder = "Pick a date", disabled, className, onBlur, ...aria },
  ref,
) {
  const [open, setOpen] = useState(false);
  const selected = parseIsoDate(value);
  const today = parseIsoDate(todayIso())!;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          ref={ref}
          type="button"
          disabled={disabled}
          onBlur={onBlur}
          {...aria}
          className={cn(
            "flex h-10 w-full cursor-pointer items-center gap-2 rounded-md border border-smoke bg-coal px-3 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber disabled:opacity-50 aria-[invalid=true]:border-red-500",
            selected ? "text-bone" : "text-dust",
            className,
          )}
        >
          <CalendarDays className="h-4 w-4 shrink-0 text-dust" aria-hidden="true" />
          <span>{selected ? formatDate(value) : placeholder}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} collisionPadding={8} className="z-50 rounded-md border border-smoke bg-coal p-3 text-bone shadow-xl">
          <DayPicker
            mode="single"
            autoFocus
            style={calendarTheme}
            selected={selected}
            defaultMonth={selected ?? today}
            disabled={disablePast ? { before: today } : undefined}
            onSelect={(date) => {
              if (!date) return;
              onChange(todayIso(date));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
