import { z } from "zod";
import { isRegionCode } from "../regions";
import { dataAnswer, messageAnswer, savedAnswer, timestamp } from "./answers";
import { multilineText, text } from "./text";
import { nearbyMiles } from "./shows";

const flag = z.boolean({ message: "must be true or false" }).optional().default(false);

/** How many regions one newsletter may name (every state and a few countries fit). */
const MAX_REGIONS = 300;

/** Each code must be one of shared/regions.ts; the message names the first code that is not. */
function checkRegionCodes(codes: string[], ctx: z.RefinementCtx) {
  const bad = codes.find((c) => !isRegionCode(c));
  if (bad !== undefined) ctx.addIssue({ code: "custom", message: `Unknown region '${bad.slice(0, 20)}': choose US states or countries from the list` });
}

/** Regions a newsletter is restricted to (absent or empty: everyone), without duplicates. */
const regionsField = z
  .array(text({ message: "Each region must be a region code such as US-NC or DE" }).trim(), { message: "Regions must be a list of region codes" })
  .max(MAX_REGIONS, "Too many regions")
  .superRefine(checkRegionCodes)
  .transform((codes) => [...new Set(codes)])
  .optional()
  .default([]);

/** A newsletter may be scheduled at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
export const SCHEDULE_IN_PAST = "Choose a time in the future.";
export const SCHEDULE_TOO_FAR = "Choose a time within the next year.";

/**
 * When to start sending: ISO 8601 with an offset ('2031-12-05T19:00:00-05:00'); absent: now.
 * The checks against the clock run where the schema is parsed (the server's clock decides).
 */
const isoWithOffset = z
  .string({ message: "Schedule must be a date and time" })
  .pipe(z.iso.datetime({ offset: true, message: "Schedule must be an ISO 8601 date and time with an offset" }));
const scheduledAtInstant = isoWithOffset.superRefine((iso, ctx) => {
  const at = Date.parse(iso);
  if (at <= Date.now()) ctx.addIssue({ code: "custom", message: SCHEDULE_IN_PAST });
  else if (at > Date.now() + MAX_SCHEDULE_AHEAD_MS) ctx.addIssue({ code: "custom", message: SCHEDULE_TOO_FAR });
});
const scheduledAtField = scheduledAtInstant.nullish();

const SUBJECT_MAX = 200;
const SUBJECT_TOO_LONG = "Subject is too long (200 characters at most)";
const CONTENT_MAX = 200_000;
const CONTENT_TOO_LONG = "Content is too long";

/** Fans near a show (issue 24): `{ showId, miles }` or nothing (anywhere). */
const nearField = z
  .object(
    {
      showId: z.number({ message: "near.showId must be a show's id" }).int("near.showId must be a show's id").positive("near.showId must be a show's id").max(2147483647, "near.showId must be a show's id"),
      miles: nearbyMiles,
    },
    { message: "near must be { showId, miles }" },
  )
  .nullish();
/** The same as the answers send it. */
const nearRecord = z.object({ showId: z.number(), miles: z.number() }).nullable();

/**
 * POST /api/newsletter/send (spec section 7). With previewEmail set it sends one preview to
 * that address; otherwise it queues the newsletter for every matching subscriber.
 */
export const newsletterSendInput = z.object({
  subject: text({ message: "Please enter a subject for your newsletter." }).trim().min(1, "Please enter a subject for your newsletter.").max(SUBJECT_MAX, SUBJECT_TOO_LONG),
  content: multilineText({ message: "Please enter content for your newsletter." }).trim().min(1, "Please enter content for your newsletter.").max(CONTENT_MAX, CONTENT_TOO_LONG),
  targetShows: flag,
  targetReleases: flag,
  targetMerch: flag,
  previewEmail: text()
    .trim()
    .max(254, "Email is too long")
    .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })]))
    .nullish(),
  regions: regionsField,
  scheduledAt: scheduledAtField,
  /** only fans placed within `miles` of this show's venue (issue 24), on top of interests and regions; absent: anywhere */
  near: nearField,
  /** the draft this newsletter was written in (issue 21): a real send or a schedule discards it; a preview keeps it */
  draftId: z.number({ message: "draftId must be a draft's id" }).int("draftId must be a draft's id").positive("draftId must be a draft's id").max(2147483647, "draftId must be a draft's id").nullish(),
});
export type NewsletterSendInput = z.input<typeof newsletterSendInput>;

/**
 * PUT /api/newsletters/:id: a scheduled newsletter changed before it starts (issue 21). The same
 * fields and rules as a scheduled send; the time is required (it stays scheduled).
 */
export const newsletterEditInput = newsletterSendInput.omit({ previewEmail: true, draftId: true, scheduledAt: true }).extend({ scheduledAt: scheduledAtInstant });
export type NewsletterEditInput = z.input<typeof newsletterEditInput>;

/** How many drafts the band may keep at once (a few people write a few newsletters). */
export const MAX_DRAFTS = 50;

/**
 * POST /api/newsletter/drafts and PUT /api/newsletter/drafts/:id (issue 21): the composer as it
 * is, autosaved. Nothing is required (a draft may be half written) but the send's length limits
 * hold; a time may be in the past (the Send tab says so when the draft is opened). `revision` is
 * the draft's revision the composer last saw: a save against an older one is a 409, so two
 * screens never overwrite each other silently (absent: save over whatever is there).
 */
export const newsletterDraftInput = z.object({
  subject: text({ message: "Subject must be text" }).max(SUBJECT_MAX, SUBJECT_TOO_LONG).optional().default(""),
  content: multilineText({ message: "Content must be text" }).max(CONTENT_MAX, CONTENT_TOO_LONG).optional().default(""),
  targetShows: z.boolean({ message: "must be true or false" }).optional().default(true),
  targetReleases: z.boolean({ message: "must be true or false" }).optional().default(true),
  targetMerch: z.boolean({ message: "must be true or false" }).optional().default(true),
  regions: regionsField,
  scheduledAt: isoWithOffset.nullish(),
  /** fans near a show, as the Send tab had it (checked when sent, not while a draft) */
  near: nearField,
  revision: z.number({ message: "revision must be a whole number" }).int("revision must be a whole number").positive("revision must be a whole number").max(2147483647, "revision is too large").optional(),
});
export type NewsletterDraftInput = z.input<typeof newsletterDraftInput>;

/** A draft as the server keeps it: who last changed it and when. */
export const newsletterDraftRecord = z.object({
  id: z.number(),
  subject: z.string(),
  content: z.string(),
  targetShows: z.boolean(),
  targetReleases: z.boolean(),
  targetMerch: z.boolean(),
  regions: z.array(z.string()),
  scheduledAt: timestamp.nullable(),
  near: nearRecord,
  revision: z.number(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type NewsletterDraft = z.input<typeof newsletterDraftRecord>;

/**
 * GET /api/newsletter/recipients?targetShows=true&...&regions=US-NC,US-SC : the live recipient
 * count, with the same filters as a send (regions absent or empty: everyone).
 */
export const recipientsQuery = z.object({
  targetShows: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
  targetReleases: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
  targetMerch: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
  regions: z
    .string()
    .max(MAX_REGIONS * 8, "Too many regions")
    .optional()
    .transform((v) => [...new Set((v ?? "").split(",").map((c) => c.trim()).filter(Boolean))])
    .superRefine(checkRegionCodes),
  /** fans within nearMiles of this show's venue (issue 24); both or neither */
  nearShowId: z.string().regex(/^\d{1,9}$/, "nearShowId must be a show's id").transform(Number).optional(),
  nearMiles: z.string().regex(/^\d{1,4}$/, "nearMiles must be a whole number of miles").transform(Number).pipe(nearbyMiles).optional(),
}).superRefine((q, ctx) => {
  if ((q.nearShowId === undefined) !== (q.nearMiles === undefined)) ctx.addIssue({ code: "custom", path: [q.nearShowId === undefined ? "nearShowId" : "nearMiles"], message: "Give both nearShowId and nearMiles, or neither" });
});

export type DeliveryStatus = "pending" | "sending" | "sent" | "failed" | "unknown" | "skipped";

/** A newsletter with its delivery progress, for the admin's progress list. */
export const newsletterProgressRecord = z.object({
  id: z.number(),
  subject: z.string(),
  /** scheduled: waits for scheduledAt (recipients chosen when it starts); cancelled: never sent */
  status: z.enum(["scheduled", "cancelled", "queued", "sending", "done"]),
  /** only subscribers in these regions; empty: everyone */
  regions: z.array(z.string()),
  /** only fans within `miles` of this show (issue 24); `venue` names it (null once the show is deleted) */
  near: z.object({ showId: z.number(), miles: z.number(), venue: z.string().nullable() }).nullable(),
  scheduledAt: timestamp.nullable(),
  /** 0 until a scheduled newsletter starts */
  totalRecipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  unknown: z.number(),
  skipped: z.number(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
export type NewsletterProgress = z.input<typeof newsletterProgressRecord>;

/** What a newsletter says and whom it is for: `content` as the band wrote it (older ones: the sanitised HTML). */
const newsletterContentFields = {
  content: z.string(),
  targetShows: z.boolean(),
  targetReleases: z.boolean(),
  targetMerch: z.boolean(),
};
export type NewsletterDetails = z.input<typeof newsletterAnswers.progress>["data"];

/** One recipient whose delivery is in doubt (the SMTP server may or may not have taken it). */
const unknownRecipient = z.object({ email: z.string(), lastError: z.string().nullable() });

export const newsletterAnswers = {
  /** 202 after queueing, 200 after a preview */
  sent: savedAnswer(
    z.union([
      z.object({ newsletterId: z.number(), recipients: z.number() }),
      z.object({ preview: z.boolean(), recipients: z.number() }),
      // scheduled: recipients are chosen when it starts
      z.object({ newsletterId: z.number(), scheduledAt: timestamp }),
    ]),
  ),
  cancelled: messageAnswer,
  rendered: dataAnswer(z.object({ html: z.string(), text: z.string() })),
  /** count: who it reaches now; waiting: how many more match but have not confirmed their address (issue 21) */
  recipients: dataAnswer(z.object({ count: z.number(), waiting: z.number() })),
  progressList: dataAnswer(z.array(newsletterProgressRecord)),
  /** one newsletter: its progress, and what it says and to whom (a scheduled one is edited from it) */
  progress: dataAnswer(newsletterProgressRecord.extend({ unknownRecipients: z.array(unknownRecipient), ...newsletterContentFields })),
  /** after PUT /api/newsletters/:id: the newsletter as it is now scheduled */
  edited: savedAnswer(newsletterProgressRecord.extend(newsletterContentFields)),
  drafts: dataAnswer(z.array(newsletterDraftRecord)),
  draft: dataAnswer(newsletterDraftRecord),
  draftSaved: savedAnswer(newsletterDraftRecord),
  /** after a discard: which draft went (the activity log names it) */
  draftDiscarded: savedAnswer(z.object({ id: z.number(), subject: z.string() })),
};
