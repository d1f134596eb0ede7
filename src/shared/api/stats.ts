/** Site statistics (issue 23): the beacon's path, the outbound links and the admin's report. */
export type { StatsReport, ShowStats, PageviewEvent } from "../schemas/stats";

export const statsApi = {
  /** POST: one page view ({ type: "pageview", path, referrer }); 202, no body, no cookie */
  events: "/api/events",
  /** GET ?from=YYYY-MM-DD&to=YYYY-MM-DD (the band's days, both included) */
  report: "/api/admin/stats",
  /** GET one show since it was announced (ShowStats) */
  show: (id: number) => `/api/admin/stats/shows/${id}`,
  /** GET ?from&to: the report as CSV (text/csv, an attachment) */
  export: "/api/admin/stats/export",
} as const;

/** The outbound links the public site draws: 302 to the stored link, counted (never a URL from the request). */
export const outboundLinks = {
  show: (id: number) => `/go/show/${id}`,
  merch: (id: number) => `/go/merch/${id}`,
  /** a newsletter's link number `link` (0-based, in the order of the newsletter's HTML) */
  newsletter: (id: number, link: number) => `/go/newsletter/${id}/${link}`,
  /** a release's link to one service (issue 25): 404 before the release is out */
  release: (id: number, service: string) => `/go/release/${id}/${service}`,
} as const;
