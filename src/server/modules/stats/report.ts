import { regionOfLocation } from "@shared/regions";
import type { ShowStats, StatsReport } from "@shared/schemas/stats";
import type { Db } from "../../db/client";
import { bandTimeZone } from "../../services/settings";
import { signupsBySource, subscribersInRegionSince } from "../subscribers/repository";
import { dayBefore, daysBetween } from "./days";
import { clickLabels, firstCountedDay, releaseClickLabels, showForStats, showLabel } from "./repository";
import { reportTotals, showTotals, type Total } from "./totals";
import { isNewsletterClick, newsletterClicks } from "./newsletter-clicks";

const TOP = 100;

const byDesc = <T>(value: (x: T) => number) => (a: T, b: T) => value(b) - value(a);

/** A 'location' or 'click-location' key: country, region, city, then the city's point when it was known (rows before it was kept have none). */
function placeOf(parts: string[]) {
  const [country, region, city, latitude, longitude] = parts;
  const point = latitude !== undefined && longitude !== undefined && latitude !== "" && longitude !== "" ? { latitude: Number(latitude), longitude: Number(longitude) } : null;
  return { country, region, city, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}

/**
 * Rows of one place summed: a city is one row even when its days differ in whether (or where)
 * the database put its point (rows from before points were kept, a newer DB-IP release); the
 * point is its busiest row's that has one.
 */
function byPlace<T extends { country: string; region: string; city: string; latitude: number | null; longitude: number | null }>(rows: T[], count: (row: T) => number, add: (into: T, row: T) => void): T[] {
  const places = new Map<string, T>();
  for (const row of rows.sort(byDesc(count))) {
    const key = `${row.country}\t${row.region}\t${row.city}`;
    const seen = places.get(key);
    if (!seen) {
      places.set(key, { ...row });
      continue;
    }
    add(seen, row);
    if (seen.latitude === null && row.latitude !== null) Object.assign(seen, { latitude: row.latitude, longitude: row.longitude });
  }
  return [...places.values()].sort(byDesc(count));
}

/** Every day from..to with its totals, a day without page views as zeros. */
function seriesOf(days: Total[], from: string, to: string) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return daysBetween(from, to).map((day) => ({ day, visitors: byDay.get(day)?.visitors ?? 0, pageviews: byDay.get(day)?.events ?? 0 }));
}

const sum = (rows: { visitors: number; pageviews: number }[]) => rows.reduce((a, r) => ({ visitors: a.visitors + r.visitors, pageviews: a.pageviews + r.pageviews }), { visitors: 0, pageviews: 0 });

/**
 * The report of the band's days from..to (both included; today's events are read raw until the
 * day is rolled up), with the previous range of as many days for the comparison. Visitors are
 * counted per day and added up over the range: with a salt that changes every day, nobody (the
 * site included) can tell that Monday's and Tuesday's visitor are one person.
 */
export async function statsReport(db: Db, from: string, to: string): Promise<StatsReport> {
  const length = daysBetween(from, to).length;
  const previousFrom = dayBefore(from, length);
  const previousTo = dayBefore(from, 1);
  const [totals, signups, countingSince] = await Promise.all([
    reportTotals(db, from, to, previousFrom),
    bandTimeZone(db).then((timeZone) => signupsBySource(db, from, to, timeZone)),
    firstCountedDay(db),
  ]);
  const of = (dimension: string) => totals.filter((t) => t.dimension === dimension);
  const days = of("total");
  const series = seriesOf(days, from, to);
  const previousSeries = seriesOf(days, previousFrom, previousTo);
  const clicks = of("click")
    .filter((c) => !isNewsletterClick(c))
    .sort(byDesc((c) => c.events));
  const ids = (kind: string) => clicks.filter((c) => c.key.startsWith(`${kind}:`)).map((c) => Number(c.key.slice(kind.length + 1)));
  const [labels, releaseLabels] = await Promise.all([clickLabels(db, ids("show"), ids("merch")), releaseClickLabels(db, clicks.filter((c) => c.key.startsWith("release:")).map((c) => c.key))]);
  for (const [key, label] of releaseLabels) labels.set(key, label);
  const locations = byPlace(
    of("location").map((l) => ({ ...placeOf(l.key.split("\t")), visitors: l.visitors })),
    (l) => l.visitors,
    (into, l) => (into.visitors += l.visitors),
  );
  return {
    ...sum(series),
    series,
    countingSince,
    previous: { from: previousFrom, to: previousTo, ...sum(previousSeries), series: previousSeries },
    pages: of("page")
      .sort(byDesc((p) => p.events))
      .slice(0, TOP)
      .map((p) => ({ path: p.key, visitors: p.visitors, pageviews: p.events })),
    sources: of("source")
      .sort(byDesc((s) => s.visitors))
      .slice(0, TOP)
      .map((s) => ({ source: s.key, visitors: s.visitors })),
    locations: locations.slice(0, TOP),
    clicks: clicks.map((c) => {
      const [kind, id] = c.key.split(":");
      return { kind, id: Number(id), label: labels.get(c.key) ?? "(deleted)", clicks: c.events };
    }),
    signups,
    newsletterClicks: await newsletterClicks(db, of("click")),
  };
}

/** The band's day of a moment in its time zone. */
const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/**
 * One show since it was announced (its row's creation, as the band's day) until today, whatever
 * range the page shows: the visitors of /shows, its ticket clicks per day and per city, and the
 * subscribers who joined from its region since (null when its location names no region). Null
 * when there is no such show.
 */
export async function showReport(db: Db, id: number, now = new Date()): Promise<ShowStats | null> {
  const show = await showForStats(db, id);
  if (!show) return null;
  const timeZone = await bandTimeZone(db);
  const today = dayIn(now, timeZone);
  const announcedOn = dayIn(show.createdAt, timeZone);
  const region = regionOfLocation(show.location);
  const [totals, subscribersInRegion] = await Promise.all([
    showTotals(db, id, announcedOn < today ? announcedOn : today, today),
    region ? subscribersInRegionSince(db, region, announcedOn, timeZone) : null,
  ]);
  const clicksByDay = totals
    .filter((t) => t.dimension === "click")
    .map((t) => ({ day: t.day!, clicks: t.events }))
    .sort((a, b) => a.day.localeCompare(b.day));
  const clicksByCity = byPlace(
    totals.filter((t) => t.dimension === "click-location").map((t) => ({ ...placeOf(t.key.split("\t").slice(1)), clicks: t.events })),
    (c) => c.clicks,
    (into, c) => (into.clicks += c.clicks),
  );
  return {
    id: show.id,
    label: showLabel(show),
    date: show.date,
    location: show.location,
    announcedOn,
    region,
    showsPageVisitors: totals.find((t) => t.dimension === "page")?.visitors ?? 0,
    ticketClicks: clicksByDay.reduce((n, d) => n + d.clicks, 0),
    clicksByDay,
    clicksByCity: clicksByCity.map(({ country, region, city, clicks }) => ({ country, region, city, clicks })),
    subscribersInRegion,
  };
}
