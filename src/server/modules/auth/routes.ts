import { sql } from "drizzle-orm";
import { messageAnswer } from "@shared/schemas/answers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authAnswers, loginInput } from "@shared/schemas/auth";
import { users } from "../../db/schema";
import { unauthorized } from "../../lib/http-error";
import { clearSessionCookie, getSession, requireAdmin, setSessionCookie } from "../../plugins/auth";
import { verifyPassword } from "../../services/passwords";
import { createSession, deleteSession } from "../../services/sessions";

/** Login, me, refresh and logout. They sit outside the admin scope because login cannot need a session. */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/admin/login",
    {
      schema: { body: loginInput, response: { 200: authAnswers.login } },
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // 'ADMIN' signs in as 'admin' (the schema applied NFKC); same index as the uniqueness rule.
      // An unknown name still costs one argon2 verify, so timing does not tell which was wrong.
      const [user] = await app.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok || !user.isActive || !user.isAdmin) {
        // not the username: people type their password into it by mistake
        request.log.info("login refused");
        throw unauthorized("Invalid username or password");
      }
      const { token, csrfToken } = await createSession(app.db, user.id);
      setSessionCookie(app, reply, token);
      const record = { id: user.id, username: user.username, isAdmin: user.isAdmin };
      return { success: true, message: "Login successful", data: record, user: record, token, csrfToken };
    },
  );

  app.get("/api/admin/me", { schema: { response: { 200: authAnswers.me } } }, async (request) => {
    const auth = await getSession(app, request);
    if (!auth) throw unauthorized();
    return { success: true, data: auth.user, user: auth.user, csrfToken: auth.csrfToken };
  });

  // Rotation: the old token stops working the moment the new one is issued.
  app.post("/api/refresh-token", { schema: { response: { 200: authAnswers.refreshed } } }, async (request, reply) => {
    const auth = await requireAdmin(app, request);
    await deleteSession(app.db, auth.sessionId);
    const { token, csrfToken } = await createSession(app.db, auth.user.id);
    setSessionCookie(app, reply, token);
    return { success: true, message: "Token refreshed", token, csrfToken, user: auth.user };
  });

  app.post("/api/admin/logout", { schema: { response: { 200: messageAnswer } } }, async (request, reply) => {
    const auth = await requireAdmin(app, request);
    await deleteSession(app.db, auth.sessionId);
    clearSessionCookie(reply);
    return { success: true, message: "Logged out" };
  });
};
