import multipart from "@fastify/multipart";
import { desc } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ResourceModule } from "../modules";
import { mediaFiles } from "../db/schema";
import { badRequest, tooLarge } from "../lib/http-error";
import { UPLOAD_LIMITS, MB } from "./limits";
import { saveUpload } from "./save";

const mediaQuery = z.object({
  fileType: z.enum(["audio", "image"], { message: "fileType must be audio or image" }).optional(),
  // cover art has a tighter limit than other images
  purpose: z.enum(["cover-art", "photo", "general"]).optional(),
});

/** Reads the single file of a multipart request, refusing it past `limit` bytes. */
async function readFile(request: FastifyRequest, limit: number) {
  if (!request.isMultipart()) throw badRequest("Send the file as multipart/form-data");
  let part;
  try {
    part = await request.file({ limits: { fileSize: limit, files: 1, fields: 10 } });
  } catch (err) {
    throw badRequest(`Could not read the upload: ${(err as Error).message}`);
  }
  if (!part) throw badRequest("No file uploaded");
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(`File is too large (max ${limit / MB}MB)`);
    throw err;
  }
  if (buffer.length === 0) throw badRequest("The uploaded file is empty");
  // a fileType field in the form may stand in for the query parameter
  const fields = part.fields as Record<string, { value?: unknown } | undefined>;
  const fieldType = typeof fields.fileType?.value === "string" ? (fields.fileType.value as string) : undefined;
  return { buffer, originalName: part.filename, fieldType };
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.audio, files: 1 } });

  app.post("/api/upload/merchandise", async (request) => {
    const file = await readFile(request, UPLOAD_LIMITS.merchImage);
    const media = await saveUpload(app.db, app.config.uploadsDir, file, "image");
    return { success: true, ok: true, message: "Upload Successful", data: media };
  });

  app.post("/api/upload/media", { schema: { querystring: mediaQuery } }, async (request) => {
    const { purpose } = request.query;
    const queryType = request.query.fileType;
    // Audio is the largest allowed; the real limit is checked again once the type is known.
    const file = await readFile(request, UPLOAD_LIMITS.audio);
    const fileType = queryType ?? (file.fieldType === "audio" || file.fieldType === "image" ? file.fieldType : undefined);
    if (!fileType) throw badRequest("fileType must be audio or image");
    const limit = fileType === "audio" ? UPLOAD_LIMITS.audio : purpose === "cover-art" ? UPLOAD_LIMITS.coverArt : UPLOAD_LIMITS.image;
    if (file.buffer.length > limit) throw tooLarge(`File is too large (max ${limit / MB}MB)`);
    const media = await saveUpload(app.db, app.config.uploadsDir, file, fileType);
    return { success: true, message: "Upload Successful", data: media };
  });

  app.get("/api/media", async () => {
    const rows = await app.db.select().from(mediaFiles).orderBy(desc(mediaFiles.createdAt)).limit(500);
    return { success: true, data: rows };
  });
};

export const uploadsModule: ResourceModule = { name: "uploads", adminRoutes };
