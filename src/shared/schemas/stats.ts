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

/** GET /api/admin/stats: a range of the band's days, both ends included. */
export const statsQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "must not be before from" })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3660 * 86_400_000, { path: ["to"], message: "the range must be at most ten years" });

export const statsReport = z.object({
  visitors: z.number(),
  pageviews: z.number(),
  pages: z.array(z.object({ path: z.string(), visitors: z.number(), pageviews: z.number() })),
  sources: z.array(z.object({ source: z.string(), visitors: z.number() })),
  locations: z.array(z.object({ country: z.string(), region: z.string(), city: z.string(), visitors: z.number() })),
  clicks: z.array(z.object({ kind: z.string(), id: z.number(), label: z.string(), clicks: z.number() })),
  signups: z.array(z.object({ source: z.string(), count: z.number() })),
});
export type StatsReport = z.input<typeof statsReport>;

export const statsAnswers = { report: dataAnswer(statsReport) };
