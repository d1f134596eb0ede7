import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { setupAnswers } from "@shared/schemas/setup";
import { audioTracks, backupRuns, bandMembers, lyrics, merchandise, settings, shows, untouchedDemo, videos } from "../../db/schema";
import { demoSettings } from "../../db/seed/demo-content";
import { SOCIAL_SETTING_KEYS } from "../../services/pages/site-info";
import { BAND_PHOTO_KEYS } from "../../services/public-reads/band-photo";

/** The settings that take fans to the band elsewhere: the players and the social profiles. */
const LINK_SETTINGS = ["soundcloud-url", "spotify-url", ...SOCIAL_SETTING_KEYS];

/**
 * The dashboard's first-run checklist (issue 21): each step says whether it is done, from the
 * site's own data, so it disappears by itself once the band has set things up.
 */
export const setupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/setup", { schema: { response: { 200: setupAnswers.status } } }, async (request) => {
    const user = request.auth!.user;
    const db = app.db;
    const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
    const [links, photo, realShow, demoLeft, backups] = await Promise.all([
      // a link the band set (not the demo band's)
      db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(and(inArray(settings.key, LINK_SETTINGS), ne(settings.value, "")))
        .then((rows) => rows.some((r) => r.value !== demoSettings[r.key])),
      // a band photo for the home page's header and link previews
      exists(db.select({ key: settings.key }).from(settings).where(and(eq(settings.key, BAND_PHOTO_KEYS.url), ne(settings.value, ""))).limit(1)),
      exists(db.select({ id: shows.id }).from(shows).where(eq(shows.isDemo, false)).limit(1)),
      Promise.all([shows, merchandise, videos, lyrics, bandMembers, audioTracks].map((t) => exists(db.select({ id: t.id }).from(t).where(untouchedDemo(t)).limit(1)))).then((found) =>
        found.some(Boolean),
      ),
      exists(db.select({ id: backupRuns.id }).from(backupRuns).where(and(isNotNull(backupRuns.finishedAt), sql`${backupRuns.error} is null`)).limit(1)),
    ]);
    const done = {
      email: Boolean(user.email),
      links,
      photo,
      show: realShow,
      demo: !demoLeft,
      mail: Boolean(app.config.SMTP_URL),
      backups: Boolean(app.config.BACKUP_SCHEDULE) || backups,
    };
    return {
      success: true,
      data: {
        steps: (Object.keys(done) as (keyof typeof done)[]).map((step) => ({ step, done: done[step] })),
        userId: user.id,
        mailFolder: app.config.SMTP_URL ? null : app.config.mailDir,
      },
    };
  });
};
