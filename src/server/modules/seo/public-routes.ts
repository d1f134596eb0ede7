import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendPublic } from "../../plugins/public-answers";
import { SITEMAP_PATHS } from "@shared/pages";
import { listPublishedLyrics } from "../../services/public-reads/lyrics";
import { readPressKitRow } from "../../services/public-reads/press-kit";
import { listPublishedReleases } from "../../services/public-reads/releases";

export const seoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/robots.txt", async (request, reply) => {
    const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /verify-email", "Disallow: /unsubscribe", "", `Sitemap: ${app.config.PUBLIC_URL}/sitemap.xml`, ""].join("\n");
    return sendPublic(app, request, reply, { key: "/robots.txt", tags: [], build: async () => ({ contentType: "text/plain; charset=utf-8", body }) });
  });

  app.get("/sitemap.xml", async (request, reply) =>
    sendPublic(app, request, reply, { key: "/sitemap.xml", tags: ["lyrics", "press", "releases"], build: async () => ({ contentType: "application/xml; charset=utf-8", body: await sitemap() }) }),
  );

  async function sitemap() {
    const base = app.config.PUBLIC_URL;
    const [lyrics, press, releases] = await Promise.all([listPublishedLyrics(app.db), readPressKitRow(app.db), listPublishedReleases(app.db, new Date())]);
    // the press kit is listed while it is public (issue 25)
    const paths = SITEMAP_PATHS.filter((p) => p !== "/press" || (press?.isPublic ?? true));
    // the indexed pages (src/shared/pages.ts); admin, the mail pages and the API stay out of search engines
    const urls = [
      ...paths.map((p) => ({ loc: `${base}${p}`, lastmod: null as string | null })),
      ...lyrics.map((l) => ({ loc: `${base}/lyrics/${l.id}`, lastmod: l.updatedAt.toISOString().slice(0, 10) })),
      // issue 25: every published release's page, the upcoming ones too (they count down)
      ...releases.map((r) => ({ loc: `${base}/releases/${r.slug}`, lastmod: null })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`),
      "</urlset>",
      "",
    ].join("\n");
    return body;
  }
};

function escapeXml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
