import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SubscriberSort, SubscriberStatus } from "@shared/schemas/subscribers";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { containsPattern, tablePage, type TableSearch } from "../../db/table-page";
import { toSubscriber } from "./repository";

/** The admin table's question (GET /api/subscribers with parameters), defaults filled in. */
export interface SubscriberSearch extends TableSearch<SubscriberSort> {
  interest?: "shows" | "releases" | "merch";
  region?: string;
  status?: SubscriberStatus;
}


/**
 * The four statuses are exclusive, in this order of precedence: a bounce shows whatever else is
 * true, then an unsubscribe; what is left is verified or still pending. The filter and the
 * status sort read the same rule.
 */
function statusIs(status: SubscriberStatus): SQL {
  const notBounced = isNull(subscribers.bouncedAt);
  switch (status) {
    case "bounced":
      return isNotNull(subscribers.bouncedAt);
    case "unsubscribed":
      return and(notBounced, eq(subscribers.isSubscribed, false))!;
    case "verified":
      return and(notBounced, eq(subscribers.isSubscribed, true), eq(subscribers.isVerified, true))!;
    case "pending":
      return and(notBounced, eq(subscribers.isSubscribed, true), eq(subscribers.isVerified, false))!;
  }
}

const statusRank = sql`case when ${subscribers.bouncedAt} is not null then 3 when not ${subscribers.isSubscribed} then 2 when ${subscribers.isVerified} then 1 else 0 end`;

const interestColumn = { shows: subscribers.showsInterest, releases: subscribers.releasesInterest, merch: subscribers.merchInterest } as const;

function whereOf(s: SubscriberSearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (s.q) {
    // lower() and LIKE rather than ILIKE: the same answer, and faster on PGlite; addresses are
    // stored lower-cased already
    const pattern = containsPattern(s.q);
    conditions.push(or(sql`lower(${subscribers.name}) like ${pattern}`, sql`${subscribers.email} like ${pattern}`)!);
  }
  if (s.interest) conditions.push(eq(interestColumn[s.interest], true));
  if (s.region) conditions.push(eq(subscribers.region, s.region));
  if (s.status) conditions.push(statusIs(s.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * ORDER BY for a sort: the column, then id, both in the asked direction (so the
 * (subscribed_at, id) index serves the default order, read backwards). Empty names and regions
 * come last either way; names sort without regard to case.
 */
function orderOf(sort: SubscriberSort, dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const direction = sql.raw(dir);
  switch (sort) {
    case "name":
      return [sql`lower(${subscribers.name}) ${direction} nulls last`, by(subscribers.id)];
    case "email":
      return [by(subscribers.email)]; // unique
    case "subscribedAt":
      return [by(subscribers.subscribedAt), by(subscribers.id)];
    case "region":
      return [sql`${subscribers.region} ${direction} nulls last`, by(subscribers.id)];
    case "status":
      return [sql`${statusRank} ${direction}`, by(subscribers.id)];
  }
}

/** One page of the admin table and how many rows match in all (server/db/table-page.ts). */
export async function searchSubscribers(db: Db, s: SubscriberSearch) {
  const { rows, page } = await tablePage(db, subscribers, { where: whereOf(s), orderBy: orderOf(s.sort, s.dir), page: s.page, pageSize: s.pageSize });
  return { data: rows.map(toSubscriber), page };
}
