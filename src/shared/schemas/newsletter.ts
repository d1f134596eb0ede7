import { z } from "zod";
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

/** Subscriber Stats card: every subscriber, and how many chose each interest. */
export interface SubscriberStats {
  total: number;
  verified: number;
  shows: number;
  releases: number;
  merch: number;
}

export type DeliveryStatus = "pending" | "sending" | "sent" | "failed" | "unknown" | "skipped";

/** A newsletter with its delivery progress, for the admin's progress list. */
export interface NewsletterProgress {
  id: number;
  subject: string;
  status: "queued" | "sending" | "done";
  totalRecipients: number;
  sent: number;
  failed: number;
  pending: number;
  unknown: number;
  skipped: number;
  createdAt: string;
  completedAt: string | null;
}
