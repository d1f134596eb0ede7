import { z } from "zod";
import { dataAnswer, savedAnswer } from "./answers";
import { responsiveImageRecord } from "./images";
import { text } from "./text";

/** The longest alt text the band may give its photo (a sentence, not a caption). */
export const BAND_PHOTO_ALT_MAX = 200;

/** An original as saveUpload names it under /uploads/images (random hex, the type's extension). */
const UPLOADED_IMAGE = /^\/uploads\/images\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * PUT /api/band-photo (issue 21): the photo just uploaded (POST /api/upload/media with
 * purpose=band-photo, which also makes its JPEG share image) and its alt text; an empty alt
 * text means the band's name.
 */
export const bandPhotoInput = z.object({
  imageUrl: z.string({ message: "Upload a photo first" }).trim().regex(UPLOADED_IMAGE, "Upload a photo first (PNG, JPG, GIF or WebP)"),
  altText: text({ message: "Alt text must be text" })
    .trim()
    .max(BAND_PHOTO_ALT_MAX, `Alt text is too long (${BAND_PHOTO_ALT_MAX} characters at most)`)
    .default(""),
});
export type BandPhotoInput = z.input<typeof bandPhotoInput>;

/** The band photo as the API sends it; null when the band has none. */
export const bandPhotoRecord = z.object({
  imageUrl: z.string(),
  /** as the band typed it; empty: pages use the band's name */
  altText: z.string(),
  /** its size and resized variants, for the hero's <picture> (null for an upload without them) */
  image: responsiveImageRecord.nullable(),
});
export type BandPhoto = z.input<typeof bandPhotoRecord>;

export const bandPhotoAnswers = {
  item: dataAnswer(bandPhotoRecord.nullable()),
  saved: savedAnswer(bandPhotoRecord),
};
