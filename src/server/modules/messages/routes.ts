import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { messageAnswers, messageListQuery, messageReadInput } from "@shared/schemas/messages";
import { DEFAULT_PAGE_SIZE, isPlainListQuery } from "@shared/schemas/paging";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { activity } from "../../plugins/route-effects";
import { deleteMessage, findMessage, listMessages, searchMessages, setMessageRead } from "./repository";

type Message = NonNullable<Awaited<ReturnType<typeof findMessage>>>;
/** 'the message from Jane Doe', or from the address when the visitor gave no name */
const theMessage = (m: Message) => `the message from ${m.name?.trim() || m.email}`;

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

  // the inbox is private: nothing public changes
  app.put(
    "/api/admin/messages/:id/read",
    {
      schema: { params: idParams, body: messageReadInput, response: { 200: messageAnswers.saved } },
      config: {
        invalidates: [],
        activity: activity<Message>({
          resource: "messages",
          action: ({ after }) => (after?.isRead ? "mark read" : "mark unread"),
          summary: ({ after }) => after && (after.name?.trim() || after.email),
          describe: ({ after }) => `marked ${theMessage(after!)} as ${after!.isRead ? "read" : "unread"}`,
        }),
      },
    },
    async (request) => {
    const message = await setMessageRead(app.db, request.params.id, request.body.isRead);
    if (!message) throw notFound("Message not found");
    return { success: true, message: "Message updated", data: message };
  });

  app.delete(
    "/api/admin/messages/:id",
    {
      schema: { params: idParams, response: { 200: messageAnswer } },
      config: {
        invalidates: [],
        activity: activity<Message>({
          resource: "messages",
          before: ({ params }) => findMessage(app.db, params.id),
          summary: ({ before }) => before && (before.name?.trim() || before.email),
          describe: ({ before, params }) => (before ? `deleted ${theMessage(before)}` : `deleted message #${params.id}`),
        }),
      },
    },
    async (request) => {
    if (!(await deleteMessage(app.db, request.params.id))) throw notFound("Message not found");
    return { success: true, message: "Message deleted" };
  });
};
