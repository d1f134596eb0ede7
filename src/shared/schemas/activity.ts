import { z } from "zod";
import { timestamp } from "./answers";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageAnswer, wholeParam } from "./paging";
import { text } from "./text";

/** Issue 13: who changed what in the back office. */
export const MAX_ACTIVITY_PAGE_SIZE = MAX_PAGE_SIZE;
export const DEFAULT_ACTIVITY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** GET /api/admin/activity: every parameter optional; newest first. */
export const activityListQuery = z.object({
  page: wholeParam("page", 1, 1_000_000),
  pageSize: wholeParam("pageSize", 1, MAX_ACTIVITY_PAGE_SIZE),
  /** exact username as recorded */
  username: text({ message: "username must be text" }).trim().max(100, "username is too long").optional(),
  /** exact resource name (shows, users, settings...) */
  resource: text({ message: "resource must be text" }).trim().max(100, "resource is too long").optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;

export const activityEntry = z.object({
  id: z.number(),
  username: z.string(),
  /** create | update | delete | send | import | login | logout | ... */
  action: z.string(),
  resource: z.string(),
  recordId: z.string().nullable(),
  /** the record as a person names it ('The Pour House on Dec 5, 2025'), when known */
  summary: z.string().nullable(),
  /**
   * what the person did, in a band's words, without their name ('marked the show at The Pour
   * House on Dec 8 as Sold Out'): put the username before it to read the entry
   */
  description: z.string(),
  /** the changed fields and their new values; secrets are never recorded */
  changes: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestamp,
});
export type ActivityEntry = z.input<typeof activityEntry>;

export const activityAnswers = {
  page: pageAnswer(activityEntry).extend({
    /** the people and resources that have entries, for the page's filters */
    filters: z.object({ usernames: z.array(z.string()), resources: z.array(z.string()) }),
  }),
};
export type ActivityPage = z.input<typeof activityAnswers.page>;
