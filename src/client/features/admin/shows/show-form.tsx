import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { AdminShow } from "@shared/schemas/shows";
import { showInput, type ShowData, type ShowInput } from "@shared/schemas/shows";
import { todayIso } from "@shared/format";
import { tidyShowTime } from "@shared/show-time";
import { FormActions } from "@client/components/ui/form-actions";
import { DateField, NumberField, SelectField, TextAreaField, TextField } from "@client/components/ui/form-fields";
import { applyServerErrors } from "@client/lib/resource";
import { QuickFillButton } from "../components/quick-fill-button";
import { UnsavedChangesPrompt } from "../components/unsaved-changes-prompt";
import { useSaveShow } from "./api";
import { SaleFields } from "./sale-fields";
import { STATUS_OPTIONS } from "./status-options";
import { useNavigateAfterSave } from "@client/lib/use-unsaved-changes";
import { NearbyField, ShowPlacement } from "./show-placement";

const EMPTY: ShowInput = { venue: "", location: "", date: "", time: "", price: undefined, ageRestriction: "", supportingActs: "", eventUrl: "", status: "scheduled", onSaleAt: "", presaleStartsAt: "", presaleCode: "" };

/** Quick Fill: believable test data, dated 14 days ahead (spec section 9). */
export function sampleShow(now = new Date()): ShowInput {
  return {
    venue: "The Pinhook",
    location: "Durham, NC",
    date: todayIso(new Date(now.getTime() + 14 * 86_400_000)),
    time: "8:00 PM",
    price: 15,
    ageRestriction: "21+",
    supportingActs: "Ghost Atlas, Kinston Kids",
    eventUrl: "https://example.com/tickets/pinhook",
    status: "scheduled",
  };
}

/**
 * The saved show as form values: the sale fields as the inputs take them, and its coordinates
 * only when the admin picked them (else the server places it again).
 */
function toFormValues(s: AdminShow): ShowInput {
  const { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl, status, announceNearby, presaleNearby } = s;
  const picked = s.placePinned && s.lat != null && s.lng != null ? { lat: s.lat, lng: s.lng, placeName: s.placeName } : {};
  const sale = { onSaleAt: s.onSaleAt ?? "", presaleStartsAt: s.presaleStartsAt ?? "", presaleCode: s.presaleCode ?? "" };
  return { venue, location, date, time, price, ageRestriction, supportingActs, eventUrl: eventUrl ?? "", status: status ?? "scheduled", announceNearby, presaleNearby, ...sale, ...picked };
}

/** The add/edit form; `show` is the record being edited (absent when adding). */
export function ShowForm({ show }: { show?: AdminShow }) {
  const navigate = useNavigateAfterSave();
  const form = useForm<ShowInput, unknown, ShowData>({ resolver: zodResolver(showInput), defaultValues: show ? toFormValues(show) : EMPTY });
  const save = useSaveShow(show, {
    onSuccess: () => navigate("/shows"),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const c = form.control;
  const date = form.watch("date");
  const isPast = typeof date === "string" && date !== "" && date < todayIso();

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      {/* keepDefaultValues: the filled form still counts as unsaved edits */}
      <QuickFillButton onFill={() => form.reset(sampleShow(), { keepDefaultValues: true })} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={c} name="venue" label="Venue" placeholder="Venue name" />
        <TextField control={c} name="location" label="Location" placeholder="e.g. Greenville, NC" />
        <ShowPlacement form={form} show={show} />
        {/* past dates too: a band fills its archive (issue 21); the hint says where such a show goes */}
        <DateField control={c} name="date" label="Date" placeholder="Pick a date" hint={isPast ? "This date has passed: the show goes to the archive (Past Shows on /shows)." : undefined} />
        <TextField control={c} name="time" label="Time" placeholder="e.g. 8:00 PM" tidy={tidyShowTime} />
        <NumberField control={c} name="price" label="Price ($)" placeholder="e.g. 15.00" step={0.01} min={0} />
        <TextField control={c} name="ageRestriction" label="Age Restriction" placeholder="e.g. 21+ or All Ages" />
      </div>
      <TextAreaField control={c} name="supportingActs" label="Supporting Acts" placeholder="Band One, Band Two" rows={3} hint="Separate bands with commas." />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={c} name="eventUrl" type="url" label="Event URL" placeholder="https://..." hint="Optional link to the event or ticket page." />
        <SelectField control={c} name="status" label="Status" options={STATUS_OPTIONS} hint="Sold out and cancelled shows hide the ticket link." />
      </div>
      <SaleFields control={c} />
      <NearbyField form={form} show={show} />
      <UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />
      <FormActions cancelHref="/shows" submitLabel={show ? "Update Show" : "Create Show"} pending={save.isPending} />
    </form>
  );
}
