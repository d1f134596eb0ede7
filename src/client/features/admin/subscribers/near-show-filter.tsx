import { useQuery } from "@tanstack/react-query";
import { showsApi, type Show } from "@shared/api/shows";
import { formatDate } from "@shared/format";
import { urlQuery } from "@client/lib/query-client";

/** The composer's 'fans near a show' (issue 24): on or off, which show, how many miles. */
export interface NearChoice {
  on: boolean;
  showId: number | null;
  miles: number;
}
export const NEAR_OFF: NearChoice = { on: false, showId: null, miles: 100 };

/** What the API takes: `{ showId, miles }` when on and complete, else nothing. */
export const nearOf = (c: NearChoice) => (c.on && c.showId !== null && Number.isInteger(c.miles) && c.miles >= 1 && c.miles <= 500 ? { showId: c.showId, miles: c.miles } : null);

/** Upcoming shows placed on the map: the ones whose fans nearby can be found. */
const upcomingQuery = () => urlQuery<Show[]>(showsApi.upcoming);

export function NearShowFilter({ value, onChange }: { value: NearChoice; onChange: (next: NearChoice) => void }) {
  const shows = useQuery(upcomingQuery());
  const placed = (shows.data ?? []).filter((s) => s.lat !== null && s.lng !== null);
  return (
    <fieldset className="space-y-2 text-sm">
      <legend className="mb-1 font-medium">Fans near a show</legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked, showId: value.showId ?? placed[0]?.id ?? null })} />
        Only fans who live near a show
      </label>
      {value.on ? (
        <div className="flex flex-wrap items-center gap-2">
          Within
          <input
            type="number"
            min={1}
            max={500}
            aria-label="Miles from the venue"
            className="w-20 rounded-md border border-smoke bg-coal p-1.5 text-bone"
            value={Number.isFinite(value.miles) ? value.miles : ""}
            onChange={(e) => onChange({ ...value, miles: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
          />
          miles of
          <select aria-label="The show" className="min-w-0 max-w-full rounded-md border border-smoke bg-coal p-1.5 text-bone" value={value.showId ?? ""} onChange={(e) => onChange({ ...value, showId: e.target.value ? Number(e.target.value) : null })}>
            {value.showId !== null && !placed.some((s) => s.id === value.showId) ? <option value={value.showId}>the announced show</option> : null}
            {placed.length === 0 && value.showId === null ? <option value="">No upcoming show is placed on the map</option> : null}
            {placed.map((s) => (
              <option key={s.id} value={s.id}>
                {s.venue}, {s.location} ({formatDate(s.date)})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {value.on ? <p className="text-dust">Only fans who gave a city or ZIP that we could place are counted.</p> : null}
    </fieldset>
  );
}
