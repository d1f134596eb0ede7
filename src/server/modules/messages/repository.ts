import { desc, eq } from "drizzle-orm";
import type { MessageType } from "@shared/categories";
import type { Db } from "../../db/client";
import { messages } from "../../db/schema";

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

export async function insertMessage(db: Db, m: { name: string | null; email: string; messageType: MessageType; message: string; ip: string }) {
  const [row] = await db.insert(messages).values(m).returning();
  return toMessage(row);
}

export async function listMessages(db: Db) {
  const rows = await db.select().from(messages).orderBy(desc(messages.sentAt), desc(messages.id));
  return rows.map(toMessage);
}

export async function setMessageRead(db: Db, id: number, isRead: boolean) {
  const [row] = await db.update(messages).set({ isRead }).where(eq(messages.id, id)).returning();
  return row ? toMessage(row) : null;
}

export async function deleteMessage(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id });
  return rows.length > 0;
}
