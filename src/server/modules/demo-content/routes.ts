import fs from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { demoContentAnswers } from "@shared/schemas/demo-content";
import { ALL_TAGS } from "../../services/public-cache";
import { uploadFileOf } from "../../storage/stored-path";
import { demoContentIds, removeDemoContent } from "./repository";

/**
 * The demo seed's content (issue 21): which rows are still demo (the admin lists mark them), and
 * 'Remove all demo content' from the dashboard. Rows the band edited are the band's and stay.
 */
export const demoContentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/demo-content", { schema: { response: { 200: demoContentAnswers.status } } }, async () => ({ success: true, data: await demoContentIds(app.db) }));

  app.delete("/api/admin/demo-content", { schema: { response: { 200: demoContentAnswers.removed } } }, async (request) => {
    const { removed, files } = await removeDemoContent(app.db);
    // the files go once the rows are gone for good; a file that cannot be removed is only logged
    for (const url of files) {
      const file = uploadFileOf(app.config.uploadsDir, url);
      if (file) await fs.rm(file, { force: true }).catch((err: Error) => request.log.warn({ err, file: url }, "demo file not removed"));
    }
    // shows, merch, videos, lyrics, members, tracks and settings all change: every public answer
    app.publicCache.invalidate(ALL_TAGS);
    const total = Object.values(removed).reduce((n, c) => n + c, 0);
    return { success: true, message: total > 0 ? "Demo content removed" : "No demo content left", data: removed };
  });
};
