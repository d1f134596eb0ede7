import { z } from "zod";
import { dataAnswer, timestamp } from "./answers";
import { imageVariantRecord } from "./images";

/** An uploaded file's record (GET /api/media, the upload answers). */
export const mediaFileRecord = z.object({
  id: z.number(),
  fileName: z.string(),
  originalName: z.string(),
  filePath: z.string(),
  fileType: z.enum(["audio", "image", "pdf"]),
  fileSize: z.number(),
  mimeType: z.string(),
  /** a photo's displayed size and its WebP/AVIF variants (null for audio, SVGs and older rows) */
  width: z.number().nullish(),
  height: z.number().nullish(),
  variants: z.array(imageVariantRecord.extend({ size: z.number() })).nullish(),
  createdAt: timestamp,
});
export type MediaFile = z.input<typeof mediaFileRecord>;

export const uploadAnswers = {
  list: dataAnswer(z.array(mediaFileRecord)),
  /** POST /api/upload/media */
  saved: z.object({ success: z.boolean(), message: z.string(), data: mediaFileRecord }),
  /** POST /api/upload/merchandise: the spec's `ok` flag next to the envelope */
  merchandiseSaved: z.object({ success: z.boolean(), ok: z.boolean(), message: z.string(), data: mediaFileRecord }),
};
