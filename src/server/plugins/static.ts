import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { NOT_FOUND_PATH, pageOf } from "../services/pages/page-meta";
import { loadPageRenderer } from "../services/pages/server-render";
import { CACHE_TAGS } from "../services/public-cache";
import { drawPageHtml, renderHtml } from "./html";
import { INERT_CSP, kindHeaders } from "../services/answer-headers";
import type { PageToDraw } from "./html";
import { sendPublic } from "./public-answers";
import { isUnreleasedAudioPath } from "../services/public-reads/audio-tracks";
import { serveStoredObject, uploadCacheControl } from "./uploads-from-store";
import { isPrivateKey, safeKey } from "../storage/object-store";

/** Without a client build (a server test run elsewhere): a bare page the inlined data still goes into. */
const NO_CLIENT_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

/**
 * Serves the built client, the uploads folder, and index.html for every other GET so the
 * client router can draw the page (including its own 404). Unknown /api paths get JSON 404s.
 */
export async function registerStatic(app: FastifyInstance) {
  await app.register(async (uploads) => {
    // an unreleased track's file is streamed only through a private press link (issue 25), whatever serves the files
    uploads.addHook("onRequest", async (request, reply) => {
      if (await isUnreleasedAudioPath(app.db, request.url)) return reply.status(404).send({ success: false, message: "Not found" });
    });
    if (app.config.mediaPublicUrl) {
      // the bucket (or its CDN) serves the files: every /uploads link, wherever a page or an answer
      // has it, sends the browser there (decision 039). Temporary: the setting may change.
      uploads.get("/uploads/*", async (request, reply) => {
        const key = safeKey((request.params as { "*": string })["*"]);
        if (!key || isPrivateKey(key)) return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${request.url.split("?")[0]}` });
        return reply.header("cache-control", "public, max-age=3600").redirect(`${app.config.mediaPublicUrl}/${key.split("/").map(encodeURIComponent).join("/")}`, 302);
      });
    } else if (app.storage.kind === "local") {
      await registerLocalUploads(app, uploads);
    } else {
      // GET and HEAD declared together: a HEAD answers the object's headers without reading its bytes
      uploads.route({ method: ["GET", "HEAD"], url: "/uploads/*", handler: (request, reply) => serveStoredObject(app.storage, request, reply) });
    }
  });
  await registerClient(app);
}

/** The uploads folder on disk (STORAGE_URL unset), through @fastify/static: Range, ETag/304, Last-Modified. */
async function registerLocalUploads(app: FastifyInstance, uploads: FastifyInstance) {
  fs.mkdirSync(app.config.uploadsDir, { recursive: true });
  await uploads.register(fastifyStatic, {
    root: app.config.uploadsDir,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    setHeaders(res, filePath) {
      // Uploaded files are data, never active content (whatever their type, a CSP that runs
      // nothing; the rest of their headers are the kind's: plugins/security.ts)
      res.header("X-Content-Type-Options", "nosniff");
      res.header("Content-Security-Policy", INERT_CSP);
      // a PDF (a stage plot, a tech rider) is saved, not opened here: a sandboxed page cannot show it
      if (filePath.endsWith(".pdf")) res.header("Content-Disposition", "attachment");
      // an image variant's name carries its content hash: its bytes never change
      res.header("Cache-Control", uploadCacheControl(filePath));
    },
  });
}

async function registerClient(app: FastifyInstance) {
  const { clientDistDir, ssrDistDir } = app.config;
  const indexFile = path.join(clientDistDir, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDistDir,
      prefix: "/",
      index: false,
      wildcard: false,
      // serves the .br/.gz files scripts/precompress.mjs wrote next to each asset
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    });
  }
  const template = hasClient ? fs.readFileSync(indexFile, "utf8") : null;
  // the public pages drawn on the server (decision 017); null without the SSR build: the shell as before
  const renderPage = hasClient ? await loadPageRenderer(ssrDistDir, app.log) : null;

  // the mail pages and the answers to forms posted without JavaScript (plugins/form-posts.ts)
  app.decorate("drawPage", async (request: FastifyRequest, page: PageToDraw) => drawPageHtml(app, request, template ?? NO_CLIENT_SHELL, renderPage, page));

  if (template) {
    // The admin app's pages (issue 20): the shell with its own CSP, without the public site's
    // social and widget origins. Never a public answer: not cached, not in the fast lane.
    const adminPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const { html, status } = await renderHtml(app, request, template, null, "/admin");
      for (const [name, value] of kindHeaders("admin-page", app.isHttps(request.raw))) reply.header(name, value);
      return reply.status(status ?? 200).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-cache").send(html);
    };
    app.get("/admin", adminPage);
    app.get("/admin/*", adminPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const query = request.url.indexOf("?");
    const url = query === -1 ? request.url : request.url.slice(0, query);
    const read = request.method === "GET" || request.method === "HEAD";
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/uploads/") || !read || !template) {
      return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${url}` });
    }
    // Another spelling of a page ('/shows/', '/%73hows') is sent to the page, query kept; every
    // path that is no page shares one cached "not found" page (issue 20: one entry per junk path
    // filled the memory).
    const page = pageOf(url);
    if (page && page.canonical !== url) return reply.redirect(page.canonical + (query === -1 ? "" : request.url.slice(query)), 301);
    const renders = page ? page.renders : NOT_FOUND_PATH;
    // A page inlines data from every part of the site (the home page all of it), so any
    // public write drops the pages; they are cheap to build once.
    return sendPublic(app, request, reply, {
      key: `page ${renders}`,
      tags: CACHE_TAGS,
      build: async () => {
        const { html, status, complete, freshUntil } = await renderHtml(app, request, template, renderPage, renders);
        return { status: status ?? 200, contentType: "text/html; charset=utf-8", body: html, store: complete, freshUntil };
      },
    });
  });
}
