import { integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { shows } from "./content";
import { subscribers } from "./people";

/**
 * The presale code mails (issue 24): when a fan on the list last got a show's code. A request
 * claims the row (insert, or update when the last mail is older than the wait), so however many
 * requests name one address, from however many places or instances, it gets at most one mail
 * per show per wait. No address, no IP: the subscriber's row says who.
 */
export const presaleMails = pgTable(
  "presale_mails",
  {
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.subscriberId] })],
);
