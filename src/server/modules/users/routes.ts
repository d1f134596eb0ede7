import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import type { z } from "zod";
import { PRIMARY_ADMIN_ID } from "@shared/constants";
import { passwordProblem } from "@shared/password-strength";
import { adminUserAnswers, passwordSchema, userActiveInput, userCreateInput, userUpdateInput } from "@shared/schemas/users";
import { conflict, forbidden, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { deleteSessionsExcept } from "../../services/sessions";
import { changedSentence, changeList } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { recordActivities } from "../../plugins/record-activity";
import { createUser, deleteUser, findUser, isUniqueViolation, listUsers, setUserActive, updateUser } from "./repository";

const taken = (username: string) => conflict(`Username "${username}" is already taken. Please choose another.`);

/**
 * The common-password and guessability check needs the dictionary, so it runs here on top of the
 * shared schema (the admin form shows the same verdict in its strength meter before sending).
 */
function strongPassword(v: { username: string; password?: string }, ctx: z.RefinementCtx) {
  if (typeof v.password !== "string" || !passwordSchema.safeParse(v.password).success) return;
  const problem = passwordProblem(v.password, typeof v.username === "string" ? [v.username] : []);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
}
const createBody = userCreateInput.superRefine(strongPassword);
const updateBody = userUpdateInput.superRefine(strongPassword);

/**
 * Admin users (spec section 2). Every admin is equal, except that id 1 cannot be deactivated or
 * deleted, and nobody can deactivate or delete their own account.
 */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // admin accounts are never public; their passwords never reach the log (the global deny-list, and not worded)
  const fields = { username: { label: "username" }, email: { label: "e-mail" } };
  const log = recordActivities({ resource: "users", noun: "admin", name: (user) => user.username, quote: false, fields, find: (id: number) => findUser(app.db, id) });
  type User = NonNullable<Awaited<ReturnType<typeof findUser>>>;
  const effects = { invalidates: [] };

  app.get("/api/users", { schema: { response: { 200: adminUserAnswers.list } } }, async () => ({ success: true, data: await listUsers(app.db) }));

  app.get("/api/users/:id", { schema: { params: idParams, response: { 200: adminUserAnswers.item } } }, async (request) => {
    const user = await findUser(app.db, request.params.id);
    if (!user) throw notFound("User not found");
    return { success: true, data: user };
  });

  app.post("/api/users", { schema: { body: createBody, response: { 201: adminUserAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    try {
      const user = await createUser(app.db, request.body);
      return reply.status(201).send({ success: true, message: "User created", data: user });
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(request.body.username);
      throw err;
    }
  });

  app.put(
    "/api/users/:id",
    {
      schema: { params: idParams, body: updateBody, response: { 200: adminUserAnswers.saved } },
      config: {
        ...effects,
        activity: activity<User, User, { password?: string }>({
          resource: "users",
          before: ({ params }) => findUser(app.db, params.id),
          summary: ({ after }) => after?.username,
          describe: ({ before, after, body }) => {
            const list = [changeList(before, after, fields), body.password ? "new password (signed out elsewhere)" : ""].filter(Boolean).join(", ");
            return changedSentence(`admin ${before?.username ?? after!.username}`, list);
          },
        }),
      },
    },
    async (request) => {
    const { id } = request.params;
    try {
      const user = await updateUser(app.db, id, request.body);
      if (!user) throw notFound("User not found");
      // A changed password signs the user out everywhere but here.
      if (request.body.password) await deleteSessionsExcept(app.db, id, request.auth?.sessionId);
      return { success: true, message: "User updated", data: user };
    } catch (err) {
      if (isUniqueViolation(err)) throw taken(request.body.username);
      throw err;
    }
  });

  app.put(
    "/api/users/:id/active",
    {
      schema: { params: idParams, body: userActiveInput, response: { 200: adminUserAnswers.saved } },
      config: { ...effects, activity: log.switched("isActive", (the) => `activated ${the}`, (the) => `deactivated ${the} (signed out everywhere)`, ["activate", "deactivate"]) },
    },
    async (request) => {
    const { id } = request.params;
    if (id === PRIMARY_ADMIN_ID && !request.body.isActive) throw forbidden("The primary admin cannot be deactivated");
    // Locking yourself out by mistake is never what was meant; another admin can do it.
    if (id === request.auth?.user.id && !request.body.isActive) throw forbidden("You cannot deactivate your own account");
    const user = await setUserActive(app.db, id, request.body.isActive);
    if (!user) throw notFound("User not found");
    return { success: true, message: user.isActive ? "Activated" : "Deactivated", data: user };
  });

  app.delete("/api/users/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    const { id } = request.params;
    if (id === PRIMARY_ADMIN_ID) throw forbidden("The primary admin cannot be deleted");
    if (id === request.auth?.user.id) throw forbidden("You cannot delete your own account");
    if (!(await deleteUser(app.db, id))) throw notFound("User not found");
    return { success: true, message: "User deleted" };
  });
};
