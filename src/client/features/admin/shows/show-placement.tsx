import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { AdminShow } from "@shared/api/shows";
import { NOT_PLACED } from "@shared/api/places";
import type { ShowData, ShowInput } from "@shared/schemas/shows";
import { formatDate } from "@shared/format";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { useSetting } from "@client/lib/settings";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { usePlaceSuggestions } from "./api";

type Form = UseFormReturn<ShowInput, unknown, ShowData>;

const point = (lat: number, lng: number) => `${lat.toFixed(4)}, ${lng.toFixed(4)}`;

/**
 * Where the show form places the venue (issue 24): 'Placed at Greenville, North Carolina, US' or
 * 'Not placed', from the saved show or the gazetteer's best match of the location as typed, and a
 * short list to pick another match (sent as lat/lng/placeName; the server keeps the pick while the
 * location stays the same).
 */
export function ShowPlacement({ form, show }: { form: Form; show?: AdminShow }) {
  const location = form.watch("location") ?? "";
  const lat = form.watch("lat");
  const lng = form.watch("lng");
  const placeName = form.watch("placeName");
  const typed = useDebouncedValue(location.trim(), 400);
  const matches = usePlaceSuggestions(typed);
  const [picking, setPicking] = useState(false);
  const list = matches.data ?? [];

  let where: string;
  if (lat != null && lng != null) where = `Placed at ${placeName || point(lat, lng)}`;
  else if (show && show.location === location && show.lat != null && show.lng != null && !show.placePinned) where = `Placed at ${show.placeName ?? point(show.lat, show.lng)}`;
  else if (typed.length < 2 || matches.isPending) where = typed.length < 2 ? NOT_PLACED : "Finding the place…";
  else where = list[0] ? `Placed at ${list[0].name}` : NOT_PLACED;

  const pick = (index: string) => {
    const chosen = list[Number(index)];
    if (!chosen) return;
    form.setValue("lat", chosen.lat, { shouldDirty: true });
    form.setValue("lng", chosen.lng, { shouldDirty: true });
    form.setValue("placeName", chosen.name, { shouldDirty: true });
    setPicking(false);
  };
  const unpick = () => {
    form.setValue("lat", null, { shouldDirty: true });
    form.setValue("lng", null, { shouldDirty: true });
    form.setValue("placeName", null, { shouldDirty: true });
  };

  return (
    <div className="space-y-2 rounded-md border border-smoke p-3 text-sm sm:col-span-2" data-testid="show-placement">
      <p aria-live="polite">
        <span className={where === NOT_PLACED ? "text-dust" : "font-medium"}>{where}</span>
        {where === NOT_PLACED && typed.length >= 2 && list.length === 0 && !matches.isPending ? <span className="text-dust"> (fans near it cannot be told)</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {list.length > 0 && !picking ? (
          <button type="button" className="underline underline-offset-2" onClick={() => setPicking(true)}>
            Pick another match
          </button>
        ) : null}
        {lat != null ? (
          <button type="button" className="underline underline-offset-2" onClick={unpick}>
            Place it from the location
          </button>
        ) : null}
      </div>
      {picking ? (
        <label className="block">
          <span className="sr-only">Matches for the location</span>
          <select className="w-full rounded-md border border-smoke bg-coal p-2 text-bone" defaultValue="" onChange={(e) => pick(e.target.value)}>
            <option value="" disabled>
              Choose where the venue is
            </option>
            {list.map((p, i) => (
              <option key={p.name} value={i}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="text-xs text-dust">Place names: GeoNames (CC BY 4.0)</p>
    </div>
  );
}

/** 'Told 1,234 fans nearby on Dec 1', 'Tells fans nearby Fri, Dec 1, 9:00 AM EST' (in the band's time zone), or nothing. */
export function nearbyStatus(show: Pick<AdminShow, "nearbyToldAt" | "nearbyToldCount" | "nearbyDueAt">, now = new Date(), timeZone = "America/New_York"): string | null {
  if (show.nearbyToldAt) return `Told ${(show.nearbyToldCount ?? 0).toLocaleString("en-US")} fan${show.nearbyToldCount === 1 ? "" : "s"} nearby on ${formatDate(show.nearbyToldAt).replace(/, \d{4}$/, "")}`;
  if (show.nearbyDueAt && new Date(show.nearbyDueAt) > now) {
    return `Tells fans nearby ${formatScheduledAt(show.nearbyDueAt, timeZone, now)}`;
  }
  if (show.nearbyDueAt) return "Telling fans nearby now";
  return null;
}

/** 'Sent the code to 312 fans nearby on Dec 1', or nothing. */
export function presaleNearbyStatus(show: Pick<AdminShow, "presaleNearbyToldAt" | "presaleNearbyToldCount">): string | null {
  if (!show.presaleNearbyToldAt) return null;
  const n = show.presaleNearbyToldCount ?? 0;
  return `Sent the code to ${n.toLocaleString("en-US")} fan${n === 1 ? "" : "s"} nearby on ${formatDate(show.presaleNearbyToldAt).replace(/, \d{4}$/, "")}`;
}

/**
 * 'Tell fans near it': once, when the show is saved, a mail to verified fans with the shows
 * interest within the radius (at 9:00 if saved at night). And 'send the code to fans near it':
 * once, when the presale starts. Once sent, each says so and cannot change.
 */
export function NearbyField({ form, show }: { form: Form; show?: AdminShow }) {
  const timeZone = useSetting("timezone").value || "America/New_York";
  return (
    <fieldset className="space-y-3 rounded-md border border-smoke p-3 text-sm">
      <legend className="px-1 font-medium">Fans near the show</legend>
      <RadiusChoice
        form={form}
        name="announceNearby"
        label="Tell fans near it by e-mail when saved (once)"
        done={show?.nearbyToldAt ? nearbyStatus(show, new Date(), timeZone) : null}
        status={show ? nearbyStatus(show, new Date(), timeZone) : null}
        hint="Saved between 9 PM and 9 AM, it waits for 9 AM."
      />
      <RadiusChoice
        form={form}
        name="presaleNearby"
        label="Send the presale code to fans near it when the presale starts (once)"
        done={show ? presaleNearbyStatus(show) : null}
        status={null}
        hint="Needs a presale code. With no start time, it goes when saved."
      />
      <p className="text-dust">Both go to verified fans who want show news and gave a city or ZIP nearby.</p>
    </fieldset>
  );
}

/** A checkbox and its radius in miles, for one of the two mails; once sent, only what it did. */
function RadiusChoice({ form, name, label, done, status, hint }: { form: Form; name: "announceNearby" | "presaleNearby"; label: string; done: string | null; status: string | null; hint: string }) {
  const value = form.watch(name);
  if (done) return <p className="font-medium" data-testid={`${name}-status`}>{done}</p>;
  const on = value != null;
  const setMiles = (miles: number) => form.setValue(name, { miles }, { shouldDirty: true });
  const error = form.formState.errors[name];
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={on} onChange={(e) => form.setValue(name, e.target.checked ? { miles: 100 } : null, { shouldDirty: true })} />
        {label}
      </label>
      {on ? (
        <label className="flex flex-wrap items-center gap-2">
          Within
          <input
            type="number"
            min={1}
            max={500}
            className="w-24 rounded-md border border-smoke bg-coal p-1.5 text-bone"
            value={Number.isFinite(value?.miles) ? value?.miles : ""}
            onChange={(e) => setMiles(e.target.value === "" ? Number.NaN : Number(e.target.value))}
            aria-label={name === "announceNearby" ? "Miles from the venue" : "Miles from the venue for the presale code"}
          />
          miles of the venue
        </label>
      ) : null}
      {status ? <p data-testid={`${name}-status`}>{status}</p> : null}
      <p className="text-dust">{hint}</p>
      {error ? <p className="text-destructive">{error.message ?? (error as { miles?: { message?: string } }).miles?.message}</p> : null}
    </div>
  );
}
