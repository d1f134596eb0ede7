import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bandPhotoApi } from "@shared/api/band-photo";
import { bandPhotoAnswers, bandPhotoInput } from "@shared/schemas/band-photo";
import { messageAnswer } from "@shared/schemas/answers";
import { quoted } from "../../lib/activity-words";
import { badRequest } from "../../lib/http-error";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { readBandPhoto } from "../../services/public-reads/band-photo";
import { activity } from "../../plugins/route-effects";
import { isUploadedPhoto, removeBandPhoto, saveBandPhoto, uploadedFileName } from "./repository";

/** The band photo (issue 21): public, inlined with the home page, cached with the settings. */
export const bandPhotoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(bandPhotoApi.item, { schema: { response: { 200: bandPhotoAnswers.item } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: bandPhotoApi.item,
      tags: ["settings"],
      build: async () => jsonAnswer(bandPhotoAnswers.item, { success: true, data: await readBandPhoto(app.db) }),
    }),
  );
};

const NOT_AN_UPLOAD = "Upload a photo first (PNG, JPG, GIF or WebP)";

export const bandPhotoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // the photo is kept with the settings (issue 21): its cached answers go with theirs
  app.put(
    bandPhotoApi.item,
    {
      schema: { body: bandPhotoInput, response: { 200: bandPhotoAnswers.saved } },
      config: {
        invalidates: ["settings"],
        activity: activity<Awaited<ReturnType<typeof readBandPhoto>>, unknown, { imageUrl: string; altText: string }>({
          resource: "band-photo",
          before: () => readBandPhoto(app.db),
          recordId: () => null,
          describe: async ({ before, body }) => {
            if (before?.imageUrl === body.imageUrl) return before.altText === body.altText ? "saved the band photo (nothing changed)" : `changed the band photo's description to ${quoted(body.altText)}`;
            return `set the band photo to ${(await uploadedFileName(app.db, body.imageUrl)) ?? body.imageUrl}`;
          },
        }),
      },
    },
    async (request) => {
    const { imageUrl, altText } = request.body;
    if (!(await isUploadedPhoto(app.db, imageUrl))) throw badRequest(`imageUrl: ${NOT_AN_UPLOAD}`, { imageUrl: NOT_AN_UPLOAD });
    await saveBandPhoto(app.db, imageUrl, altText);
    const saved = await readBandPhoto(app.db);
    return { success: true, message: "Band photo saved", data: saved! };
  });

  app.delete(
    bandPhotoApi.item,
    {
      schema: { response: { 200: messageAnswer } },
      config: {
        invalidates: ["settings"],
        activity: activity<Awaited<ReturnType<typeof readBandPhoto>>>({
          resource: "band-photo",
          before: () => readBandPhoto(app.db),
          recordId: () => null,
          describe: ({ before }) => (before ? "removed the band photo" : null),
        }),
      },
    },
    async () => {
    const removed = await removeBandPhoto(app.db);
    return { success: true, message: removed ? "Band photo removed" : "There was no band photo to remove" };
  });
};
