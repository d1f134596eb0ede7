import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bandMemberAnswers } from "@shared/schemas/band-members";
import { z } from "zod";
import { requireAdmin } from "../../plugins/auth";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { listActiveMembers } from "../../services/public-reads/band-members";
import { everyMember } from "./admin-routes";

const membersQuery = z.object({
  all: z.enum(["true", "false"], { message: "all must be 'true' or 'false'" }).optional(),
});

/**
 * Active members in public order (the spec's call). The admin list is GET /api/admin/band-members;
 * ?all=true here, which the admin pages asked before it, still answers it for an admin.
 */
export const bandMembersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/band-members", { schema: { querystring: membersQuery, response: { 200: bandMemberAnswers.list } } }, async (request, reply) => {
    if (request.query.all === "true") {
      await requireAdmin(app, request);
      return everyMember(app.db);
    }
    return sendPublic(app, request, reply, { key: "/api/band-members", tags: ["band-members"], build: async () => jsonAnswer(bandMemberAnswers.list, { success: true, data: await listActiveMembers(app.db, app.config.mediaPublicUrl) }) });
  });
};
