import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { statsApi } from "@shared/api/stats";
import { matchPage } from "@shared/pages";
import { pageviewEvent } from "@shared/schemas/stats";
import type { z } from "zod";
import type { PostTaker } from "../../fast-path";
import { isCleanInput } from "../../plugins/input-guard";
import { kindHeaders } from "../../services/answer-headers";
import { countableHeaders } from "./counting";
import { visitSource } from "./sources";

/** The beacon's body limit (navigator.sendBeacon's JSON of a path and a referrer). */
export const BEACON_MAX_BYTES = 8 * 1024;

type Pageview = z.output<typeof pageviewEvent>;

/**
 * The site page a path names (shared/pages.ts), in its canonical spelling ('/shows/' and '//shows'
 * are '/shows'), or null: a mistyped link or a probe for /wp-login.php is no page, and is not
 * counted among the top pages.
 */
function sitePageOf(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return matchPage(decoded.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1"))?.canonical ?? null;
}

/** One counted page view into the collector's buffer: what POST /api/events records, on either path. */
export function recordPageview(app: FastifyInstance, event: Pageview, who: { ip: string; host: string; headers: IncomingHttpHeaders }) {
  const { path, referrer } = event;
  const visit = visitSource(path, referrer, [app.stats.site, who.host.toLowerCase()]);
  const page = sitePageOf(visit.path);
  if (page === null) return;
  app.stats.record({ kind: "pageview", target: null, address: who.ip, userAgent: who.headers["user-agent"] ?? "", ...visit, path: page });
}

/**
 * POST /api/events in the fast lane (fast-path/post-taker.ts): the route's own steps, in its
 * order, for a beacon without a cookie: the JSON, the schema and the input guard (a failure is
 * Fastify's 400), the per-address limit (over it: Fastify's 429; `allow` counts nothing for an
 * address over its limit, so asking again there changes nothing), then the header half of
 * `countable` (no cookie, so no session to look up) and the record; the answer is the route's 202
 * with the head Fastify gives it (cache-control, then the data kind's headers).
 */
export function beaconTaker(app: FastifyInstance): PostTaker {
  const heads = new Map<boolean, string[]>();
  const accepted = (https: boolean) => {
    let head = heads.get(https);
    if (!head) {
      head = ["cache-control", "no-store", ...kindHeaders("data", https).flat(), "content-length", "0"];
      heads.set(https, head);
    }
    return head;
  };
  return {
    path: statsApi.events,
    contentType: "text/plain",
    maxBytes: BEACON_MAX_BYTES,
    take(body, who) {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return null;
      }
      const event = pageviewEvent.safeParse(json);
      if (!event.success || !isCleanInput(json)) return null;
      if (!app.stats.allow(who.ip)) return null;
      if (countableHeaders(who.headers)) recordPageview(app, event.data, who);
      return { status: 202, head: accepted(who.https) };
    },
  };
}
