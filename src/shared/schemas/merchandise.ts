import { z } from "zod";
import { MERCH_CATEGORIES, TEMPLATE_DIMENSIONS } from "../categories";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { responsiveImageRecord } from "./images";
import { flag, optionalUrl, priceField, requiredText } from "./content-fields";
import { UPLOAD_LIMITS, maxSizeText } from "../upload-limits";

/**
 * POST /api/merchandise and PUT /api/merchandise/{id} (spec sections 3, 5, 7), used by the
 * merchandise form too. imageUrl may be a site path: an upload returns '/uploads/images/...'.
 */
export const merchandiseInput = z.object({
  name: requiredText("Name is required"),
  description: requiredText("Description is required", 5000, { multiline: true }),
  // priceField rounds to cents; a price that rounds to 0.00 (e.g. 0.004) is no positive price
  price: priceField().refine((cents) => Number(cents) > 0, "Price must be positive"),
  category: z.enum(MERCH_CATEGORIES, { message: "Category is required" }),
  templateDimensions: z.enum(TEMPLATE_DIMENSIONS, { message: "Template dimensions are required" }),
  imageUrl: optionalUrl({ allowSitePath: true }),
  amazonUrl: optionalUrl(),
  /** any other shop (issue 21): the buy link when set, named after its site */
  storeUrl: optionalUrl(),
  // three independent flags (spec section 4)
  isNew: flag("isNew", false),
  isFeatured: flag("isFeatured", false),
  comingSoon: flag("comingSoon", false),
});

export type MerchandiseInput = z.input<typeof merchandiseInput>;
export type MerchandiseData = z.output<typeof merchandiseInput>;

/** Accepted by the upload, shown as the form's hint (spec section 2). */
export const MERCH_IMAGE_HINT = `SVG, PNG, JPG or GIF, ${maxSizeText(UPLOAD_LIMITS.merchImage)}`;

/** A merchandise item as the API sends it; price travels as a decimal string. */
export const merchandiseRecord = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  category: z.enum(MERCH_CATEGORIES),
  templateDimensions: z.string(),
  imageUrl: z.string(),
  /** the uploaded image's resized variants (public answers; absent or null otherwise) */
  image: responsiveImageRecord.nullish(),
  amazonUrl: z.string(),
  storeUrl: z.string(),
  isNew: z.boolean(),
  isFeatured: z.boolean(),
  comingSoon: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Merchandise = z.input<typeof merchandiseRecord>;

export const merchandiseAnswers = {
  list: dataAnswer(z.array(merchandiseRecord)),
  item: dataAnswer(merchandiseRecord),
  saved: savedAnswer(merchandiseRecord),
  /** PUT /api/merchandise/order: every item in its new order */
  ordered: savedAnswer(z.array(merchandiseRecord)),
};
