import { CalendarClock } from "lucide-react";
import { useId } from "react";
import { zonedDateTimeToIso, zonedParts, zoneAbbreviation } from "@shared/newsletter-schedule";
import { SCHEDULE_IN_PAST } from "@shared/schemas/newsletter";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";

/** Send now, or at a date and time read in the band's time zone. */
export interface Schedule {
  mode: "now" | "later";
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
}

export const SEND_NOW: Schedule = { mode: "now", date: "", time: "" };

/**
 * The instant to send at (ISO with the zone's offset on that day, made by @date-fns/tz), or
 * the reason there is none yet. Sending now has neither.
 */
export function scheduledAtOf(s: Schedule, timeZone: string, now = Date.now()): { iso?: string; error?: string } {
  if (s.mode === "now") return {};
  if (!s.date || !s.time) return { error: "Choose a date and a time." };
  const iso = zonedDateTimeToIso(s.date, s.time, timeZone);
  if (!iso) return { error: "Choose a date and a time." };
  if (Date.parse(iso) <= now) return { error: SCHEDULE_IN_PAST };
  return { iso };
}

interface ScheduleFieldProps {
  value: Schedule;
  onChange: (s: Schedule) => void;
  /** the band's IANA zone (the timezone setting) */
  timeZone: string;
  error?: string;
  /** a scheduled newsletter being edited: it keeps a time, so there is no 'Send now' */
  laterOnly?: boolean;
}

/** "Send now" / "Schedule" radios; Schedule shows a date and a time input in the band's zone. */
export function ScheduleField({ value, onChange, timeZone, error, laterOnly }: ScheduleFieldProps) {
  const name = useId();
  const today = zonedParts(new Date(), timeZone).date;

  function choose(mode: Schedule["mode"]) {
    if (mode === value.mode) return;
    if (mode === "now") return onChange({ ...value, mode });
    // a sensible start: tomorrow evening in the band's zone (the admin changes it)
    const tomorrow = zonedParts(new Date(Date.now() + 24 * 60 * 60 * 1000), timeZone).date;
    onChange({ mode, date: value.date || tomorrow, time: value.time || "19:00" });
  }

  const radio = (mode: Schedule["mode"], label: string) => (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-smoke px-3 text-sm has-[:checked]:border-blood has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blood">
      <input type="radio" name={name} value={mode} checked={value.mode === mode} onChange={() => choose(mode)} className="accent-blood" />
      {label}
    </label>
  );

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium">When</legend>
      {!laterOnly && (
        <div className="flex flex-wrap gap-2">
          {radio("now", "Send now")}
          {radio("later", "Schedule")}
        </div>
      )}
      {value.mode === "later" && (
        <div className="space-y-2">
          <div className="grid grid-cols-1 gap-3 min-[380px]:grid-cols-2">
            <Field label="Date">
              <Input type="date" value={value.date} min={today} onChange={(e) => onChange({ ...value, date: e.target.value })} />
            </Field>
            <Field label="Time">
              <Input type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} />
            </Field>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-dust">
            <CalendarClock className="size-4" aria-hidden />
            Time zone: {timeZone} ({zoneAbbreviation(timeZone)}), the band's time zone setting.
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
