import { z } from "zod";
import { dataAnswer, timestamp } from "./answers";
import { text } from "./text";

/** Trimmed, lower-cased e-mail: one address, one subscriber row. */
export const emailField = (required = "Email is required") =>
  text({ message: required })
    .trim()
    .min(1, required)
    .max(254, "Email is too long")
    .pipe(z.email({ message: "Please enter a valid email address" }))
    .transform((v) => v.toLowerCase());

/**
 * POST /api/subscribe (spec sections 3 and 5). `website` is a honeypot: people never see it,
 * bots fill it in, and the server then answers as usual but stores nothing.
 */
export const subscribeInput = z.object({
  name: text({ message: "Name must be text" }).trim().max(100, "Name is too long (100 characters at most)").nullish(),
  email: emailField(),
  interests: z
    .object({
      shows: z.boolean({ message: "interests.shows must be true or false" }).optional().default(false),
      releases: z.boolean({ message: "interests.releases must be true or false" }).optional().default(false),
      merch: z.boolean({ message: "interests.merch must be true or false" }).optional().default(false),
    }, { message: "Interests must be an object" })
    .optional()
    .default({ shows: false, releases: false, merch: false }),
  website: text().max(1000).optional(),
});
export type SubscribeInput = z.input<typeof subscribeInput>;

export const SUBSCRIBE_SUCCESS = "Please check your email to verify your subscription.";

const tokenField = text({ message: "Invalid verification link. Missing token or email." }).trim().min(1, "Invalid verification link. Missing token or email.").max(200, "Invalid token");

/** GET /api/verify-email?email=..&token=.. */
export const verifyEmailQuery = z.object({
  email: text({ message: "Invalid verification link. Missing token or email." }).trim().min(1, "Invalid verification link. Missing token or email.").max(254, "Invalid email").transform((v) => v.toLowerCase()),
  token: tokenField,
});

export const VERIFY_SUCCESS = "Your email has been verified successfully!";

/**
 * POST /api/unsubscribe. The token can come in the query (RFC 8058 one-click: the mail client
 * posts `List-Unsubscribe=One-Click` as a form to the URL from the header) or in a JSON body
 * (the public confirmation page).
 */
export const unsubscribeParams = z.object({
  token: text({ message: "Missing unsubscribe token" }).trim().min(1, "Missing unsubscribe token").max(200, "Invalid unsubscribe token"),
  email: text().trim().max(254).optional(),
});

export const UNSUBSCRIBE_SUCCESS = "You have been unsubscribed. You will not receive any more newsletters.";

/** A subscriber as the admin list sends it: never a token or an IP address. */
export const subscriberRecord = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  showsInterest: z.boolean(),
  releasesInterest: z.boolean(),
  merchInterest: z.boolean(),
  isVerified: z.boolean(),
  isSubscribed: z.boolean(),
  verifiedAt: timestamp.nullable(),
  subscribedAt: timestamp,
});
export type Subscriber = z.input<typeof subscriberRecord>;

/** Subscriber Stats card: every subscriber, and how many chose each interest. */
export const subscriberStatsRecord = z.object({ total: z.number(), verified: z.number(), shows: z.number(), releases: z.number(), merch: z.number() });
export type SubscriberStats = z.input<typeof subscriberStatsRecord>;

export const subscriberAnswers = { list: dataAnswer(z.array(subscriberRecord)), stats: dataAnswer(subscriberStatsRecord) };
