import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bandMembersApi } from "@shared/api/band-members";
import { messageAnswer } from "@shared/schemas/answers";
import { bandMemberActiveInput, bandMemberAnswers, bandMemberCreateInput, bandMemberUpdateInput } from "@shared/schemas/band-members";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import type { Db } from "../../db/client";
import { recordActivities } from "../../plugins/record-activity";
import { listAllMembers } from "../../services/public-reads/band-members";
import { createMember, deleteMember, findMember, replaceMember, setMemberActive } from "./repository";

const missing = () => notFound("Band member not found");

/**
 * The admin list: every member, active first. GET /api/admin/band-members answers with it, and
 * so does the older GET /api/band-members?all=true (public-routes.ts), for an admin.
 */
export const everyMember = async (db: Db) => ({ success: true, data: await listAllMembers(db) });

/** Admin reads and writes for band members (spec section 7). The public list is in public-routes.ts. */
export const bandMembersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "band-members",
    noun: "band member",
    name: (member) => member.name,
    quote: false,
    fields: {
      name: { label: "name" },
      role: { label: "role" },
      bio: { label: "bio", long: true },
      imageUrl: { label: "photo" },
      altText: { label: "photo description" },
      socialLinks: { label: "links", show: (v) => Object.values((v ?? {}) as Record<string, string | null>).filter(Boolean).join(", ") },
      joinDate: { label: "joined" },
      leaveDate: { label: "left" },
    },
    find: (id: number) => findMember(app.db, id),
  });
  const effects = { invalidates: ["band-members"] as const };

  app.get(bandMembersApi.adminList, { schema: { response: { 200: bandMemberAnswers.list } } }, async () => everyMember(app.db));

  app.get("/api/band-members/:id", { schema: { params: idParams, response: { 200: bandMemberAnswers.item } } }, async (request) => {
    const member = await findMember(app.db, request.params.id);
    if (!member) throw missing();
    return { success: true, data: member };
  });

  app.post("/api/band-members", { schema: { body: bandMemberCreateInput, response: { 201: bandMemberAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    const member = await createMember(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Band member created", data: member });
  });

  app.put("/api/band-members/:id", { schema: { params: idParams, body: bandMemberUpdateInput, response: { 200: bandMemberAnswers.saved } }, config: { ...effects, activity: log.updated } }, async (request) => {
    const member = await replaceMember(app.db, request.params.id, request.body);
    if (!member) throw missing();
    return { success: true, message: "Band member updated", data: member };
  });

  app.put(
    "/api/band-members/:id/active",
    {
      schema: { params: idParams, body: bandMemberActiveInput, response: { 200: bandMemberAnswers.saved } },
      config: { ...effects, activity: log.switched("isActive", (the) => `put ${the} back on the site`, (the) => `hid ${the} from the site`, ["show", "hide"]) },
    },
    async (request) => {
    const member = await setMemberActive(app.db, request.params.id, request.body.isActive);
    if (!member) throw missing();
    return { success: true, message: "Status updated", data: member };
  });

  app.delete("/api/band-members/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteMember(app.db, request.params.id))) throw missing();
    return { success: true, message: "Band member deleted" };
  });
};
