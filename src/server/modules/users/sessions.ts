import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";

/** Ends a user's sessions, keeping `keepSessionId` (the admin making the change, if it is them). */
export async function deleteSessionsExcept(db: Db, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}
