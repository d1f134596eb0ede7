import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pressApi } from "@shared/api/press";
import { pressKitAnswers, pressKitInput, type PressKitValues } from "@shared/schemas/press";
import { badRequest } from "../../lib/http-error";
import { changeList, changedSentence, count } from "../../lib/activity-words";
import type { PressKitRow } from "../../db/schema";
import { jsonAnswer, sendPublic } from "../../plugins/public-answers";
import { activity } from "../../plugins/route-effects";
import { emptyKit, readPressKit, readPressKitRow } from "../../services/public-reads/press-kit";
import { savePressKit, uploadedOfType } from "./repository";

/** GET /api/press: the kit as /press shows it (inlined with the page), null while switched off. */
export const pressKitPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pressApi.kit, { schema: { response: { 200: pressKitAnswers.public } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: pressApi.kit,
      // the kit, and its latest release
      tags: ["press", "releases"],
      build: async () => jsonAnswer(pressKitAnswers.public, { success: true, data: await readPressKit(app.db) }),
    }),
  );
};

const FIELDS = {
  isPublic: { label: "public page", show: (v: unknown) => (v ? "on" : "off") },
  shortBio: { label: "short bio", long: true },
  longBio: { label: "long bio", long: true },
  photos: { label: "photos", show: (v: unknown) => count((v as unknown[]).length, "photo") },
  logos: { label: "logos", show: (v: unknown) => count((v as unknown[]).length, "logo") },
  quotes: { label: "press quotes", show: (v: unknown) => count((v as unknown[]).length, "quote") },
  stagePlotUrl: { label: "stage plot", show: (v: unknown) => (v ? "PDF" : "(none)") },
  techRiderUrl: { label: "tech rider", show: (v: unknown) => (v ? "PDF" : "(none)") },
  bookingName: { label: "booking contact" },
  bookingEmail: { label: "booking email" },
  pressName: { label: "press contact" },
  pressEmail: { label: "press email" },
};

/** The kit names only the band's own uploads: images for photos and logos, PDFs for the stage plot and rider. */
async function checkFiles(app: { db: Parameters<typeof uploadedOfType>[0] }, kit: PressKitValues) {
  const images = [...kit.photos.map((p) => p.url), ...kit.logos.map((l) => l.url)];
  const pdfs = [kit.stagePlotUrl, kit.techRiderUrl].filter(Boolean);
  const [knownImages, knownPdfs] = await Promise.all([uploadedOfType(app.db, images, "image"), uploadedOfType(app.db, pdfs, "pdf")]);
  const errors: Record<string, string> = {};
  kit.photos.forEach((p, i) => !knownImages.has(p.url) && (errors[`photos.${i}.url`] ??= "Upload the photo first (PNG, JPG, GIF or WebP)"));
  kit.logos.forEach((l, i) => !knownImages.has(l.url) && (errors[`logos.${i}.url`] ??= "Upload the logo first (SVG, PNG, JPG, GIF or WebP)"));
  if (kit.stagePlotUrl && !knownPdfs.has(kit.stagePlotUrl)) errors.stagePlotUrl = "Stage plot must be an uploaded PDF";
  if (kit.techRiderUrl && !knownPdfs.has(kit.techRiderUrl)) errors.techRiderUrl = "Tech rider must be an uploaded PDF";
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
}

export const pressKitAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(pressApi.adminKit, { schema: { response: { 200: pressKitAnswers.admin } } }, async () => ({ success: true, data: (await readPressKitRow(app.db)) ?? emptyKit() }));

  app.put(
    pressApi.adminKit,
    {
      schema: { body: pressKitInput, response: { 200: pressKitAnswers.saved } },
      config: {
        invalidates: ["press"],
        activity: activity<PressKitRow, PressKitRow, PressKitValues>({
          resource: "press-kit",
          before: () => readPressKitRow(app.db),
          recordId: () => null,
          describe: ({ before, body }) => changedSentence("the press kit", changeList(before ?? emptyKit(), body, FIELDS)),
        }),
      },
    },
    async (request) => {
      await checkFiles(app, request.body);
      const saved = await savePressKit(app.db, request.body);
      return { success: true, message: "Press kit saved", data: saved };
    },
  );
};
