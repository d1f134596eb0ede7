import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { messageAnswers, messageReadInput } from "@shared/schemas/messages";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { deleteMessage, listMessages, setMessageRead } from "./repository";

/** The admin inbox (spec section 2, Messages). Visitors write in through /api/contact. */
export const messagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/messages", { schema: { response: { 200: messageAnswers.list } } }, async () => ({ success: true, data: await listMessages(app.db) }));

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
