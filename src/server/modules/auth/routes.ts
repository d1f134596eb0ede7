import { messageAnswer } from "@shared/schemas/answers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { authApi } from "@shared/api/auth";
import { ACCOUNT_DEACTIVATED, FORGOT_PASSWORD_ANSWER, authAnswers, changePasswordInput, forgotPasswordInput, loginInput, resetLinkCheckAnswer, resetLinkCheckInput, resetPasswordInput } from "@shared/schemas/auth";
import { users } from "../../db/schema";
import { eq, sql } from "drizzle-orm";
import { badRequest, forbidden, unauthorized } from "../../lib/http-error";
import { recordActivity } from "../../plugins/activity-log";
import { clearSessionCookie, getSession, requireAdmin, setSessionCookie } from "../../plugins/auth";
import { activity } from "../../plugins/route-effects";
import { sendInBackground } from "../../services/mailer";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { createSession, deleteSession, deleteSessionsExcept, endResetLinks } from "../../services/sessions";
import { buildResetMails, checkNewPassword, resetLinkIsValid, resetPassword } from "./password-reset";

/** Login, me, refresh and logout. They sit outside the admin scope because login cannot need a session. */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/admin/login",
    {
      schema: { body: loginInput, response: { 200: authAnswers.login } },
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // 'ADMIN' signs in as 'admin' (the schema applied NFKC); same index as the uniqueness rule.
      // An unknown name still costs one argon2 verify, so timing does not tell which was wrong.
      const [user] = await app.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok || !user.isAdmin) {
        // not the username: people type their password into it by mistake
        request.log.info("login refused");
        throw unauthorized("Invalid username or password");
      }
      if (!user.isActive) {
        request.log.info("login refused: account deactivated");
        throw forbidden(ACCOUNT_DEACTIVATED);
      }
      const { token, csrfToken } = await createSession(app.db, user.id);
      setSessionCookie(app, reply, token);
      await recordActivity(app, { userId: user.id, username: user.username, action: "login", resource: "session", description: "signed in" });
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
    await recordActivity(app, { userId: auth.user.id, username: auth.user.username, action: "logout", resource: "session", description: "signed out" });
    return { success: true, message: "Logged out" };
  });

  // Issue 13. The answer is the same, and as fast, for a known and an unknown address: the
  // lookup and the mail happen after it (sendInBackground).
  app.post(
    authApi.forgotPassword,
    {
      schema: { body: forgotPasswordInput, response: { 200: messageAnswer } },
      config: { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } },
    },
    async (request) => {
      const { email } = request.body;
      sendInBackground(app, () => buildResetMails(app, email), "password reset");
      return { success: true, message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    authApi.resetLinkCheck,
    {
      schema: { body: resetLinkCheckInput, response: { 200: resetLinkCheckAnswer } },
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } },
    },
    async (request) => ({ success: true, data: { valid: await resetLinkIsValid(app, request.body.token) } }),
  );

  app.post(
    authApi.resetPassword,
    {
      schema: { body: resetPasswordInput, response: { 200: messageAnswer } },
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } },
    },
    async (request) => {
      const user = await resetPassword(app, request.body.token, request.body.password);
      await recordActivity(app, { userId: user.id, username: user.username, action: "reset password", resource: "account", recordId: String(user.id), summary: user.username, description: "reset their password with a mailed link (signed out everywhere)" });
      return { success: true, message: "Your password has been reset and you were signed out everywhere. Log in with your new password." };
    },
  );
};

/** The signed-in admin's own password (issue 13): the current one is asked again; other sessions end, this one stays. */
export const authAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    authApi.ownPassword,
    {
      schema: { body: changePasswordInput, response: { 200: messageAnswer } },
      config: {
        rateLimit: { max: app.config.LOGIN_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS },
        invalidates: [],
        activity: activity({
          resource: "account",
          action: "change password",
          changes: false,
          describe: () => "changed their password (their other sessions were signed out)",
        }),
      },
    },
    async (request) => {
      const auth = request.auth!;
      const [user] = await app.db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
      if (!(await verifyPassword(user?.passwordHash, request.body.currentPassword))) {
        throw badRequest("currentPassword: Current password is incorrect", { currentPassword: "Current password is incorrect" });
      }
      checkNewPassword(request.body.newPassword, auth.user.username, "newPassword");
      await app.db.update(users).set({ passwordHash: await hashPassword(request.body.newPassword) }).where(eq(users.id, auth.user.id));
      await deleteSessionsExcept(app.db, auth.user.id, auth.sessionId);
      await endResetLinks(app.db, auth.user.id);
      return { success: true, message: "Password changed. Your other sessions were signed out." };
    },
  );
};
