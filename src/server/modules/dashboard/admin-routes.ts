import { count, eq } from "drizzle-orm";
import { dashboardAnswers } from "@shared/schemas/dashboard";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messages, subscribers } from "../../db/schema";

/**
 * The dashboard's people counts (ARCHITECTURE.md: real numbers, not the spec's disabled 0).
 * Subscribers counts everyone still on the list (unsubscribed addresses are not subscribers);
 * unread messages counts messages not yet opened.
 */
export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/dashboard-counts", { schema: { response: { 200: dashboardAnswers.counts } } }, async () => {
    const [[subs], [unread]] = await Promise.all([
      app.db.select({ n: count() }).from(subscribers).where(eq(subscribers.isSubscribed, true)),
      app.db.select({ n: count() }).from(messages).where(eq(messages.isRead, false)),
    ]);
    return { success: true, data: { subscribers: Number(subs.n), unreadMessages: Number(unread.n) } };
  });
};
