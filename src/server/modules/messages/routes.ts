import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { messageAnswers, messageListQuery, messageReadInput } from "@shared/schemas/messages";
import { DEFAULT_PAGE_SIZE, isPlainListQuery } from "@shared/schemas/paging";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { deleteMessage, listMessages, searchMessages, setMessageRead } from "./repository";

/** The admin inbox (spec section 2, Messages). Visitors write in through /api/contact. */
export const messagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // No parameters: the spec's plain list, newest first. Any parameter: one page of the inbox's search.
  app.get("/api/admin/messages", { schema: { querystring: messageListQuery, response: { 200: messageAnswers.listOrPage } } }, async (request) => {
    const query = request.query;
    if (isPlainListQuery(query)) return { success: true, data: await listMessages(app.db) };
    const sort = query.sort ?? "sentAt";
    const page = await searchMessages(app.db, {
      q: query.q || undefined,
      type: query.type,
      sort,
      // newest first by default; names, addresses and types from the top
      dir: query.dir ?? (sort === "sentAt" ? "desc" : "asc"),
      page: query.page ?? 1,
      pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
    });
    return { success: true, ...page };
  });

  app.put("/api/admin/messages/:id/read", { schema: { params: idParams, body: messageReadInput, response: { 200: messageAnswers.saved } } }, async (request) => {
    const message = await setMessageRead(app.db, request.params.id, request.body.isRead);
    if (!message) throw notFound("Message not found");
    return { success: true, message: "Message updated", data: message };
  });

  app.delete("/api/admin/messages/:id", { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request) => {
    if (!(await deleteMessage(app.db, request.params.id))) throw notFound("Message not found");
    return { success: true, message: "Message deleted" };
  });
};
