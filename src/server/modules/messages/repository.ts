import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { MessageType } from "@shared/categories";
import type { MessageSort } from "@shared/schemas/messages";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";
import { containsPattern, tablePage, type TableSearch } from "../../db/table-page";

type Row = typeof messages.$inferSelect;

export function toMessage(r: Row) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    messageType: r.messageType,
    isRead: r.isRead,
    sentAt: r.sentAt.toISOString(),
  };
}

export async function insertMessage(db: Db, m: { name: string | null; email: string; messageType: MessageType; message: string }) {
  const [row] = await db.insert(messages).values(m).returning();
  return toMessage(row);
}

export async function listMessages(db: Db) {
  const rows = await db.select().from(messages).orderBy(desc(messages.sentAt), desc(messages.id));
  return rows.map(toMessage);
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ? toMessage(row) : null;
}

/** Messages not opened yet (the dashboard's count). */
export async function countUnread(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(eq(messages.isRead, false));
  return Number(row.n);
}

export async function setMessageRead(db: Db, id: number, isRead: boolean) {
  const [row] = await db.update(messages).set({ isRead }).where(eq(messages.id, id)).returning();
  return row ? toMessage(row) : null;
}

export async function deleteMessage(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  return rows.length > 0;
}

/** The inbox table's question (GET /api/admin/messages with parameters), defaults filled in. */
export interface MessageSearch extends TableSearch<MessageSort> {
  /** one type only (the inbox's tabs); absent: every type */
  type?: MessageType;
}

/** ORDER BY for a sort: the column, then newest first, then id (a stable order across pages). */
function orderOf(sort: MessageSort, dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tail = [desc(messages.sentAt), desc(messages.id)];
  switch (sort) {
    case "sentAt":
      return [by(messages.sentAt), by(messages.id)];
    case "name":
      // messages without a name come last either way
      return [sql`lower(${messages.name}) ${sql.raw(dir)} nulls last`, ...tail];
    case "email":
      return [by(messages.email), ...tail];
    case "messageType":
      return [by(messages.messageType), ...tail];
    case "isRead":
      return [by(messages.isRead), ...tail];
  }
}

/** One page of the inbox: `q` is found in the name, address or text, case-insensitive; `type` keeps one type. */
export async function searchMessages(db: Db, s: MessageSearch) {
  const pattern = s.q ? containsPattern(s.q) : undefined;
  const matchesText = pattern
    ? or(sql`lower(${messages.name}) like ${pattern}`, sql`lower(${messages.email}) like ${pattern}`, sql`lower(${messages.message}) like ${pattern}`)
    : undefined;
  const where = and(matchesText, s.type ? eq(messages.messageType, s.type) : undefined);
  const { rows, page } = await tablePage(db, messages, { where, orderBy: orderOf(s.sort, s.dir), page: s.page, pageSize: s.pageSize });
  return { data: rows.map(toMessage), page };
}
