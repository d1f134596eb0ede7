import { useQuery } from "@tanstack/react-query";
import { placesApi, type TownRequestCount } from "@shared/api/places";
import { urlQuery } from "@client/lib/query-client";

/** How many towns the card lists. */
const SHOWN = 10;

/** 'Want us in your town?': the towns fans asked for, most first (issue 24); nothing while no one asked. */
export function TownRequestsCard() {
  const counts = useQuery(urlQuery<TownRequestCount[]>(placesApi.townRequestCounts));
  const rows = counts.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="mt-6 rounded-lg border border-smoke bg-coal p-4" aria-labelledby="town-requests-title">
      <h2 id="town-requests-title" className="text-base font-semibold">
        Fans asked for their town
      </h2>
      <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {rows.slice(0, SHOWN).map((r) => (
          <li key={`${r.place}-${r.placed}`} className="flex justify-between gap-3">
            <span>
              {r.place}
              {r.placed ? null : <span className="text-dust"> (not placed)</span>}
            </span>
            <span className="tabular-nums font-medium">{r.count.toLocaleString("en-US")}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
