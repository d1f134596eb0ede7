import { z } from "zod";
import { dataAnswer, savedAnswer } from "./answers";
import { regionField, subscriberNameField } from "./subscribers";
import { optionalPlace } from "./places";
import { text } from "./text";

/**
 * The fan's own preferences page (issue 12): reached without an account through the personal
 * link in every mail (verification aside). The token is the only authority: it names one
 * subscriber, and no answer says anything about anyone else.
 */

export const PREFERENCES_INVALID = "This preferences link is not valid. Please use the link in the latest mail you got from us.";
export const PREFERENCES_DELETED = "This subscription was deleted. Nothing more is stored about you.";
export const PREFERENCES_SAVED = "Your preferences have been saved.";
export const PREFERENCES_UNSUBSCRIBED = "You have been unsubscribed. You will not receive any more newsletters.";
export const PREFERENCES_ERASED = "Your subscription has been deleted. Nothing more is stored about you.";
export const NO_INTEREST = "Choose at least one: shows, releases or merch.";

const tokenField = text({ message: PREFERENCES_INVALID }).trim().min(1, PREFERENCES_INVALID).max(200, PREFERENCES_INVALID);

/** GET /api/preferences?token=.. ; DELETE may carry the token here too */
export const preferencesQuery = z.object({ token: tokenField });

/** POST /api/preferences/unsubscribe, DELETE /api/preferences */
export const preferencesTokenInput = z.object({ token: tokenField });

/** PUT /api/preferences: what the fan may change. At least one interest: to get nothing, unsubscribe. */
export const preferencesInput = z.object({
  token: tokenField,
  name: subscriberNameField.nullish(),
  interests: z
    .object(
      {
        shows: z.boolean({ message: "interests.shows must be true or false" }),
        releases: z.boolean({ message: "interests.releases must be true or false" }),
        merch: z.boolean({ message: "interests.merch must be true or false" }),
      },
      { message: "Interests must be an object" },
    )
    .refine((i) => i.shows || i.releases || i.merch, NO_INTEREST),
  region: regionField.nullish(),
  /** 'Your city or ZIP' (issue 24): absent keeps it, blank clears it */
  place: optionalPlace.optional(),
});
export type PreferencesInput = z.input<typeof preferencesInput>;

/** The fan's own record, as only they see it. */
export const preferencesRecord = z.object({
  name: z.string().nullable(),
  email: z.string(),
  interests: z.object({ shows: z.boolean(), releases: z.boolean(), merch: z.boolean() }),
  region: z.string().nullable(),
  /** 'Your city or ZIP' as typed, and whether the gazetteer placed it */
  place: z.string().nullable(),
  placed: z.boolean(),
  /** false after an unsubscribe: coming back takes a new signup and confirmation */
  isSubscribed: z.boolean(),
});
export type Preferences = z.input<typeof preferencesRecord>;

export const preferencesAnswers = { item: dataAnswer(preferencesRecord), saved: savedAnswer(preferencesRecord) };
