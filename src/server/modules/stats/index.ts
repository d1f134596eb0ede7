import type { FastifyInstance } from "fastify";
import { bandTimeZone } from "../../services/settings";
import { IDLE, PollingWorker } from "../../services/polling-worker";
import type { ResourceModule } from "../resource-module";
import { StatsCollector } from "./collector";
import { rollUpAndExpire } from "./rollup";
import { statsAdminRoutes, statsPublicRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    /** The stats' event buffer (decision 034): routes record into it, tests flush it. */
    stats: StatsCollector & { site: string; dayOf: (at: Date) => Promise<string> };
  }
}

const TIME_ZONE_TTL_MS = 60_000;
const ROLLUP_EVERY_MS = 5 * 60 * 1000;

/**
 * The band's day of a moment, its time zone read from the settings at most once a minute, by one
 * query however many ask at once (a batch asks for each of its events: without the shared read, a
 * batch after the minute sent one settings query per event).
 */
function bandDays(app: FastifyInstance) {
  let zone: { at: number; format: Promise<Intl.DateTimeFormat> } | null = null;
  const read = async () => {
    const name = await bandTimeZone(app.db);
    return new Intl.DateTimeFormat("en-CA", { timeZone: name, year: "numeric", month: "2-digit", day: "2-digit" });
  };
  return async (at: Date): Promise<string> => {
    if (!zone || Date.now() - zone.at > TIME_ZONE_TTL_MS) {
      const format = read();
      zone = { at: Date.now(), format };
      // a failed read is asked again by the next caller, not kept for a minute
      format.catch(() => {
        if (zone?.format === format) zone = null;
      });
    }
    return (await zone.format).format(at);
  };
}

function decorateStats(app: FastifyInstance) {
  // the host name without a port: instances behind one proxy, each on its own port, are one site
  const site = new URL(app.config.PUBLIC_URL).hostname.toLowerCase();
  const dayOf = bandDays(app);
  const collector = new StatsCollector({ db: app.db, log: app.log, site, dayOf, rateLimit: app.config.EVENTS_RATE_LIMIT, geoDir: app.config.STATS_GEOIP_DIR });
  app.decorate("stats", Object.assign(collector, { site, dayOf }));
  // before the database closes (the app's services close after the modules): the last batch is written
  app.addHook("onClose", () => collector.close());
}

/**
 * Site statistics without cookies (issue 23, README.md in this folder): the beacon's events and the
 * outbound links, buffered and written in batches; the daily rollup and retention; the admin's report.
 */
export const statsModule: ResourceModule = {
  name: "stats",
  publicRoutes: statsPublicRoutes,
  adminRoutes: statsAdminRoutes,
  decorate: decorateStats,
  // the batch writer, and the rollup / retention round (every instance; each day rolled once)
  background: async (app) => {
    app.stats.start();
    const housekeeping = new PollingWorker({
      round: async () => {
        const done = await rollUpAndExpire(app.db, { now: new Date(), dayOf: app.stats.dayOf, retentionDays: app.config.STATS_RETENTION_DAYS });
        if (done.rolled + done.events > 0) app.log.info(done, "stats: days rolled up, old events dropped");
        return IDLE;
      },
      pollMs: ROLLUP_EVERY_MS,
      retryMs: (failures) => Math.min(60_000 * failures, ROLLUP_EVERY_MS),
      log: app.log,
      failed: "stats: the daily rollup failed; tried again",
      unref: true,
    });
    housekeeping.start();
    return () => housekeeping.stop();
  },
};
