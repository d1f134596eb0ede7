import { geoMercator, geoNaturalEarth1, geoPath, type GeoProjection } from "d3-geo";
import type { FeatureCollection } from "geojson";
import { useEffect, useMemo, useState } from "react";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { StatsReport } from "@shared/api/stats";
import { GEO_DATA } from "@shared/privacy";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { StatsTable } from "./stats-table";
import { count } from "./summary";

export type Place = StatsReport["locations"][number];

const UNKNOWN = "unknown";
const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
const shortCountryNames = new Intl.DisplayNames(["en"], { type: "region", style: "short", fallback: "code" });

/**
 * 'US' -> 'United States' ('Unknown' when the database had no country); `short` gives 'US', 'UK'
 * for the places table's Country column.
 */
export function countryName(code: string, short = false): string {
  if (!code || code === UNKNOWN) return "Unknown";
  try {
    return (short ? shortCountryNames : countryNames).of(code) ?? code;
  } catch {
    return code;
  }
}
const known = (part: string) => (part && part !== UNKNOWN ? part : "Unknown");

/** 'Raleigh, North Carolina, United States' */
export function placeName(p: Pick<Place, "country" | "region" | "city">): string {
  const parts = [p.city, p.region].filter((x) => x && x !== UNKNOWN);
  return [...parts, countryName(p.country)].join(", ");
}
const visitorsText = (n: number) => `${count(n)} ${n === 1 ? "visitor" : "visitors"}`;

// the drawing's own units; the SVG scales to its box
const W = 800;
const H = 440;
const EDGE = 12;
// the least a map shows around its cities (degrees), so one city is not a map of a street
const MIN_LON_SPAN = 12;
const MIN_LAT_SPAN = 6;

/**
 * A projection fitted to the cities: a band whose fans are in North Carolina and Virginia sees
 * the US East, not the whole world. Cities spread round the globe (or none) get the world.
 */
export function projectionFor(points: [number, number][]): GeoProjection {
  const extent: [[number, number], [number, number]] = [
    [EDGE, EDGE],
    [W - EDGE, H - EDGE],
  ];
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  if (points.length === 0 || east - west > 150 || north - south > 70) {
    return geoNaturalEarth1().fitExtent(extent, { type: "Sphere" });
  }
  const padLon = Math.max((MIN_LON_SPAN - (east - west)) / 2, 0) + (east - west) * 0.15 + 1;
  const padLat = Math.max((MIN_LAT_SPAN - (north - south)) / 2, 0) + (north - south) * 0.15 + 1;
  const box = {
    type: "MultiPoint" as const,
    coordinates: [
      [west - padLon, Math.max(south - padLat, -75)],
      [east + padLon, Math.min(north + padLat, 80)],
    ],
  };
  return geoMercator()
    .fitExtent(extent, box)
    .clipExtent([
      [0, 0],
      [W, H],
    ]);
}

/** The countries' outlines (Natural Earth, 1:110m, from world-atlas), loaded with the map only. */
function useCountries(): FeatureCollection | null | "failed" {
  const [countries, setCountries] = useState<FeatureCollection | null | "failed">(null);
  useEffect(() => {
    let live = true;
    import("world-atlas/countries-110m.json")
      .then((m) => {
        const topology = m.default as unknown as Topology<{ countries: GeometryCollection }>;
        if (live) setCountries(feature(topology, topology.objects.countries));
      })
      .catch(() => live && setCountries("failed"));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

type Placed = Place & { latitude: number; longitude: number };
interface Circle {
  place: Placed;
  x: number;
  y: number;
  r: number;
  text: string;
}
const hasPoint = (p: Place): p is Placed => p.latitude !== null && p.longitude !== null;

/** The map: the countries around the cities, each city a circle sized by its visitors. */
function CityMap({ places }: { places: Placed[] }) {
  const countries = useCountries();
  const [active, setActive] = useState<Placed | null>(null);
  const projection = useMemo(() => projectionFor(places.map((p) => [p.longitude, p.latitude])), [places]);
  const outlines = useMemo(() => {
    if (!countries || countries === "failed") return [];
    const path = geoPath(projection);
    return countries.features.map((f, i) => ({ key: String(f.id ?? i), d: path(f) ?? "" })).filter((o) => o.d);
  }, [countries, projection]);
  const most = Math.max(1, ...places.map((p) => p.visitors));
  // the biggest first, so a small town next to a city stays on top and can be pointed at
  const circles: Circle[] = [];
  for (const place of [...places].sort((a, b) => b.visitors - a.visitors)) {
    const xy = projection([place.longitude, place.latitude]);
    if (!xy || xy[0] < 0 || xy[0] > W || xy[1] < 0 || xy[1] > H) continue;
    circles.push({ place, x: xy[0], y: xy[1], r: 3 + 15 * Math.sqrt(place.visitors / most), text: `${placeName(place)}: ${visitorsText(place.visitors)}` });
  }

  return (
    <div>
      <div className="relative overflow-hidden rounded-md border border-smoke bg-ink">
        {countries === null && <Skeleton className="absolute inset-0" />}
        <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full" role="group" aria-label="Map of visitors by city">
          <g aria-hidden="true">
            {outlines.map((o) => (
              <path key={o.key} d={o.d} fill="var(--color-ash)" stroke="var(--color-smoke)" strokeWidth={0.75} />
            ))}
          </g>
          {circles.map((c) => (
            <circle
              key={`${c.place.country}\t${c.place.region}\t${c.place.city}`}
              cx={c.x}
              cy={c.y}
              r={c.r}
              role="img"
              aria-label={c.text}
              tabIndex={0}
              onMouseEnter={() => setActive(c.place)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => setActive(c.place)}
              onBlur={() => setActive(null)}
              // theme colours as attributes: the public stylesheet gets no map-only classes
              fill="var(--color-blood)"
              fillOpacity={c.place === active ? 0.85 : 0.55}
              stroke={c.place === active ? "var(--color-amber)" : "var(--color-blood)"}
              strokeWidth={c.place === active ? 3 : 1.5}
              className="cursor-pointer focus-visible:outline-none"
            >
              <title>{c.text}</title>
            </circle>
          ))}
        </svg>
      </div>
      <p className="mt-2 min-h-6 text-sm text-dust" aria-hidden="true">
        {active ? `${placeName(active)}: ${visitorsText(active.visitors)}` : "Point at a circle, or tab to it, to see the place."}
      </p>
    </div>
  );
}

/** Where fans are: the map and the table of countries, regions and cities, with DB-IP's attribution. */
export function PlacesCard({ places }: { places: Place[] }) {
  const placed = useMemo(() => places.filter(hasPoint), [places]);
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>Where fans are</CardTitle>
        <CardDescription>Visitors by city, from the place their internet address points to.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-3 sm:px-5 lg:grid-cols-2">
        <div className="min-w-0">
          {places.length === 0 ? (
            <p className="py-4 text-sm text-dust">No places in this range yet.</p>
          ) : placed.length === 0 ? (
            <p className="py-4 text-sm text-dust">None of these places could be put on the map.</p>
          ) : (
            <CityMap places={placed} />
          )}
        </div>
        <div className="min-w-0">
          {places.length > 0 && (
            <StatsTable
              caption="Visitors by country, region and city"
              tall
              className="rounded-md border border-smoke"
              rows={places}
              rowKey={(p) => `${p.country}\t${p.region}\t${p.city}`}
              empty=""
              columns={[
                // on a phone the three stand as one column, so the visitors stay in view
                { header: "Place", only: "narrow", cell: (p) => placeName(p) },
                { header: "Country", only: "wide", cell: (p) => countryName(p.country, true) },
                { header: "Region", only: "wide", cell: (p) => known(p.region) },
                { header: "City", only: "wide", cell: (p) => known(p.city) },
                { header: "Visitors", numeric: true, cell: (p) => count(p.visitors) },
              ]}
            />
          )}
        </div>
      </CardContent>
      <p className="px-3 pb-4 text-xs text-dust sm:px-5">
        Places:{" "}
        <a href={GEO_DATA.url} className="underline underline-offset-2 hover:text-bone">
          {GEO_DATA.attribution}
        </a>{" "}
        (
        <a href={GEO_DATA.licenceUrl} className="underline underline-offset-2 hover:text-bone">
          {GEO_DATA.licence}
        </a>
        ).
      </p>
    </Card>
  );
}
