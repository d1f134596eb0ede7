import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT, DOWNLOAD_SUCCESS, NOTIFY_SUCCESS, releasesApi } from "@shared/api/releases";
import type { FormName } from "@shared/page-render";
import { RATE_LIMIT_WINDOW_MS } from "@shared/privacy";
import { SLUG_PATTERN } from "@shared/release-services";
import { messageAnswer } from "@shared/schemas/answers";
import { releaseAnswers, releaseDownloadInput, releaseNotifyInput, releaseTokenInput } from "@shared/schemas/releases";
import { HttpError, badRequest, notFound } from "../../lib/http-error";
import { idParams } from "../../lib/params";
import { releaseDownloadConfirmMail, releaseDownloadLinkMail, releaseNotifyConfirmMail } from "../../mail/templates";
import { searchOf, sendPage } from "../../plugins/form-posts";
import { jsonAnswer, notFoundAnswer, sendPublic } from "../../plugins/public-answers";
import { sendInBackground } from "../../services/mailer";
import { findPublishedRelease, listPublishedReleases, nextReleaseSwitch } from "../../services/public-reads/releases";
import { bandName, bandTimeZone } from "../../services/settings";
import { joinListConfirmed } from "../subscribers/repository";
import { signUpFan, signupOrigin } from "../subscribers/signup";
import { CONFIRM_LINK_TTL_MS, confirmDownload, confirmNotify, downloadOf, findPublished, giveBackDownload, markJoinedList, saveDownloadRequest, saveNotify, takeDownload } from "./repository";
import { downloadForm, notifyForm } from "./form-posts";
import { releaseInMail } from "./rounds";
import { openStoredFile } from "./stored-file";

export const RELEASE_OUT = "This release is out: listen now.";
export const NO_DOWNLOAD = "This release has no free download";
const DAY_MS = 24 * 60 * 60 * 1000;

/** `/api/releases/{idOrSlug}`: an id or a slug. */
const idOrSlugParams = z.object({
  idOrSlug: z.string().refine((v) => /^\d{1,9}$/.test(v) || SLUG_PATTERN.test(v), "idOrSlug must be a release's id or its address"),
});
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is not valid.") });

/**
 * The public side of releases (issue 25): the cached reads, 'E-mail me when it is out' with its
 * confirmation link, and the free download for the list (its confirmation link, then the
 * personal link to the file).
 */
export const releasesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const formLimit = { rateLimit: { max: app.config.FORM_RATE_LIMIT, timeWindow: RATE_LIMIT_WINDOW_MS } };

  // published, newest first; the answer changes by itself at the next releaseAt (its links appear), so it is rebuilt then
  app.get(releasesApi.list, { schema: { response: { 200: releaseAnswers.list } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: releasesApi.list,
      tags: ["releases", "audio-tracks", "lyrics"],
      build: async () => {
        const now = Date.now();
        const rows = await listPublishedReleases(app.db, new Date(now));
        return { ...jsonAnswer(releaseAnswers.list, { success: true, data: rows }), freshUntil: nextReleaseSwitch(rows, now) };
      },
    }),
  );

  app.get("/api/releases/:idOrSlug", { schema: { params: idOrSlugParams, response: { 200: releaseAnswers.item } } }, async (request, reply) =>
    sendPublic(app, request, reply, {
      key: releasesApi.item(request.params.idOrSlug),
      tags: ["releases", "audio-tracks", "lyrics"],
      build: async () => {
        const now = Date.now();
        const row = await findPublishedRelease(app.db, request.params.idOrSlug, new Date(now));
        if (!row) return notFoundAnswer("Release not found");
        return { ...jsonAnswer(releaseAnswers.item, { success: true, data: row }), freshUntil: nextReleaseSwitch([row], now) };
      },
    }),
  );

  /** A published release the forms name, as the mails word it. */
  async function releaseFor(id: number) {
    const release = await findPublished(app.db, id);
    if (!release) throw notFound("Release not found");
    return release;
  }
  const inMail = async (release: Awaited<ReturnType<typeof releaseFor>>) => releaseInMail(release, await bandTimeZone(app.db), app.config.PUBLIC_URL);

  // 'E-mail me when it is out': the same 200 whatever the address, then a confirmation mail
  app.post("/api/releases/:id/notify", { schema: { params: idParams, body: releaseNotifyInput, response: { 200: messageAnswer } }, config: { ...formLimit, formPost: notifyForm } }, async (request) => {
    const { email, subscribe, website } = request.body;
    const release = await releaseFor(request.params.id);
    if (release.releaseAt.getTime() <= Date.now()) throw badRequest(RELEASE_OUT);
    if (website) {
      request.log.info({ ip: request.ip }, "release notify honeypot triggered");
      return { success: true, message: NOTIFY_SUCCESS };
    }
    const token = await saveNotify(app.db, release.id, email);
    if (token) {
      const confirmUrl = `${app.config.PUBLIC_URL}${releasesApi.notifyConfirmPage}?token=${encodeURIComponent(token)}`;
      sendInBackground(app, async () => releaseNotifyConfirmMail({ bandName: await bandName(app), to: email, release: await inMail(release), confirmUrl, validHours: CONFIRM_LINK_TTL_MS / 3_600_000 }), "release notify confirmation");
    }
    // the mailing list only when ticked, through its own signup and confirmation mail
    if (subscribe) await signUpFan(app, { name: null, email, interests: { shows: false, releases: true, merch: false }, ip: request.ip, ...signupOrigin(request, app.stats.site) });
    return { success: true, message: NOTIFY_SUCCESS };
  });

  async function notifyOutcome(token: string): Promise<string> {
    const outcome = await confirmNotify(app.db, token);
    const release = outcome.releaseId ? await findPublished(app.db, outcome.releaseId) : null;
    const what = release ? `"${release.title}"` : "the release";
    switch (outcome.result) {
      case "confirmed":
        return `Done: we'll e-mail you the minute ${what} is out.`;
      case "already":
        return `You're already on the list for ${what}.`;
      case "out":
        return `${what} is out already: listen to it on its page.`;
      case "expired":
        throw badRequest("This link has expired. Ask to be told again on the release's page to get a new one.");
      case "invalid":
        throw badRequest("This link is not valid. Ask to be told again on the release's page to get a new one.");
    }
  }

  // no rate limit: a 256-bit token cannot be guessed, and a fan may open the link twice
  app.post(releasesApi.notifyConfirm, { schema: { body: releaseTokenInput, response: { 200: messageAnswer } } }, async (request) => ({ success: true, message: await notifyOutcome(request.body.token) }));

  /** A page drawn for one request with the outcome of its link (works without JavaScript; a HEAD only looks). */
  async function linkPage(request: FastifyRequest, reply: FastifyReply, form: FormName, path: string, outcome: (token: string) => Promise<{ message: string; values?: Record<string, string> }>) {
    const search = searchOf(request.url);
    if (request.method === "HEAD") return sendPage(reply, 200, await app.drawPage(request, { path, search }));
    const query = releaseTokenInput.safeParse(request.query);
    let answer: { ok: boolean; message: string; status: number; values?: Record<string, string> };
    try {
      if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "This link is not valid.");
      answer = { ok: true, status: 200, ...(await outcome(query.data.token)) };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      answer = { ok: false, message: err.message, status: err.statusCode };
    }
    const html = await app.drawPage(request, { path, search, form: { form, page: `${path}${search}`, ok: answer.ok, message: answer.message, ...(answer.values ? { values: answer.values } : {}) } });
    return sendPage(reply, answer.status, html);
  }

  app.get(releasesApi.notifyConfirmPage, async (request, reply) =>
    linkPage(request, reply, "release-notify", releasesApi.notifyConfirmPage, async (token) => ({ message: await notifyOutcome(token) })),
  );

  // the free download for the list: the same 200 whatever the address, then a confirmation mail
  app.post("/api/releases/:id/download", { schema: { params: idParams, body: releaseDownloadInput, response: { 200: messageAnswer } }, config: { ...formLimit, formPost: downloadForm } }, async (request) => {
    const { email, website } = request.body;
    const release = await releaseFor(request.params.id);
    if (release.downloadTrackId === null && release.downloadFile === null) throw notFound(NO_DOWNLOAD);
    if (website) {
      request.log.info({ ip: request.ip }, "release download honeypot triggered");
      return { success: true, message: DOWNLOAD_SUCCESS };
    }
    const token = await saveDownloadRequest(app.db, release.id, email);
    if (token) {
      const confirmUrl = `${app.config.PUBLIC_URL}${releasesApi.downloadConfirmPage}?token=${encodeURIComponent(token)}`;
      sendInBackground(app, async () => releaseDownloadConfirmMail({ bandName: await bandName(app), to: email, release: await inMail(release), confirmUrl, validHours: CONFIRM_LINK_TTL_MS / 3_600_000 }), "release download confirmation");
    }
    return { success: true, message: DOWNLOAD_SUCCESS };
  });

  // The download mail's link: confirms the address, puts it on the mailing list (the form said so),
  // and gives the personal link, on the page and by mail (the page's link is not shown twice).
  app.get(releasesApi.downloadConfirmPage, async (request, reply) =>
    linkPage(request, reply, "release-download", releasesApi.downloadConfirmPage, async (token) => {
      const outcome = await confirmDownload(app.db, token, DOWNLOAD_DAYS * DAY_MS);
      switch (outcome.result) {
        case "confirmed": {
          const release = await findPublished(app.db, outcome.releaseId);
          if (!release) throw notFound("Release not found");
          const joined = await joinListConfirmed(app.db, { email: outcome.email, interests: { shows: false, releases: true, merch: false }, ip: request.ip, signupPage: `/releases/${release.slug}`, consentSource: "download" });
          if (joined) await markJoinedList(app.db, outcome.id);
          const path = releasesApi.file(outcome.downloadToken);
          const downloadUrl = `${app.config.PUBLIC_URL}${path}`;
          sendInBackground(app, async () => releaseDownloadLinkMail({ bandName: await bandName(app), to: outcome.email, release: await inMail(release), downloadUrl, uses: DOWNLOAD_LIMIT, days: DOWNLOAD_DAYS }), "release download link");
          return { message: `Your address is confirmed. Your download of "${release.title}" is ready: the link works ${DOWNLOAD_LIMIT} times over the next ${DOWNLOAD_DAYS} days, and we've mailed it to you too.`, values: { download: path } };
        }
        case "already":
          return { message: "Your address is confirmed already: your download link is in the mail we sent you." };
        case "expired":
          throw badRequest("This link has expired. Ask for the download again on the release's page.");
        case "invalid":
          throw badRequest("This link is not valid. Ask for the download again on the release's page.");
      }
    }),
  );

  // The personal link: the file, counted by one UPDATE (5 times, 7 days); after that a polite 410
  // page. A HEAD (a mail scanner) takes nothing.
  app.get("/download/:token", { schema: { params: tokenParams }, config: { rawAnswer: "file" } }, async (request, reply) => {
    const { token } = request.params;
    const gone = async (message: string, status = 410) => {
      const path = releasesApi.file(token);
      return sendPage(reply, status, await app.drawPage(request, { path, form: { form: "release-file", page: path, ok: false, message } }));
    };
    if (request.method === "HEAD") return reply.status(200).header("cache-control", "no-store").send();
    const taken = await takeDownload(app.db, token, DOWNLOAD_LIMIT);
    if (!taken.ok) {
      if (taken.why === "unknown") return gone("This download link is not valid. Ask for the download again on the release's page.", 404);
      return gone(
        taken.why === "used"
          ? `This download link has been used ${DOWNLOAD_LIMIT} times, which is all it had. Ask for the download again on the release's page to get a new one.`
          : `This download link has expired (links work for ${DOWNLOAD_DAYS} days). Ask for the download again on the release's page to get a new one.`,
      );
    }
    const release = await findPublished(app.db, taken.releaseId);
    const file = release ? await downloadOf(app.db, release) : null;
    const opened = file ? await openStoredFile(app.storage, file.path) : null;
    if (!file || !opened) {
      await giveBackDownload(app.db, token);
      request.log.warn({ releaseId: taken.releaseId }, "free download: file missing");
      return gone("This download is not available right now. Please try again later.", 404);
    }
    return reply
      .status(200)
      .header("content-type", "application/octet-stream")
      .header("content-length", String(opened.size))
      .header("content-disposition", contentDisposition(file.name))
      .header("cache-control", "no-store")
      .header("x-content-type-options", "nosniff")
      .send(opened.stream);
  });
};

/** `attachment` with the name as an ASCII fallback and in UTF-8 (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
