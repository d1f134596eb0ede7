import { z } from "zod";
import { dataAnswer } from "./answers";

const MAX_PATH = 2000;

/**
 * POST /api/events: what the beacon sends for a page view. `path` is the page's path with its
 * query (the UTM tags are read from it, then the query is dropped); `referrer` is
 * document.referrer ('' when none).
 */
export const pageviewEvent = z.object({
  type: z.literal("pageview", { error: "must be \"pageview\"" }),
  path: z
    .string({ error: "is required" })
    .max(MAX_PATH, `must be at most ${MAX_PATH} characters`)
    .regex(/^\/[^\s]*$/, "must be a path starting with /"),
  referrer: z.string().max(MAX_PATH, `must be at most ${MAX_PATH} characters`).optional().default(""),
});
export type PageviewEvent = z.input<typeof pageviewEvent>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a real date");

/** A range's rules, for each query that takes one. */
const aRange = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((q) => q.from <= q.to, { path: ["to"], message: "must not be before from" })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3660 * 86_400_000, { path: ["to"], message: "the range must be at most ten years" });

/** GET /api/admin/stats: a range of the band's days, both ends included. */
export const statsQuery = aRange(z.object({ from: day, to: day }));

/** GET /api/admin/stats/export: the range, and the days' rows one per day or per week (as the chart shows them). */
export const statsExportQuery = aRange(z.object({ from: day, to: day, by: z.enum(["day", "week"], { message: "must be day or week" }).optional().default("day") }));

const dayTotals = z.object({ day: z.string(), visitors: z.number(), pageviews: z.number() });
const place = { country: z.string(), region: z.string(), city: z.string() };

export const statsReport = z.object({
  visitors: z.number(),
  pageviews: z.number(),
  /** every day from..to, oldest first, a day without visits as zeros */
  series: z.array(dayTotals),
  /** the first day anything was counted, whatever the range; null on a site nobody has visited yet */
  countingSince: z.string().nullable(),
  /** the range of the same length just before from..to, for the comparison */
  previous: z.object({ from: z.string(), to: z.string(), visitors: z.number(), pageviews: z.number(), series: z.array(dayTotals) }),
  pages: z.array(z.object({ path: z.string(), visitors: z.number(), pageviews: z.number() })),
  sources: z.array(z.object({ source: z.string(), visitors: z.number() })),
  /** latitude/longitude: the city's point from the offline database (null when it has none) */
  locations: z.array(z.object({ ...place, latitude: z.number().nullable(), longitude: z.number().nullable(), visitors: z.number() })),
  clicks: z.array(z.object({ kind: z.string(), id: z.number(), label: z.string(), clicks: z.number() })),
  signups: z.array(z.object({ source: z.string(), count: z.number() })),
  /** clicks on a newsletter's links, per newsletter and link (never per person) */
  newsletterClicks: z.array(z.object({ newsletterId: z.number(), subject: z.string(), link: z.number(), url: z.string(), clicks: z.number() })),
});
export type StatsReport = z.input<typeof statsReport>;

/**
 * GET /api/admin/stats/shows/:id: one show since it was announced (created), whatever the range:
 * visitors of the shows page, its ticket clicks (per day and per city), and the subscribers who
 * joined from its region (shared/regions.ts; null when the show's location names no region).
 */
export const showStats = z.object({
  id: z.number(),
  label: z.string(),
  date: z.string(),
  location: z.string(),
  announcedOn: z.string(),
  region: z.string().nullable(),
  showsPageVisitors: z.number(),
  ticketClicks: z.number(),
  clicksByDay: z.array(z.object({ day: z.string(), clicks: z.number() })),
  clicksByCity: z.array(z.object({ ...place, clicks: z.number() })),
  subscribersInRegion: z.number().nullable(),
});
export type ShowStats = z.input<typeof showStats>;

export const statsAnswers = { report: dataAnswer(statsReport), show: dataAnswer(showStats) };
