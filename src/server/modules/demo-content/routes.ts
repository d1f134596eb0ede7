import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { demoContentAnswers } from "@shared/schemas/demo-content";
import type { DemoRemoval } from "@shared/schemas/demo-content";
import { count } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { CACHE_TAGS } from "../../services/public-cache";
import { keyOfSitePath } from "../../storage/object-store";
import { demoContentIds, removeDemoContent } from "./repository";

/** 'removed the demo content: 3 shows, 2 merch items, 1 video, ...' (what there was of it) */
function describeRemoval(removed: DemoRemoval | null): string {
  if (!removed) return "removed the demo content";
  const parts = [
    removed.shows && count(removed.shows, "show"),
    removed.merchandise && count(removed.merchandise, "merch item"),
    removed.videos && count(removed.videos, "video"),
    removed.lyrics && count(removed.lyrics, "lyrics entry", "lyrics entries"),
    removed.bandMembers && count(removed.bandMembers, "band member"),
    removed.audioTracks && count(removed.audioTracks, "track"),
    removed.files && count(removed.files, "file"),
    removed.settings && count(removed.settings, "setting"),
  ].filter(Boolean);
  return parts.length ? `removed the demo content: ${parts.join(", ")}` : "removed the demo content (there was none left)";
}

/**
 * The demo seed's content (issue 21): which rows are still demo (the admin lists mark them), and
 * 'Remove all demo content' from the dashboard. Rows the band edited are the band's and stay.
 */
export const demoContentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/demo-content", { schema: { response: { 200: demoContentAnswers.status } } }, async () => ({ success: true, data: await demoContentIds(app.db) }));

  app.delete(
    "/api/admin/demo-content",
    {
      schema: { response: { 200: demoContentAnswers.removed } },
      config: {
        // shows, merch, videos, lyrics, members, tracks and settings all change: every public answer
        invalidates: CACHE_TAGS,
        activity: activity<never, DemoRemoval>({ resource: "demo-content", changes: ({ after }) => after, describe: ({ after }) => describeRemoval(after) }),
      },
    },
    async (request) => {
    const { removed, files } = await removeDemoContent(app.db);
    // the files go from the store (disk or bucket) once the rows are gone for good; a file that
    // cannot be removed is only logged (the start-up sweep removes objects no row names)
    const keys = files.map(keyOfSitePath).filter((k): k is string => k !== null);
    await app.storage.remove(keys).catch((err: Error) => request.log.warn({ err, files: keys.length }, "demo files not removed"));
    const total = Object.values(removed).reduce((n, c) => n + c, 0);
    return { success: true, message: total > 0 ? "Demo content removed" : "No demo content left", data: removed };
  });
};
