import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { releasesApi } from "@shared/api/releases";
import { RELEASE_TYPE_LABELS, SERVICE_LABELS, type ReleaseLink } from "@shared/release-services";
import { messageAnswer } from "@shared/schemas/answers";
import { DOWNLOAD_NOT_UPLOADED, releaseAnswers, releaseInput, type ReleaseValues } from "@shared/schemas/releases";
import { changedSentence, changeList, momentOf, quoted, yesNo, type FieldWords } from "../../lib/activity-words";
import { activity } from "../../plugins/route-effects";
import { bandTimeZone } from "../../services/settings";
import { badRequest, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { recordActivities } from "../../plugins/record-activity";
import { type AdminReleaseRow, deleteRelease, findAdminRelease, isUploadedFile, listAdminReleases, missingTracks, saveRelease } from "./repository";

const missing = () => notFound("Release not found");

/**
 * The admin's releases (issue 25): the list with what each brought, one release for the form,
 * and create / replace / delete (each logged; each drops the public answers tagged `releases`).
 */
export const releasesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The fields a change names, the release time in the band's time zone. */
  const fields = (timeZone: string): Record<string, FieldWords> => ({
    title: { label: "title" },
    type: { label: "kind", show: (v) => RELEASE_TYPE_LABELS[v as keyof typeof RELEASE_TYPE_LABELS] ?? String(v) },
    releaseAt: { label: "release time", show: (v) => momentOf(v as Date | string, timeZone) },
    slug: { label: "address" },
    description: { label: "description", long: true },
    coverImage: { label: "cover image" },
    links: { label: "links", show: (v) => (v as ReleaseLink[]).map((l) => SERVICE_LABELS[l.service]).join(", ") || "none" },
    trackIds: { label: "tracklist", show: (v) => `${(v as number[]).length} tracks` },
    published: { label: "published", show: yesNo },
    downloadTrackId: { label: "free download track" },
    downloadFile: { label: "free download file" },
  });
  const find = (id: number) => findAdminRelease(app.db, id);
  const log = recordActivities({ resource: "releases", noun: "the release", name: (r: AdminReleaseRow) => r.title, fields: fields("UTC"), find });
  const updated = activity<AdminReleaseRow>({
    resource: "releases",
    before: ({ params }) => find(params.id),
    summary: ({ after }) => after?.title,
    describe: async ({ before, after }) => changedSentence(`the release ${quoted((before ?? after!).title)}`, changeList(before, after, fields(await bandTimeZone(app.db)))),
  });
  const effects = { invalidates: ["releases"] as const };

  /**
   * Tracks named that are no audio track, or a free download file that is no upload of the
   * band's: a 400 naming them (a made-up path was saved, and fans who joined the list for the
   * download got 'not available').
   */
  async function checkReferences(values: ReleaseValues) {
    const unknown = await missingTracks(app.db, values.trackIds);
    if (unknown.length) throw badRequest(`trackIds: no audio track with id ${unknown.join(", ")}`, { trackIds: `No audio track with id ${unknown.join(", ")}` });
    if (values.downloadFile && !(await isUploadedFile(app.db, values.downloadFile))) throw badRequest(`downloadFile: ${DOWNLOAD_NOT_UPLOADED}`, { downloadFile: DOWNLOAD_NOT_UPLOADED });
  }

  app.get(releasesApi.adminList, { schema: { response: { 200: releaseAnswers.adminList } } }, async () => ({ success: true, data: await listAdminReleases(app.db) }));

  app.get("/api/admin/releases/:id", { schema: { params: idParams, response: { 200: releaseAnswers.adminItem } } }, async (request) => {
    const row = await findAdminRelease(app.db, request.params.id);
    if (!row) throw missing();
    return { success: true, data: row };
  });

  app.post(releasesApi.list, { schema: { body: releaseInput, response: { 201: releaseAnswers.saved } }, config: { ...effects, activity: log.created } }, async (request, reply) => {
    await checkReferences(request.body);
    const row = await saveRelease(app.db, null, request.body);
    return reply.status(201).send({ success: true, message: "Release created", data: row! });
  });

  app.put("/api/releases/:id", { schema: { params: idParams, body: releaseInput, response: { 200: releaseAnswers.saved } }, config: { ...effects, activity: updated } }, async (request) => {
    await checkReferences(request.body);
    const row = await saveRelease(app.db, request.params.id, request.body);
    if (!row) throw missing();
    return { success: true, message: "Release updated", data: row };
  });

  app.delete("/api/releases/:id", { schema: { params: idParams, response: { 200: messageAnswer } }, config: { ...effects, activity: log.deleted } }, async (request) => {
    if (!(await deleteRelease(app.db, request.params.id))) throw missing();
    return { success: true, message: "Release deleted" };
  });
};
