import fs from "node:fs";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { subscribersApi } from "@shared/api/subscribers";
import { IMPORT_ID_PATTERN, IMPORT_MAX_BYTES, MAPPING_REQUIRED, importAnswers, importIdParams, importRunInput } from "@shared/schemas/subscriber-import";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { IMPORT_TTL_MS, importPaths, readMeta, removeImport } from "./import-files";
import { runImport } from "./import-run";
import { receiveImport } from "./import-upload";

const GONE = "This upload is no longer available (imported already, or more than an hour old). Upload the file again.";

/**
 * Import CSV (issue 12), admins only (mounted behind the admin guard):
 * 1. POST /api/subscribers/import (multipart `file`, at most 50 MB): stores and checks the file,
 *    answers its columns, the first rows, a suggested mapping and an import id;
 * 2. POST /api/subscribers/import/:id { mapping, alreadyOptedIn }: imports it, answers the report
 *    and deletes the file. New fans who did not already opt in are left for the import
 *    verification sender (mail/import-verification-sender.ts), which mails them in the background.
 */
export const subscriberImportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  const dataDir = app.config.dataDir;

  app.post(subscribersApi.importUpload, { schema: { response: { 200: importAnswers.uploaded } } }, async (request) => {
    const data = await receiveImport(request, dataDir);
    return { success: true, data };
  });

  app.post(
    "/api/subscribers/import/:id",
    { schema: { params: importIdParams, body: importRunInput, response: { 200: importAnswers.report } } },
    async (request) => {
      const { id } = request.params;
      const { mapping, alreadyOptedIn } = request.body;
      const meta = IMPORT_ID_PATTERN.test(id) ? await readMeta(dataDir, id) : null;
      if (!meta || Date.now() - meta.createdAt > IMPORT_TTL_MS) throw notFound(GONE);
      if (mapping?.email == null) throw badRequest(MAPPING_REQUIRED, { "mapping.email": MAPPING_REQUIRED });
      const used = [mapping.email, mapping.name, mapping.interests, mapping.region].filter((c): c is number => c != null);
      if (used.some((c) => c >= meta.columnCount)) throw badRequest("The mapping names a column the file does not have");
      if (new Set(used).size !== used.length) throw badRequest("Each column can be imported as one field only");

      // one import per upload: the rename is atomic, so a second click (or instance) finds no file
      const paths = importPaths(dataDir, id);
      try {
        await fs.promises.rename(paths.csv, paths.running);
      } catch {
        throw conflict("This file is being imported already, or was imported. Upload it again to import it again.");
      }
      try {
        const data = await runImport(app.db, paths.running, meta.delimiter, { mapping: { ...mapping, email: mapping.email }, alreadyOptedIn, admin: request.auth?.user.username ?? "admin" });
        request.log.info({ added: data.added, updated: data.updated, duplicates: data.duplicates, rejected: data.rejected, alreadyOptedIn }, "subscriber import");
        const message = `Imported: ${data.added} added, ${data.updated} updated, ${data.duplicates} duplicates skipped, ${data.rejected} rejected`;
        return { success: true, message, data };
      } finally {
        await removeImport(dataDir, id);
      }
    },
  );
};
