import { useId, useState } from "react";
import { useController, type Control } from "react-hook-form";
import type { ShowInput } from "@shared/schemas/shows";
import { zonedDateTimeToIso, zonedParts } from "@shared/newsletter-schedule";
import { FieldNotes, TextField } from "@client/components/ui/form-fields";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { useSetting } from "@client/lib/settings";

export const CHOOSE_BOTH = "Choose both a date and a time, or neither.";
/** what the field holds while only one of its two inputs is filled: the schema refuses it, the field says why */
const HALF_FILLED = "half-filled";

type Moment = "onSaleAt" | "presaleStartsAt";

/**
 * Issue 24 on the show form: when tickets go on sale, and the mailing list's presale (its code
 * and when it starts). Times are entered in the band's time zone (the timezone setting) and sent
 * as instants with their offset.
 */
export function SaleFields({ control }: { control: Control<ShowInput, any, any> }) {
  const timeZone = useSetting("timezone").value;
  return (
    <fieldset className="space-y-4 rounded-md border border-smoke p-4">
      <legend className="px-1 text-sm font-medium">On sale and presale</legend>
      <MomentField
        control={control}
        name="onSaleAt"
        label="On sale"
        timeZone={timeZone}
        hint={`When tickets go on sale (${timeZone} time). Until then fans see 'On sale' and this date instead of the ticket link. Leave empty when tickets are on sale now.`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="presaleCode"
          label="Presale code"
          placeholder="e.g. GHOSTS24"
          autoComplete="off"
          hint="From the ticket seller. The show then offers 'Presale for the mailing list': fans on the list get the code by e-mail. It is never shown on the site."
        />
        <MomentField control={control} name="presaleStartsAt" label="Presale starts" timeZone={timeZone} hint="When the code starts to work; the mail says so. Needs a code. Empty: the presale is on now." />
      </div>
    </fieldset>
  );
}

/** A date and a time in the band's zone, held by the form as one ISO instant ('' when both are empty). */
function MomentField({ control, name, label, hint, timeZone }: { control: Control<ShowInput, any, any>; name: Moment; label: string; hint: string; timeZone: string }) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  // only one input filled: kept here (the form holds HALF_FILLED, which the schema refuses)
  const [draft, setDraft] = useState<{ date: string; time: string } | null>(null);
  const value = typeof field.value === "string" ? field.value : "";
  const instant = value && value !== HALF_FILLED ? new Date(value) : null;
  const shown = draft ?? (instant && !Number.isNaN(instant.getTime()) ? zonedParts(instant, timeZone) : { date: "", time: "" });

  function change(next: { date: string; time: string }) {
    if (!next.date && !next.time) {
      setDraft(null);
      field.onChange("");
    } else if (next.date && next.time) {
      setDraft(null);
      field.onChange(zonedDateTimeToIso(next.date, next.time, timeZone) ?? HALF_FILLED);
    } else {
      setDraft(next);
      field.onChange(HALF_FILLED);
    }
  }

  const error = fieldState.error ? (draft || value === HALF_FILLED ? CHOOSE_BOTH : fieldState.error.message) : undefined;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const common = { onBlur: field.onBlur, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-1.5">
      <Label id={`${id}-label`} htmlFor={`${id}-date`}>
        {label}
      </Label>
      {/* side by side where both fit whole, else one under the other */}
      <div className="flex flex-wrap gap-3">
        <Input id={`${id}-date`} className="min-w-0 flex-[1_1_10rem]" type="date" aria-label={`${label}: date`} value={shown.date} onChange={(e) => change({ ...shown, date: e.target.value })} {...common} />
        <Input id={`${id}-time`} className="min-w-0 flex-[1_1_8rem]" type="time" aria-label={`${label}: time`} value={shown.time} onChange={(e) => change({ ...shown, time: e.target.value })} {...common} />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
