import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { DEFAULT_ACTIVITY_PAGE_SIZE, type ActivityListQuery } from "@shared/schemas/activity";
import type { Db } from "../../db/client";
import { activityLog } from "../../db/schema";
import { describeOlderEntry } from "./older-entries";

/** One page of the log, newest first, with the total and the names the filters offer. */
export async function listActivity(db: Db, query: ActivityListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_ACTIVITY_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.username) conditions.push(eq(activityLog.username, query.username));
  if (query.resource) conditions.push(eq(activityLog.resource, query.resource));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [{ total }], usernames, resources] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(activityLog).where(where),
    db.selectDistinct({ name: activityLog.username }).from(activityLog).orderBy(activityLog.username),
    db.selectDistinct({ name: activityLog.resource }).from(activityLog).orderBy(activityLog.resource),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      username: r.username,
      action: r.action,
      resource: r.resource,
      recordId: r.recordId,
      summary: r.summary,
      // entries from before issue 22 are worded from what they hold
      description: r.description ?? describeOlderEntry({ ...r, changes: r.changes ?? null }),
      changes: r.changes ?? null,
      createdAt: r.createdAt,
    })),
    page: { total: Number(total), page, pageSize },
    filters: { usernames: usernames.map((u) => u.name), resources: resources.map((r) => r.name) },
  };
}
