import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listPublishedLyrics } from "../lyrics/public-queries";

/** Indexable public pages; admin, mail-confirmation pages and the API stay out of search engines. */
export const INDEXED_PATHS = ["/", "/videos", "/merch", "/lyrics"];

export const seoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/robots.txt", async (_request, reply) => {
    const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /verify-email", "Disallow: /unsubscribe", "", `Sitemap: ${app.config.PUBLIC_URL}/sitemap.xml`, ""].join("\n");
    return reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(body);
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    const base = app.config.PUBLIC_URL;
    const lyrics = await listPublishedLyrics(app.db);
    const urls = [
      ...INDEXED_PATHS.map((p) => ({ loc: `${base}${p}`, lastmod: null as string | null })),
      ...lyrics.map((l) => ({ loc: `${base}/lyrics/${l.id}`, lastmod: l.updatedAt.toISOString().slice(0, 10) })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`),
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(body);
  });
};

function escapeXml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
