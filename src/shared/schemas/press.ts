import { z } from "zod";
import { dataAnswer, messageAnswer, savedAnswer, timestamp } from "./answers";
import { responsiveImageRecord } from "./images";
import { multilineText, text } from "./text";

/** The press kit's limits: what a booker reads in a minute, not a novel. */
export const PRESS_LIMITS = { shortBio: 600, longBio: 10_000, photos: 24, logos: 12, quotes: 24, tracks: 20, recipient: 120 } as const;

/** An image as saveUpload names it (random hex, the type's extension; logos may be SVG). */
const UPLOADED_IMAGE = /^\/uploads\/images\/[0-9a-f]{32}\.(png|jpg|gif|webp|svg)$/;
/** A PDF as saveUpload names it (POST /api/upload/media?fileType=pdf). */
export const UPLOADED_PDF = /^\/uploads\/documents\/[0-9a-f]{32}\.pdf$/;

const line = (label: string, max: number) => text({ message: `${label} must be text` }).trim().max(max, `${label} is too long (${max} characters at most)`);
const required = (label: string, max: number) => line(label, max).min(1, `${label} is required`);
const uploadedImage = (message: string) => z.string({ message }).trim().regex(UPLOADED_IMAGE, message);
const pdf = (label: string) =>
  z
    .string({ message: `${label} must be an uploaded PDF` })
    .trim()
    .refine((v) => v === "" || UPLOADED_PDF.test(v), `${label} must be an uploaded PDF`)
    .default("");
const optionalEmail = (label: string) =>
  line(label, 254)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address")
    .transform((v) => v.toLowerCase())
    .default("");

export const pressPhotoInput = z.object({
  url: uploadedImage("Upload the photo first (PNG, JPG, GIF or WebP)"),
  /** the photographer, as the band must credit them */
  credit: required("Photo credit", 120),
  caption: line("Caption", 200).default(""),
});
export const pressLogoInput = z.object({
  url: uploadedImage("Upload the logo first (SVG, PNG, JPG, GIF or WebP)"),
  label: required("Logo name", 80),
});
export const pressQuoteInput = z.object({
  quote: multilineText({ message: "Quote must be text" }).trim().min(1, "Quote is required").max(1000, "Quote is too long (1000 characters at most)"),
  source: required("Quote source", 120),
  sourceUrl: line("Source link", 2000)
    .refine((v) => v === "" || /^https?:\/\/[^\s\\]+$/i.test(v), "Source link must be an http(s) link")
    .default(""),
});
export type PressPhoto = z.output<typeof pressPhotoInput>;
export type PressLogo = z.output<typeof pressLogoInput>;
export type PressQuote = z.output<typeof pressQuoteInput>;

/** PUT /api/admin/press-kit: the whole kit, as the admin form holds it. */
export const pressKitInput = z.object({
  isPublic: z.boolean({ message: "isPublic must be true or false" }).default(true),
  shortBio: multilineText({ message: "Short bio must be text" }).trim().max(PRESS_LIMITS.shortBio, `Short bio is too long (${PRESS_LIMITS.shortBio} characters at most)`).default(""),
  longBio: multilineText({ message: "Long bio must be text" }).trim().max(PRESS_LIMITS.longBio, `Long bio is too long (${PRESS_LIMITS.longBio} characters at most)`).default(""),
  photos: z.array(pressPhotoInput, { message: "photos must be a list" }).max(PRESS_LIMITS.photos, `At most ${PRESS_LIMITS.photos} photos`).default([]),
  logos: z.array(pressLogoInput, { message: "logos must be a list" }).max(PRESS_LIMITS.logos, `At most ${PRESS_LIMITS.logos} logos`).default([]),
  quotes: z.array(pressQuoteInput, { message: "quotes must be a list" }).max(PRESS_LIMITS.quotes, `At most ${PRESS_LIMITS.quotes} quotes`).default([]),
  stagePlotUrl: pdf("Stage plot"),
  techRiderUrl: pdf("Tech rider"),
  bookingName: line("Booking contact", 120).default(""),
  bookingEmail: optionalEmail("Booking email"),
  pressName: line("Press contact", 120).default(""),
  pressEmail: optionalEmail("Press email"),
});
export type PressKitInput = z.input<typeof pressKitInput>;
export type PressKitValues = z.output<typeof pressKitInput>;

/** The latest release as /press shows it (services/public-reads/press-kit.ts, `latestReleaseForPress`); null when there is none. */
export const pressReleaseRecord = z.object({ title: z.string(), url: z.string(), coverUrl: z.string().nullable(), releaseAt: z.string().nullable() });

/** The kit as the public page (and a private link's page) shows it. */
export const pressKitRecord = z.object({
  shortBio: z.string(),
  longBio: z.string(),
  photos: z.array(z.object({ url: z.string(), credit: z.string(), caption: z.string(), image: responsiveImageRecord.nullable(), fileName: z.string() })),
  logos: z.array(z.object({ url: z.string(), label: z.string(), fileName: z.string() })),
  quotes: z.array(z.object({ quote: z.string(), source: z.string(), sourceUrl: z.string() })),
  stagePlotUrl: z.string(),
  techRiderUrl: z.string(),
  bookingName: z.string(),
  bookingEmail: z.string(),
  pressName: z.string(),
  pressEmail: z.string(),
  latestRelease: pressReleaseRecord.nullable(),
});
export type PressKit = z.input<typeof pressKitRecord>;

/** The kit as the admin form edits it. */
export const adminPressKitRecord = z.object({
  isPublic: z.boolean(),
  shortBio: z.string(),
  longBio: z.string(),
  photos: z.array(z.object({ url: z.string(), credit: z.string(), caption: z.string() })),
  logos: z.array(z.object({ url: z.string(), label: z.string() })),
  quotes: z.array(z.object({ quote: z.string(), source: z.string(), sourceUrl: z.string() })),
  stagePlotUrl: z.string(),
  techRiderUrl: z.string(),
  bookingName: z.string(),
  bookingEmail: z.string(),
  pressName: z.string(),
  pressEmail: z.string(),
  updatedAt: timestamp.nullable(),
});
export type AdminPressKit = z.input<typeof adminPressKitRecord>;

export const pressKitAnswers = {
  /** GET /api/press: null when the band switched the page off */
  public: dataAnswer(pressKitRecord.nullable()),
  admin: dataAnswer(adminPressKitRecord),
  saved: savedAnswer(adminPressKitRecord),
};

/** POST /api/admin/press-links (issue 25): who it is for, until when, and what it may stream. */
export const pressLinkInput = z.object({
  recipient: required("Recipient", PRESS_LIMITS.recipient),
  expiresAt: z.iso
    .datetime({ offset: true, message: "expiresAt must be a date and time with its offset (2026-12-01T18:00:00+01:00)" })
    .refine((v) => Date.parse(v) > Date.now(), "expiresAt must be in the future"),
  trackIds: z
    .array(z.number({ message: "trackIds must be track ids" }).int("trackIds must be track ids").positive("trackIds must be track ids"), { message: "trackIds must be a list of track ids" })
    .max(PRESS_LIMITS.tracks, `At most ${PRESS_LIMITS.tracks} tracks`)
    .refine((ids) => new Set(ids).size === ids.length, "trackIds lists a track twice")
    .default([]),
});
export type PressLinkInput = z.input<typeof pressLinkInput>;

export const pressLinkRecord = z.object({
  id: z.number(),
  recipient: z.string(),
  expiresAt: timestamp,
  createdAt: timestamp,
  revoked: z.boolean(),
  revokedAt: timestamp.nullable(),
  /** past its expiry (and not revoked) */
  expired: z.boolean(),
  views: z.number(),
  firstViewedAt: timestamp.nullable(),
  lastViewedAt: timestamp.nullable(),
  /** what it streams, and how often each was played through it */
  tracks: z.array(z.object({ id: z.number(), title: z.string(), plays: z.number(), lastPlayedAt: timestamp.nullable() })),
});
export type PressLink = z.input<typeof pressLinkRecord>;

/** A link's page: the kit, and the tracks it streams (through the stream route, never a file link). */
export const pressLinkPageRecord = z.object({
  recipient: z.string(),
  expiresAt: timestamp,
  kit: pressKitRecord,
  tracks: z.array(z.object({ id: z.number(), title: z.string(), artist: z.string(), duration: z.string(), streamUrl: z.string() })),
});
export type PressLinkPage = z.input<typeof pressLinkPageRecord>;

export const pressLinkAnswers = {
  list: dataAnswer(z.array(pressLinkRecord)),
  /** exactly the issue's `{ data: { id, url } }`, in the write envelope; the URL is shown this once */
  created: savedAnswer(z.object({ id: z.number(), url: z.string() })),
  revoked: messageAnswer,
  page: dataAnswer(pressLinkPageRecord),
};

/** What the page says when the link is past its expiry or revoked (410). */
export const PRESS_LINK_GONE = "This press link has expired. Please ask the band for a new one.";
export const PRESS_LINK_UNKNOWN = "This press link is not valid. Check that you copied all of it.";
