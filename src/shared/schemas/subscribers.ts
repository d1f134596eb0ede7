import { z } from "zod";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, listOrPageAnswer, pageAnswer, searchParam, wholeParam } from "./paging";
import { text } from "./text";
import { isRegionCode } from "../regions";
import { optionalPlace } from "./places";

/** A US state ('US-NC') or a country outside the US ('DE'); see shared/regions.ts. */
export const regionField = text({ message: "Region must be text" })
  .trim()
  .max(10, "Unknown region")
  .refine((v) => v === "" || isRegionCode(v), "Unknown region: choose a US state or a country from the list")
  .transform((v) => v || null);

/** Trimmed, lower-cased e-mail: one address, one subscriber row. */
export const emailField = (required = "Email is required") =>
  text({ message: required })
    .trim()
    .min(1, required)
    .max(254, "Email is too long")
    .pipe(z.email({ message: "Please enter a valid email address" }))
    .transform((v) => v.toLowerCase());

/**
 * A fan's name, as the subscribe and preferences forms take it and the CSV import reads each row
 * (one rule, issue 20): one line, no control characters, trimmed, 100 characters at most.
 */
export const subscriberNameField = text({ message: "Name must be text" }).trim().max(100, "Name is too long (100 characters at most)");

/**
 * POST /api/subscribe (spec sections 3 and 5). `website` is a honeypot: people never see it,
 * bots fill it in, and the server then answers as usual but stores nothing.
 */
export const subscribeInput = z.object({
  name: subscriberNameField.nullish(),
  email: emailField(),
  interests: z
    .object({
      shows: z.boolean({ message: "interests.shows must be true or false" }).optional().default(false),
      releases: z.boolean({ message: "interests.releases must be true or false" }).optional().default(false),
      merch: z.boolean({ message: "interests.merch must be true or false" }).optional().default(false),
    }, { message: "Interests must be an object" })
    .optional()
    .default({ shows: false, releases: false, merch: false }),
  /** optional: where the fan lives, so the band can write to the fans near a show */
  region: regionField.nullish(),
  /** optional (issue 24): 'Your city or ZIP', kept as typed and placed by the gazetteer, for the mails about shows nearby */
  place: optionalPlace,
  website: text().max(1000).optional(),
  /** optional (issue 23): the page the form was on, and document.referrer, for the stats' signups per source */
  page: text().max(2000).optional(),
  referrer: text().max(2000).optional(),
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
  region: z.string().nullable(),
  /** a permanent SMTP refusal: later newsletters skip the address until an admin reactivates it */
  bouncedAt: timestamp.nullable(),
  bounceReason: z.string().nullable(),
  /** 'form', 'import' or 'import-opted-in' */
  consentSource: z.string(),
});
export type Subscriber = z.input<typeof subscriberRecord>;

/**
 * Subscriber Stats card: every subscriber, and how many chose each interest; how many addresses
 * bounced, and the regions with the most fans (at most five, most first).
 */
export const subscriberStatsRecord = z.object({
  total: z.number(),
  verified: z.number(),
  shows: z.number(),
  releases: z.number(),
  merch: z.number(),
  bounced: z.number(),
  topRegions: z.array(z.object({ region: z.string(), count: z.number() })),
});
export type SubscriberStats = z.input<typeof subscriberStatsRecord>;

/**
 * Where a subscriber stands, one of four (the table's badge and status filter):
 * bounced (a permanent SMTP refusal, until reactivated) before unsubscribed before
 * verified / pending (subscribed, confirmed by mail or not yet).
 */
export const SUBSCRIBER_STATUSES = ["pending", "verified", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_SORTS = ["name", "email", "subscribedAt", "region", "status"] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];
export const SUBSCRIBER_INTERESTS = ["shows", "releases", "merch"] as const;
export const MAX_SUBSCRIBER_PAGE_SIZE = MAX_PAGE_SIZE;
export const DEFAULT_SUBSCRIBER_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * GET /api/subscribers: every parameter optional. Without any, the answer is the spec's plain
 * list; with any, one page of the search (see subscriberAnswers.page).
 */
export const subscriberListQuery = z.object({
  /** part of the name or e-mail address, case-insensitive */
  q: searchParam,
  interest: z.enum(SUBSCRIBER_INTERESTS, { message: "interest must be shows, releases or merch" }).optional(),
  region: text({ message: "region must be text" })
    .trim()
    .refine((v) => isRegionCode(v), "Unknown region: choose a US state or a country from the list")
    .optional(),
  status: z.enum(SUBSCRIBER_STATUSES, { message: "status must be pending, verified, unsubscribed or bounced" }).optional(),
  sort: z.enum(SUBSCRIBER_SORTS, { message: "sort must be name, email, subscribedAt, region or status" }).optional(),
  dir: z.enum(["asc", "desc"], { message: "dir must be asc or desc" }).optional(),
  page: wholeParam("page", 1, 1_000_000),
  pageSize: wholeParam("pageSize", 1, MAX_SUBSCRIBER_PAGE_SIZE),
});
/** the parameters as the table asks them (page numbers as numbers) */
export type SubscriberListQuery = z.output<typeof subscriberListQuery>;

export type { PageInfo } from "./paging";

export const subscriberAnswers = {
  list: dataAnswer(z.array(subscriberRecord)),
  /** a page of the admin table: the rows, and where they sit */
  page: pageAnswer(subscriberRecord),
  stats: dataAnswer(subscriberStatsRecord),
  /** POST /api/subscribers/:id/reactivate */
  saved: savedAnswer(subscriberRecord),
};
export type SubscriberPage = z.input<typeof subscriberAnswers.page>;
/** GET /api/subscribers: a page when asked with parameters (tried first: the plain list would drop `page`), else the list */
export const subscriberListOrPageAnswer = listOrPageAnswer(subscriberRecord);
