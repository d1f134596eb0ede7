import { z } from "zod";
import { VIDEO_CATEGORIES } from "../categories";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { responsiveImageRecord } from "./images";
import { flag, optionalUrl, requiredText, requiredUrl, sortOrderField } from "./content-fields";
import { extractYouTubeId, toYouTubeEmbedUrl, youTubeThumbnailUrl } from "../youtube";

/**
 * POST /api/videos and PUT /api/videos/{id} (spec sections 3, 5, 7), used by the video form too.
 * A YouTube watch/short/share link is stored as its embed URL, whoever sends it.
 */
export const videoInput = z.object({
  title: requiredText("Title is required"),
  description: requiredText("Description is required", 5000, { multiline: true }),
  category: z.enum(VIDEO_CATEGORIES, { message: "Category must be one of: official, live, fan, documentary, interview, other" }),
  embedUrl: requiredUrl("Video URL is required").transform((v) => toYouTubeEmbedUrl(v) ?? v),
  // a site path is allowed: seeded and uploaded thumbnails live under /uploads
  thumbnailUrl: optionalUrl({ allowSitePath: true }),
  isActive: flag("isActive", true),
  sortOrder: sortOrderField(0),
}).transform((video) => {
  // Spec section 4: an empty thumbnail is filled with the YouTube video's own. Done here as well
  // as in the form, so an emptied thumbnail on edit (the form's hint promises it) and a direct
  // API write get it too.
  const id = video.thumbnailUrl ? null : extractYouTubeId(video.embedUrl);
  return id ? { ...video, thumbnailUrl: youTubeThumbnailUrl(id) } : video;
});

export type VideoInput = z.input<typeof videoInput>;
export type VideoData = z.output<typeof videoInput>;

/** PUT /api/videos/{id}/active */
export const videoActiveInput = z.object({
  isActive: z.boolean({ message: "isActive must be true or false" }),
});

/** A video as the API sends it. */
export const videoRecord = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  embedUrl: z.string(),
  thumbnailUrl: z.string(),
  /** the uploaded thumbnail's resized variants (public answers; absent or null otherwise) */
  thumbnail: responsiveImageRecord.nullish(),
  isActive: z.boolean(),
  sortOrder: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Video = z.input<typeof videoRecord>;

export const videoAnswers = {
  list: dataAnswer(z.array(videoRecord)),
  item: dataAnswer(videoRecord),
  saved: savedAnswer(videoRecord),
  /** PUT /api/videos/order: every video in its new order */
  ordered: savedAnswer(z.array(videoRecord)),
};
