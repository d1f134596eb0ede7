import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bandMemberActiveInput, bandMemberCreateInput, bandMemberUpdateInput } from "@shared/schemas/band-members";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { createMember, deleteMember, findMember, replaceMember, setMemberActive } from "./repository";

const missing = () => notFound("Band member not found");

/** Admin writes for band members (spec section 7). The lists are in public-routes.ts (?all=true for admins). */
export const bandMembersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/band-members/:id", { schema: { params: idParams } }, async (request) => {
    const member = await findMember(app.db, request.params.id);
    if (!member) throw missing();
    return { success: true, data: member };
  });

  app.post("/api/band-members", { schema: { body: bandMemberCreateInput } }, async (request, reply) => {
    const member = await createMember(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Band member created", data: member });
  });

  app.put("/api/band-members/:id", { schema: { params: idParams, body: bandMemberUpdateInput } }, async (request) => {
    const member = await replaceMember(app.db, request.params.id, request.body);
    if (!member) throw missing();
    return { success: true, message: "Band member updated", data: member };
  });

  app.put("/api/band-members/:id/active", { schema: { params: idParams, body: bandMemberActiveInput } }, async (request) => {
    const member = await setMemberActive(app.db, request.params.id, request.body.isActive);
    if (!member) throw missing();
    return { success: true, message: "Status updated", data: member };
  });

  app.delete("/api/band-members/:id", { schema: { params: idParams } }, async (request) => {
    if (!(await deleteMember(app.db, request.params.id))) throw missing();
    return { success: true, message: "Band member deleted" };
  });
};
