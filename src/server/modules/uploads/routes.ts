import multipart from "@fastify/multipart";
import { uploadAnswers } from "@shared/schemas/uploads";
import { desc } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mediaFiles } from "../../db/schema";
import { messageAnswer } from "@shared/schemas/answers";
import { badRequest, conflict, HttpError, notFound, tooLarge } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { keyOfSitePath } from "../../storage/object-store";
import { deleteMediaFile, findMediaFile, usesOf } from "./repository";
import { UPLOAD_LIMITS, tooLargeMessage } from "@shared/upload-limits";
import { saveUpload } from "../../storage/save";
import type { AppConfig } from "../../config";
import { activity } from "../../plugins/route-effects";
import { uploadPlace } from "../../services/storage";

type Uploaded = { id: number; originalName: string; fileType: "audio" | "image" | "pdf" };

/** What an upload is for, as the band says it: 'photo', 'cover art', 'audio'. */
const uploadKind = (file: Uploaded, purpose?: string) =>
  file.fileType === "audio" ? "audio" : file.fileType === "pdf" ? "PDF" : purpose === "cover-art" ? "cover art" : purpose === "band-photo" ? "band photo" : "photo";

/**
 * An upload changes nothing public by itself (a record that uses it does, and says so); it is
 * logged by the name the file had on the band's computer: 'uploaded photo harkers-island.jpg'.
 */
const uploadEffects = (kind: (file: Uploaded, query: Record<string, unknown>) => string) => ({
  invalidates: [],
  activity: activity<never, Uploaded>({
    resource: "uploads",
    action: "upload",
    changes: false,
    summary: ({ after }) => after?.originalName,
    describe: ({ after, query }) => (after ? `uploaded ${kind(after, query)} ${after.originalName}` : "uploaded a file"),
  }),
});

const mediaQuery = z.object({
  fileType: z.enum(["audio", "image", "pdf"], { message: "fileType must be audio, image or pdf" }).optional(),
  // cover art has a tighter limit than other images; the band photo also gets a JPEG share image
  purpose: z.enum(["cover-art", "photo", "band-photo", "general"]).optional(),
});

/** A multipart failure is the client's: a fixed message for each, never a 500. */
function readError(err: unknown, limit: number) {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge(tooLargeMessage(limit));
    case "FST_FILES_LIMIT":
      return badRequest("Send one file per upload");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return badRequest("Too many form fields");
    default:
      // truncated or malformed bodies, bad boundaries, prototype field names, aborted uploads
      return badRequest("Could not read the upload");
  }
}

/**
 * Reads the whole multipart body: exactly one file (refused past `limit` bytes) and any plain
 * fields, before or after it. Reading to the end is what notices a second file or a body cut short.
 */
async function readFile(request: FastifyRequest, limit: number) {
  if (!request.isMultipart()) throw badRequest("Send the file as multipart/form-data");
  let file: { buffer: Buffer; originalName: string } | undefined;
  const fields = new Map<string, string>();
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 10, parts: 12 } })) {
      if (part.type === "file") {
        if (file) throw badRequest("Send one file per upload");
        file = { buffer: await part.toBuffer(), originalName: part.filename };
      } else if (typeof part.value === "string") {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (err) {
    throw readError(err, limit);
  }
  if (!file) throw badRequest("No file uploaded");
  if (file.buffer.length === 0) throw badRequest("The uploaded file is empty");
  // a fileType field in the form may stand in for the query parameter
  return { ...file, fieldType: fields.get("fileType") };
}

const imageOptions = (config: AppConfig) => ({ imageJobTimeoutMs: config.IMAGE_JOB_TIMEOUT_SECONDS * 1000 });

/** 'a track and a merch item' */
const usesInWords = (uses: string[]) => {
  const named = uses.map((u) => `a ${u}`);
  return named.length > 1 ? `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}` : named[0];
};

export const uploadsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.audio, files: 1 } });
  // the disk or the bucket (STORAGE_URL), and this instance's staging folder
  const place = uploadPlace(app);

  app.post("/api/upload/merchandise", { schema: { response: { 200: uploadAnswers.merchandiseSaved } }, config: uploadEffects(() => "merch photo") }, async (request) => {
    const file = await readFile(request, UPLOAD_LIMITS.merchImage);
    const media = await saveUpload(app.db, place, file, "image", imageOptions(app.config));
    return { success: true, ok: true, message: "Upload Successful", data: media };
  });

  app.post("/api/upload/media", { schema: { querystring: mediaQuery, response: { 200: uploadAnswers.saved } }, config: uploadEffects((file, query) => uploadKind(file, query.purpose as string | undefined)) }, async (request) => {
    const { purpose } = request.query;
    const queryType = request.query.fileType;
    // Audio is the largest allowed; the real limit is checked again once the type is known.
    const file = await readFile(request, UPLOAD_LIMITS.audio);
    const fileType = queryType ?? (file.fieldType === "audio" || file.fieldType === "image" || file.fieldType === "pdf" ? file.fieldType : undefined);
    if (!fileType) throw badRequest("fileType must be audio, image or pdf");
    const limit = fileType === "audio" ? UPLOAD_LIMITS.audio : fileType === "pdf" ? UPLOAD_LIMITS.pdf : purpose === "cover-art" ? UPLOAD_LIMITS.coverArt : UPLOAD_LIMITS.image;
    if (file.buffer.length > limit) throw tooLarge(tooLargeMessage(limit));
    const media = await saveUpload(app.db, place, file, fileType, { ...imageOptions(app.config), shareJpeg: purpose === "band-photo" });
    return { success: true, message: "Upload Successful", data: media };
  });

  app.get("/api/media", { schema: { response: { 200: uploadAnswers.list } } }, async () => {
    const rows = await app.db.select().from(mediaFiles).orderBy(desc(mediaFiles.createdAt)).limit(500);
    return { success: true, data: rows };
  });

  // Deleting a file removes its row, then its object and its variants from the store. A file the
  // site still shows is refused (the page would show a broken image). The row goes first: if the
  // store fails to remove the objects, they are objects no row names, which the start-up sweep removes.
  app.delete(
    "/api/media/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<MediaRow>({
          resource: "uploads",
          action: "delete",
          before: ({ params }) => findMediaFile(app.db, params.id),
          summary: ({ before }) => before?.originalName,
          describe: ({ before }) => (before ? `deleted ${before.fileType === "audio" ? "audio" : "image"} file ${before.originalName}` : null),
        }),
      },
    },
    async (request) => {
      const row = await findMediaFile(app.db, request.params.id);
      if (!row) throw notFound("File not found");
      const uses = await usesOf(app.db, row.filePath);
      if (uses.length) throw conflict(`This file is still used by ${usesInWords(uses)}. Remove it there first.`);
      const paths = await deleteMediaFile(app.db, row.id);
      if (!paths) throw notFound("File not found");
      const keys = paths.map(keyOfSitePath).filter((k): k is string => k !== null);
      await app.storage.remove(keys).catch((err: Error) => request.log.warn({ err, keys }, "deleted file's objects not removed; the start-up sweep will"));
      return { success: true, message: "File deleted" };
    },
  );
};

type MediaRow = NonNullable<Awaited<ReturnType<typeof findMediaFile>>>;
