import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { subscribersApi } from "@shared/api/subscribers";
import { IMPORT_ID_PATTERN, IMPORT_MAX_BYTES, MAPPING_REQUIRED, importAnswers, importIdParams, importRunInput } from "@shared/schemas/subscriber-import";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { IMPORT_TTL_MS, type readMeta } from "./import-files";
import { ImportTakenOver, type ImportProgress } from "./import-progress";
import { importFilesOf } from "./import-store";
import { runImport } from "./import-run";
import { receiveImport } from "./import-upload";
import { activity } from "../../plugins/route-effects";

type Report = { added: number; updated: number; duplicates: number; rejected: number };
/** '120 added, 3 updated, 2 duplicates skipped, 1 rejected' */
const reportWords = (r: Report | null) => (r ? `: ${r.added} added, ${r.updated} updated, ${r.duplicates} duplicates skipped, ${r.rejected} rejected` : "");

const RUNNING = "This import is running. Wait for it to finish, or reload the page to see how far it got.";
const GONE = "This upload is no longer available (imported already, or more than an hour old). Upload the file again.";

/**
 * Import CSV (issue 12), admins only (mounted behind the admin guard):
 * 1. POST /api/subscribers/import (multipart `file`, at most 50 MB): stores and checks the file,
 *    answers its columns, the first rows, a suggested mapping and an import id;
 * 2. POST /api/subscribers/import/:id { mapping, alreadyOptedIn }: imports it, answers the report
 *    and deletes the file. New fans who did not already opt in are left for the import
 *    verification sender (import-verification-sender.ts), which mails them in the background.
 * 3. (issue 20) GET /api/subscribers/imports: the imports started and not finished, running or
 *    interrupted with their progress (import-progress.ts); POST /api/subscribers/import/:id/resume
 *    finishes an interrupted one; DELETE /api/subscribers/import/:id discards it with its file.
 *    The import writes each batch with one upsert by address, so rows written again after an
 *    interruption update what is there: never a second row.
 */
export const subscriberImportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  // DATA_DIR/imports, or the bucket of STORAGE_URL (import-store.ts)
  const files = importFilesOf(app);
  // the uploaded file's name, for the log ('fans.csv'); the mailing list is never public
  const upload = ({ params }: { params: { id: string } }) => (IMPORT_ID_PATTERN.test(params.id) ? files.readMeta(params.id) : Promise.resolve(null));
  const file = (meta: { fileName?: string } | null) => meta?.fileName || "a file";
  /** the imports this process runs now (the others' heartbeats tell whether they still run) */
  const active = new Set<string>();

  // the file is only stored and checked so far: its import (below) is what the log tells
  app.post(subscribersApi.importUpload, { schema: { response: { 200: importAnswers.uploaded } }, config: { invalidates: [], activity: false } }, async (request) => {
    const data = await receiveImport(request, app.config.dataDir, files);
    return { success: true, data };
  });

  app.post(
    "/api/subscribers/import/:id",
    {
      schema: { params: importIdParams, body: importRunInput, response: { 200: importAnswers.report } },
      config: {
        invalidates: [],
        activity: activity<Awaited<ReturnType<typeof readMeta>>, Report, unknown, { id: string }>({
          resource: "subscribers",
          action: "import",
          before: upload,
          changes: false,
          summary: ({ before }) => before?.fileName,
          describe: ({ before, after }) => `imported fans from ${file(before)}${reportWords(after)}`,
        }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { mapping, alreadyOptedIn } = request.body;
      const meta = IMPORT_ID_PATTERN.test(id) ? await files.readMeta(id) : null;
      if (!meta || Date.now() - meta.createdAt > IMPORT_TTL_MS) throw notFound(GONE);
      if (mapping?.email == null) throw badRequest(MAPPING_REQUIRED, { "mapping.email": MAPPING_REQUIRED });
      const used = [mapping.email, mapping.name, mapping.interests, mapping.region].filter((c): c is number => c != null);
      if (used.some((c) => c >= meta.columnCount)) throw badRequest("The mapping names a column the file does not have");
      if (new Set(used).size !== used.length) throw badRequest("Each column can be imported as one field only");

      // one import per upload: exactly one click (or instance) claims it
      if (!(await files.claimFirstRun(id))) throw conflict("This file is being imported already, or was imported. Upload it again to import it again.");
      const progress: ImportProgress = {
        owner: app.instanceId,
        generation: 1,
        fileName: meta.fileName,
        totalRows: meta.rowCount ?? null,
        processed: 0,
        report: { added: 0, updated: 0, duplicates: 0, rejected: 0, rejectedRows: [], verificationMails: 0 },
        mapping: { ...mapping, email: mapping.email },
        alreadyOptedIn,
        admin: request.auth?.user.username ?? "admin",
        startedAt: Date.now(),
      };
      await files.writeProgress(id, progress);
      return runStarted(request, id, meta.delimiter, progress);
    },
  );

  app.get(subscribersApi.imports, { schema: { response: { 200: importAnswers.started } } }, async () => {
    const states = await Promise.all((await files.startedImports()).map((id) => files.importState(id, app.instanceId, active)));
    return { success: true, data: states.filter((s) => s !== null).sort((a, b) => a.startedAt.localeCompare(b.startedAt)) };
  });

  // Resume: the rows done are skipped (their addresses still count for the duplicate check), the
  // rest imported as the first run would have; the report covers the whole file.
  app.post(
    "/api/subscribers/import/:id/resume",
    {
      schema: { params: importIdParams, response: { 200: importAnswers.report } },
      config: {
        invalidates: [],
        activity: activity<Awaited<ReturnType<typeof readMeta>>, Report, unknown, { id: string }>({
          resource: "subscribers",
          action: "resume",
          before: upload,
          changes: false,
          summary: ({ before }) => before?.fileName,
          describe: ({ before, after }) => `finished the interrupted import of ${file(before)}${reportWords(after)}`,
        }),
      },
    },
    async (request) => {
    const { id } = request.params;
    const { progress, meta } = await interrupted(id);
    // exactly one instance (or click) takes the run over
    if (!(await files.claimGeneration(id, progress.generation + 1))) throw conflict(RUNNING);
    const mine: ImportProgress = { ...progress, owner: app.instanceId, generation: progress.generation + 1 };
    await files.writeProgress(id, mine);
    return runStarted(request, id, meta.delimiter, mine);
  });

  // Discard: an interrupted import (what it imported stays) or an upload never imported; the file goes.
  app.delete(
    "/api/subscribers/import/:id",
    {
      schema: { params: importIdParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<Awaited<ReturnType<typeof readMeta>>, unknown, unknown, { id: string }>({
          resource: "subscribers",
          action: "discard import",
          before: upload,
          summary: ({ before }) => before?.fileName,
          describe: ({ before }) => `discarded the import of ${file(before)}`,
        }),
      },
    },
    async (request) => {
    const { id } = request.params;
    if (!IMPORT_ID_PATTERN.test(id)) throw notFound(GONE);
    const started = await files.readProgress(id);
    if (started) {
      const { progress } = await interrupted(id);
      if (!(await files.claimGeneration(id, progress.generation + 1))) throw conflict(RUNNING);
    } else if (!(await files.readMeta(id))) {
      throw notFound(GONE);
    }
    await files.removeImport(id);
    request.log.info({ importId: id, started: Boolean(started) }, "subscriber import discarded");
    return { success: true, message: "Import discarded" };
  });

  /** The started import `id`, refused unless it is interrupted. */
  async function interrupted(id: string) {
    const state = IMPORT_ID_PATTERN.test(id) ? await files.importState(id, app.instanceId, active) : null;
    const progress = state ? await files.readProgress(id) : null;
    const meta = state ? await files.readMeta(id) : null;
    if (!state || !progress || !meta) throw notFound("This import is no longer there (finished or discarded).");
    if (state.state === "running") throw conflict(RUNNING);
    return { progress, meta };
  }

  /**
   * Runs (or resumes) a claimed import: progress after each batch, the heartbeat meanwhile. Done:
   * its files go. Failed: they stay, and the import is interrupted for every instance at once.
   */
  async function runStarted(request: FastifyRequest, id: string, delimiter: string, progress: ImportProgress) {
    const writer = files.progressWriter(id, progress);
    active.add(id);
    try {
      const data = await runImport(app.db, await files.runningFile(id), delimiter, {
        mapping: progress.mapping,
        alreadyOptedIn: progress.alreadyOptedIn,
        admin: progress.admin,
        resume: progress.processed > 0 ? { processed: progress.processed, report: progress.report } : undefined,
        onBatch: (processed, report) => writer.save(processed, report),
      });
      writer.stop();
      await files.removeImport(id);
      request.log.info({ added: data.added, updated: data.updated, duplicates: data.duplicates, rejected: data.rejected, alreadyOptedIn: progress.alreadyOptedIn, resumed: progress.generation > 1 }, "subscriber import");
      const message = `Imported: ${data.added} added, ${data.updated} updated, ${data.duplicates} duplicates skipped, ${data.rejected} rejected`;
      return { success: true, message, data };
    } catch (err) {
      writer.stop();
      if (err instanceof ImportTakenOver) throw conflict("This import was taken over by another server after this one went silent.");
      await files.markStopped(id);
      request.log.error({ err, importId: id }, "subscriber import interrupted");
      throw err;
    } finally {
      active.delete(id);
    }
  }
};
