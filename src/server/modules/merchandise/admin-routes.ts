import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageAnswer } from "@shared/schemas/answers";
import { merchandiseAnswers, merchandiseInput } from "@shared/schemas/merchandise";
import { orderInput } from "@shared/schemas/ordering";
import { notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { saveSortOrder } from "../../db/sort-order";
import { merchandise } from "../../db/schema";
import { listMerchandise } from "../../services/public-reads/merchandise";
import { money, yesNo } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { recordActivities } from "../../plugins/record-activity";
import { createMerchandise, deleteMerchandise, findMerchandise, updateMerchandise } from "./repository";

/** Merchandise writes and the single-item read (the list is GET /api/merchandise, public). */
export const merchandiseAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = recordActivities({
    resource: "merchandise",
    noun: "the merch item",
    name: (item) => item.name,
    fields: {
      name: { label: "name" },
      description: { label: "description", long: true },
      price: { label: "price", show: money },
      category: { label: "category" },
      templateDimensions: { label: "print size" },
      imageUrl: { label: "photo" },
      amazonUrl: { label: "Amazon link" },
      storeUrl: { label: "store link" },
      isNew: { label: "new", show: yesNo },
      isFeatured: { label: "featured", show: yesNo },
      comingSoon: { label: "coming soon", show: yesNo },
    },
    find: (id: number) => findMerchandise(app.db, id),
  });
  const effects = { invalidates: ["merchandise"] as const };

  // the admin's drag-and-drop order; a static path, so it wins over /api/merchandise/:id
  app.put(
    "/api/merchandise/order",
    { schema: { body: orderInput, response: { 200: merchandiseAnswers.ordered } }, config: { ...effects, activity: activity({ resource: "merchandise", action: "reorder", changes: false, describe: () => "reordered the merch" }) } },
    async (request) => {
    await saveSortOrder(app.db, merchandise, { id: merchandise.id, sortOrder: merchandise.sortOrder }, request.body.ids);
    return { success: true, message: "Order saved", data: await listMerchandise(app.db) };
  });

  app.get("/api/merchandise/:id", { schema: { params: idParams, response: { 200: merchandiseAnswers.item } } }, async (request) => {
    const item = await findMerchandise(app.db, request.params.id);
    if (!item) throw notFound("Merchandise not found");
    return { success: true, data: item };
  });

  app.post("/api/merchandise", { schema: { body: merchandiseInput, response: { 201: merchandiseAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    const item = await createMerchandise(app.db, request.body);
    return reply.status(201).send({ success: true, message: "Merchandise created successfully", data: item });
  });

  app.put("/api/merchandise/:id", { schema: { params: idParams, body: merchandiseInput, response: { 200: merchandiseAnswers.saved } }, config: { ...effects, activity: log.updated } }, async (request) => {
    const item = await updateMerchandise(app.db, request.params.id, request.body);
    if (!item) throw notFound("Merchandise not found");
    return { success: true, message: "Merchandise updated successfully", data: item };
  });

  app.delete("/api/merchandise/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteMerchandise(app.db, request.params.id))) throw notFound("Merchandise not found");
    return { success: true, message: "Item deleted" };
  });
};
