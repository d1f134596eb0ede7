import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { responsiveImageRecord } from "./images";
import { mediaUrl } from "./media-url";
import { multilineText, text } from "./text";

const URL_MESSAGE = "Must be a valid URL";

/** A social link: a valid http(s) URL, or empty / null (sent as null, spec section 3). */
const socialLink = text({ message: URL_MESSAGE })
  .trim()
  .max(500, "Link is too long (500 characters at most)")
  .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: URL_MESSAGE })]))
  .nullish()
  .transform((v) => v || null);

/** The admin form edits facebook, instagram and twitter; the other keys of the entity pass through. */
export const socialLinksInput = z
  .object({
    facebook: socialLink,
    instagram: socialLink,
    twitter: socialLink,
    spotify: socialLink,
    website: socialLink,
    youtube: socialLink,
    bandcamp: socialLink,
    soundcloud: socialLink,
  })
  .partial();

const optionalText = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  (opts.multiline ? multilineText : text)({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (${max.toLocaleString("en-US")} characters at most)`)
    .nullish()
    .transform((v) => v || null);

/** 'YYYY-MM-DD' of a real calendar day, or empty / null. */
const isoDate = (label: string) =>
  text({ message: `${label} must be a date` })
    .trim()
    .refine((v) => v === "" || isRealDate(v), `${label} must be a valid date (YYYY-MM-DD)`)
    .nullish()
    .transform((v) => v || null);

export function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const memberFields = {
  name: text({ message: "Name must be at least 2 characters" }).trim().min(2, "Name must be at least 2 characters").max(100, "Name is too long (100 characters at most)"),
  role: text({ message: "Role must be at least 2 characters" }).trim().min(2, "Role must be at least 2 characters").max(100, "Role is too long (100 characters at most)"),
  bio: optionalText("Bio", 5000, { multiline: true }),
  altText: optionalText("Alt text", 300),
  joinDate: isoDate("Join date"),
  leaveDate: isoDate("Leave date"),
  // The form turns non-numeric input into 0 (spec); the server accepts whole numbers only.
  sortOrder: z
    .number({ message: "Sort order must be a number" })
    .int("Sort order must be a whole number")
    .min(0, "Sort order must be 0 or more")
    .max(9999, "Sort order must be 9999 or less")
    .nullish()
    .transform((v) => v ?? 0),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional().default(true),
  socialLinks: socialLinksInput.nullish().transform((v) => v ?? {}),
};

const imageUrl = mediaUrl({ invalid: "Image must be an uploaded file or an http(s) link" }).nullish();

/** POST /api/band-members (spec sections 3, 5 and 7). */
export const bandMemberCreateInput = z.object({ ...memberFields, imageUrl: imageUrl.transform((v) => v || null) });

/** PUT /api/band-members/{id}: imageUrl is sent only when a new file was picked; absent keeps the photo. */
export const bandMemberUpdateInput = z.object({ ...memberFields, imageUrl: imageUrl.transform((v) => (v === undefined ? undefined : v || null)) });

export type BandMemberInput = z.input<typeof bandMemberCreateInput>;
export type BandMemberValues = z.output<typeof bandMemberCreateInput>;

export const bandMemberActiveInput = z.object({ isActive: z.boolean({ message: "isActive must be true or false" }) });

const formLink = text().trim().pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: URL_MESSAGE })], { message: URL_MESSAGE }));

/** The admin form's fields (the same rules as the server, strings as the inputs hold them). */
export const bandMemberFormSchema = z.object({
  name: memberFields.name,
  role: memberFields.role,
  bio: multilineText().max(5000, "Bio is too long (5,000 characters at most)"),
  joinDate: text().refine((v) => v === "" || isRealDate(v), "Join date must be a valid date (YYYY-MM-DD)"),
  sortOrder: z.number().int("Sort order must be a whole number").min(0, "Sort order must be 0 or more").max(9999, "Sort order must be 9999 or less"),
  isActive: z.boolean(),
  facebook: formLink,
  instagram: formLink,
  twitter: formLink,
});
export type BandMemberFormValues = z.infer<typeof bandMemberFormSchema>;

const link = z.string().nullable();
const socialLinksRecord = z
  .object({ facebook: link, instagram: link, twitter: link, spotify: link, website: link, youtube: link, bandcamp: link, soundcloud: link })
  .partial();
export type SocialLinks = z.input<typeof socialLinksRecord>;

/** A band member as the API sends it (dates YYYY-MM-DD). */
export const bandMemberRecord = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  bio: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** the uploaded photo's resized variants (the public list; absent or null otherwise) */
  image: responsiveImageRecord.nullish(),
  altText: z.string().nullable(),
  socialLinks: socialLinksRecord,
  isActive: z.boolean(),
  joinDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  sortOrder: z.number().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BandMember = z.input<typeof bandMemberRecord>;

export const bandMemberAnswers = { list: dataAnswer(z.array(bandMemberRecord)), item: dataAnswer(bandMemberRecord), saved: savedAnswer(bandMemberRecord) };
