import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayIso } from "@shared/format";
import { idParams } from "../../lib/params";
import { notFoundAnswer, sendPublic } from "../../plugins/public-answers";
import { loadSiteInfo } from "../../services/pages/site-info";
import { FEED_PAST_DAYS, showsCalendar } from "./calendar";
import { findPublicShow, listShowsSince } from "../../services/public-reads/shows";

const CALENDAR = "text/calendar; charset=utf-8";
// the band's name and time zone are settings: a change to either rewrites the calendars
const TAGS = ["shows", "settings"] as const;

/**
 * GET /shows.ics, the calendar fans subscribe to (upcoming shows and those of the last
 * FEED_PAST_DAYS days), and GET /shows/{id}.ics, one show for 'Add to calendar'. Cached
 * public answers like every other public read; registered routes, so the SPA fallback never
 * sees these paths.
 */
export const showsCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/shows.ics", async (request, reply) =>
    sendPublic(app, request, reply, {
      key: "/shows.ics",
      tags: TAGS,
      build: async () => {
        const since = todayIso(new Date(Date.now() - FEED_PAST_DAYS * 86_400_000));
        const [site, rows] = await Promise.all([loadSiteInfo(app), listShowsSince(app.db, since)]);
        return { contentType: CALENDAR, body: showsCalendar(site, rows) };
      },
    }),
  );

  app.get("/shows/:id.ics", { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    return sendPublic(app, request, reply, {
      key: `/shows/${id}.ics`,
      tags: TAGS,
      build: async () => {
        const [site, show] = await Promise.all([loadSiteInfo(app), findPublicShow(app.db, id)]);
        if (!show) return notFoundAnswer("Show not found");
        return { contentType: CALENDAR, body: showsCalendar(site, [show], `${site.bandName} at ${show.venue}`) };
      },
    });
  });
};
