import { count, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** `%`, `_` and `\` typed by the admin are letters to find, not LIKE wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern for "contains `q`", lower-cased (compare with lower(column)). */
export const containsPattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** What an admin table asks, defaults filled in: each resource adds its own filters. */
export interface TableSearch<Sort extends string> {
  q?: string;
  sort: Sort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** A table's question with its defaults filled in. */
export interface TablePageQuestion {
  where?: SQL;
  orderBy: (SQL | PgColumn)[];
  page: number;
  pageSize: number;
}

/**
 * One page of an admin table and how many rows match in all. Two statements (a count(*) over()
 * would turn the LIMIT's top-N sort into a sort of every match), and the count only when the
 * page does not tell it: a page that is not full is the last one.
 */
export async function tablePage<T extends PgTable>(db: Db, table: T, q: TablePageQuestion) {
  const offset = (q.page - 1) * q.pageSize;
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(offset)) as T["$inferSelect"][];
  const lastPage = rows.length > 0 ? rows.length < q.pageSize : q.page === 1;
  const total = lastPage
    ? offset + rows.length
    : (
        await db
          .select({ total: count() })
          .from(table as PgTable)
          .where(q.where)
      )[0].total;
  return { rows, page: { total, page: q.page, pageSize: q.pageSize } };
}
