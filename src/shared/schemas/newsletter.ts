import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { multilineText, text } from "./text";

const flag = z.boolean({ message: "must be true or false" }).optional().default(false);

/**
 * POST /api/newsletter/send (spec section 7). With previewEmail set it sends one preview to
 * that address; otherwise it queues the newsletter for every matching subscriber.
 */
export const newsletterSendInput = z.object({
  subject: text({ message: "Please enter a subject for your newsletter." }).trim().min(1, "Please enter a subject for your newsletter.").max(200, "Subject is too long (200 characters at most)"),
  content: multilineText({ message: "Please enter content for your newsletter." }).trim().min(1, "Please enter content for your newsletter.").max(200_000, "Content is too long"),
  targetShows: flag,
  targetReleases: flag,
  targetMerch: flag,
  previewEmail: text()
    .trim()
    .max(254, "Email is too long")
    .pipe(z.union([z.literal(""), z.email({ message: "Please enter a valid email address" })]))
    .nullish(),
});
export type NewsletterSendInput = z.input<typeof newsletterSendInput>;

/** GET /api/newsletter/recipients?targetShows=true&... : the live recipient count. */
export const recipientsQuery = z.object({
  targetShows: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
  targetReleases: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
  targetMerch: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
});

export type DeliveryStatus = "pending" | "sending" | "sent" | "failed" | "unknown" | "skipped";

/** A newsletter with its delivery progress, for the admin's progress list. */
export const newsletterProgressRecord = z.object({
  id: z.number(),
  subject: z.string(),
  status: z.enum(["queued", "sending", "done"]),
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

/** One recipient whose delivery is in doubt (the SMTP server may or may not have taken it). */
const unknownRecipient = z.object({ email: z.string(), lastError: z.string().nullable() });

export const newsletterAnswers = {
  /** 202 after queueing, 200 after a preview */
  sent: savedAnswer(z.union([z.object({ newsletterId: z.number(), recipients: z.number() }), z.object({ preview: z.boolean(), recipients: z.number() })])),
  rendered: dataAnswer(z.object({ html: z.string(), text: z.string() })),
  recipients: dataAnswer(z.object({ count: z.number() })),
  progressList: dataAnswer(z.array(newsletterProgressRecord)),
  progress: dataAnswer(newsletterProgressRecord.extend({ unknownRecipients: z.array(unknownRecipient) })),
};
