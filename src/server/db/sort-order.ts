import { inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { badRequest } from "../lib/http-error";

/**
 * Stores an admin's order: `ids[i]` gets sort_order i. The ids must be exactly the rows that
 * exist (else a 400 and nothing changes), read and written in one transaction so a row added or
 * deleted meanwhile cannot slip through.
 */
export async function saveSortOrder(db: Db, table: PgTable, columns: { id: PgColumn; sortOrder: PgColumn }, ids: number[]) {
  await db.transaction(async (tx) => {
    const existing = (await tx.select({ id: columns.id }).from(table)).map((r) => r.id as number);
    const asked = new Set(ids);
    if (existing.length !== ids.length || existing.some((id) => !asked.has(id))) {
      const message = "must list every item exactly once (reload the list and try again)";
      throw badRequest(`ids: ${message}`, { ids: message });
    }
    if (ids.length === 0) return;
    // one statement: sort_order = position of the id in the list
    const position = sql.join(
      ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
      sql` `,
    );
    await tx
      .update(table)
      // every table ordered this way names its column `sortOrder`
      .set({ sortOrder: sql`case ${columns.id} ${position} end` } as never)
      .where(inArray(columns.id, ids));
  });
}
