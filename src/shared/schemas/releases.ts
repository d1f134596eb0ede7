import { z } from "zod";
import { RELEASE_SERVICES, RELEASE_TYPES, serviceLinkProblem, SERVICE_LABELS, SLUG_PATTERN, type ReleaseService } from "../release-services";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { requiredText } from "./content-fields";
import { responsiveImageRecord } from "./images";
import { mediaUrl } from "./media-url";
import { emailField } from "./subscribers";
import { multilineText, text } from "./text";

export const RELEASE_AT_RULE = "must be a date and time with its offset, e.g. 2031-03-01T00:00:00-05:00";
const id = (what: string) => z.number({ message: `${what} must be an id` }).int(`${what} must be an id`).positive(`${what} must be an id`).max(2147483647, `${what} must be an id`);

const releaseLink = z.object(
  {
    service: z.enum(RELEASE_SERVICES, { message: `service must be one of ${RELEASE_SERVICES.join(", ")}` }),
    url: text({ message: "url must be a link" }).trim().min(1, "url is required").max(2000, "url is too long (2,000 characters at most)"),
  },
  { message: "Each link must be { service, url }" },
);

/**
 * POST /api/releases and PUT /api/releases/{id} (issue 25). `releaseAt` is an instant with its
 * offset (the form writes it from a date and time in the band's time zone); each link must be on
 * its service's hosts, https only, one per service; `trackIds` is the tracklist in order.
 * `slug`: the page's address, made from the title when left out.
 */
/** A free download file that is no upload of the band's (the server checks; a typo or a made-up path). */
export const DOWNLOAD_NOT_UPLOADED = "The free download must be a file uploaded to the site: upload it first";

export const releaseInput = z
  .object({
    title: requiredText("Title is required"),
    slug: z
      .union([z.literal(""), text().trim().toLowerCase().regex(SLUG_PATTERN, "slug may use a-z, 0-9 and '-' (not first or last), 100 characters at most")])
      .nullish()
      .transform((v) => v || null),
    type: z.enum(RELEASE_TYPES, { message: "type must be single, ep or album" }),
    releaseAt: z.string({ message: `releaseAt ${RELEASE_AT_RULE}` }).pipe(z.iso.datetime({ offset: true, message: `releaseAt ${RELEASE_AT_RULE}` })),
    description: multilineText({ message: "description must be text" }).trim().max(10_000, "Too long (10,000 characters at most)").nullish().transform((v) => v ?? ""),
    coverImage: mediaUrl({ invalid: "Cover image must be an uploaded file or an http(s) link" }).nullish().transform((v) => v ?? ""),
    links: z.array(releaseLink, { message: "links must be a list" }).max(RELEASE_SERVICES.length, "One link per service").optional().default([]),
    trackIds: z.array(id("trackIds"), { message: "trackIds must be a list of audio track ids" }).max(100, "100 tracks at most").optional().default([]),
    published: z.boolean({ message: "published must be true or false" }).optional().default(false),
    /** the free download: one of the release's tracks, or a file uploaded for it (/uploads/...) */
    downloadTrackId: id("downloadTrackId").nullish().transform((v) => v ?? null),
    downloadFile: z
      .union([z.literal(""), text().trim().regex(/^\/uploads\/[^\s\\?#]+$/, DOWNLOAD_NOT_UPLOADED)])
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<ReleaseService>();
    v.links.forEach((link, i) => {
      if (seen.has(link.service)) ctx.addIssue({ code: "custom", path: ["links", i, "service"], message: `${SERVICE_LABELS[link.service]} is listed twice` });
      seen.add(link.service);
      const problem = serviceLinkProblem(link.service, link.url);
      if (problem) ctx.addIssue({ code: "custom", path: ["links", i, "url"], message: `The ${SERVICE_LABELS[link.service]} link ${problem}` });
    });
    if (new Set(v.trackIds).size !== v.trackIds.length) ctx.addIssue({ code: "custom", path: ["trackIds"], message: "A track is listed twice" });
    if (v.downloadTrackId && v.downloadFile) ctx.addIssue({ code: "custom", path: ["downloadFile"], message: "Offer one free download: a track or a file, not both" });
    if (v.downloadTrackId && !v.trackIds.includes(v.downloadTrackId)) ctx.addIssue({ code: "custom", path: ["downloadTrackId"], message: "The free download must be one of the release's tracks" });
  });
export type ReleaseInput = z.input<typeof releaseInput>;
export type ReleaseValues = z.output<typeof releaseInput>;

/** POST /api/releases/{id}/notify ('E-mail me when it is out'); `subscribe` also joins the mailing list (its own confirmation). */
export const releaseNotifyInput = z.object({
  email: emailField(),
  subscribe: z.boolean({ message: "subscribe must be true or false" }).optional().default(false),
  website: text().max(1000).optional(),
  page: text().max(2000).optional(),
  referrer: text().max(2000).optional(),
});
export type ReleaseNotifyInput = z.input<typeof releaseNotifyInput>;

/** POST /api/releases/{id}/download: the free download for the list (confirming the address joins the list). */
export const releaseDownloadInput = z.object({
  email: emailField(),
  website: text().max(1000).optional(),
  page: text().max(2000).optional(),
  referrer: text().max(2000).optional(),
});

export const LINK_MISSING = "This link is incomplete. Open the link in your email again.";
export const releaseTokenInput = z.object({ token: text({ message: LINK_MISSING }).trim().min(1, LINK_MISSING).max(200, "This link is not valid.") });

/** A tracklist entry as the public sees it: the audio only once the release is out; its lyrics' id when published lyrics have the song's name. */
export const releaseTrackRecord = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  artist: z.string(),
  duration: z.string(),
  audioUrl: z.string().nullable(),
  coverArtUrl: z.string(),
  lyricsId: z.number().nullable(),
});
export type ReleaseTrack = z.input<typeof releaseTrackRecord>;

const linkRecord = z.object({ service: z.enum(RELEASE_SERVICES), url: z.string() });

/**
 * A published release as the public sees it. `links` is empty until `releaseAt` (the answer is
 * rebuilt at that instant by itself, decision 041); `hasDownload`: the free download is offered.
 */
export const releaseRecord = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(RELEASE_TYPES),
  releaseAt: timestamp,
  description: z.string(),
  coverImage: z.string(),
  cover: responsiveImageRecord.nullish(),
  links: z.array(linkRecord),
  tracks: z.array(releaseTrackRecord),
  hasDownload: z.boolean(),
});
export type Release = z.input<typeof releaseRecord>;

/** What the admin sees and edits: every field, drafts too, and what the release brought. */
export const adminReleaseRecord = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(RELEASE_TYPES),
  releaseAt: timestamp,
  description: z.string(),
  coverImage: z.string(),
  links: z.array(linkRecord),
  trackIds: z.array(z.number()),
  published: z.boolean(),
  downloadTrackId: z.number().nullable(),
  downloadFile: z.string().nullable(),
  /** confirmed 'e-mail me' addresses, and how many of them were told it is out */
  notifyConfirmed: z.number(),
  notified: z.number(),
  /** confirmed downloads, files fetched, and addresses the download added to the mailing list */
  downloadFans: z.number(),
  downloads: z.number(),
  joinedList: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminRelease = z.input<typeof adminReleaseRecord>;

export const releaseAnswers = {
  list: dataAnswer(z.array(releaseRecord)),
  item: dataAnswer(releaseRecord),
  adminList: dataAnswer(z.array(adminReleaseRecord)),
  adminItem: dataAnswer(adminReleaseRecord),
  saved: savedAnswer(adminReleaseRecord),
};
