import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { todayIso } from "@shared/format";
import { INITIAL_DATA_ID, type FormAnswer, type InitialPage, type RenderPage } from "@shared/page-render";
import { describePage, type PageMeta } from "../services/pages/page-meta";
import { escapeJsonForHtml, jsonLdScript } from "../services/pages/json-ld";

/**
 * Turns the built index.html into the page for one URL: its own title, description,
 * Open Graph / Twitter tags, JSON-LD, the initial data the client hydrates its query
 * cache with (a non-executable JSON script, so the CSP needs no inline-script exception),
 * and, for the public pages when the SSR build is there, the page itself drawn from that same
 * data (decision 017). Runs when the page's cached bytes are built, never per request.
 */
export type HtmlRenderer = (
  app: FastifyInstance,
  request: FastifyRequest,
  template: string,
  renderPage: RenderPage | null,
  /** the page's canonical path (plugins/static.ts, pageOf), or NOT_FOUND_PATH */
  path: string,
) => Promise<{ html: string; status?: number; complete: boolean; freshUntil?: number }>;

export const renderHtml: HtmlRenderer = async (app, request, template, renderPage, path) => {
  // pages are cached per canonical path (static.ts), so their HTML depends on nothing else of the URL
  const today = todayIso();
  let meta: PageMeta;
  try {
    meta = await describePage(app, path);
  } catch (err) {
    // The page still works without meta or inlined data: the client fetches what it needs.
    request.log.error({ err }, "page meta failed");
    return { html: template, complete: false };
  }
  let appHtml = "";
  if (renderPage && meta.prerender) {
    try {
      appHtml = await renderPage(path, initialPage(meta, today, app.config.PUBLIC_URL));
    } catch (err) {
      // the shell still works: the browser draws the page, as without the SSR build; not kept, so the next request tries again
      request.log.error({ err }, "server render failed");
      return { html: fillTemplate(template, meta, app.config.PUBLIC_URL, { today, fonts: siteFonts(app.config.clientDistDir) }), status: meta.status, complete: false };
    }
  }
  // a show going on sale changes the page without a write: its HTML is not kept past that time (decision 036)
  const freshUntil = meta.clock?.until ?? undefined;
  return { html: fillTemplate(template, meta, app.config.PUBLIC_URL, { today, appHtml, fonts: siteFonts(app.config.clientDistDir) }), status: meta.status, complete: true, freshUntil };
};

const initialPage = (meta: PageMeta, today: string, origin: string): InitialPage => ({
  path: meta.path,
  today,
  ...(meta.clock?.asOf != null ? { asOf: new Date(meta.clock.asOf).toISOString() } : {}),
  origin,
  queries: meta.data,
});

/** A page drawn for one request, never cached: a mail page for its link's token, or a form's answer. */
export interface PageToDraw {
  /** the page's path, as pageOf names it */
  path: string;
  /** its query string ('?token=..') for a page that reads it, with the '?' */
  search?: string;
  /** answers only this request may see (a fan's own preferences), beside the page's public data */
  queries?: Record<string, unknown>;
  /** a form posted without JavaScript: its outcome drawn into the page */
  form?: FormAnswer;
}

/**
 * The HTML of a page drawn for one request (issue 21: the mail pages and the answers to forms
 * posted without JavaScript). The same render and the same inlined data as a cached page, so
 * the browser hydrates it the same way when it runs the app.
 */
export async function drawPageHtml(app: FastifyInstance, request: FastifyRequest, template: string, renderPage: RenderPage | null, toDraw: PageToDraw): Promise<string> {
  const today = todayIso();
  const meta = await describePage(app, toDraw.path);
  const page: InitialPage = { ...initialPage(meta, today, app.config.PUBLIC_URL), queries: { ...meta.data, ...toDraw.queries }, ...(toDraw.form ? { form: toDraw.form } : {}) };
  let appHtml = "";
  if (renderPage) {
    try {
      appHtml = await renderPage(toDraw.path + (toDraw.search ?? ""), page);
    } catch (err) {
      // the browser draws it from the same data when it runs the app
      request.log.error({ err }, "server render failed");
    }
  }
  return fillTemplate(template, meta, app.config.PUBLIC_URL, { today, appHtml, page, fonts: siteFonts(app.config.clientDistDir) });
}

/**
 * `appHtml`: the server's render of the page, put inside #root (empty: the browser draws it); `page`: what to inline,
 * when more than the page's own data; `fonts`: the build's font files to preload (siteFonts).
 */
export function fillTemplate(
  template: string,
  meta: PageMeta,
  baseUrl: string,
  { today = todayIso(), appHtml = "", page, fonts = [] }: { today?: string; appHtml?: string; page?: InitialPage; fonts?: readonly string[] } = {},
): string {
  const url = `${baseUrl}${meta.path === "/" ? "/" : meta.path}`;
  const share = meta.shareImage ?? { url: `${baseUrl}/images/og-image.jpg`, width: 1200, height: 630 };
  const image = share.url;
  const a = escapeAttr;
  const head = [
    `<meta name="description" content="${a(meta.description)}" />`,
    meta.noindex ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${a(url)}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:site_name" content="${a(meta.title.split(" | ").pop() ?? meta.title)}" />`,
    `<meta property="og:title" content="${a(meta.title)}" />`,
    `<meta property="og:description" content="${a(meta.description)}" />`,
    `<meta property="og:url" content="${a(url)}" />`,
    `<meta property="og:image" content="${a(image)}" />`,
    `<meta property="og:image:width" content="${share.width}" />`,
    `<meta property="og:image:height" content="${share.height}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${a(meta.title)}" />`,
    `<meta name="twitter:description" content="${a(meta.description)}" />`,
    `<meta name="twitter:image" content="${a(image)}" />`,
    ...preloads(meta, fonts),
    meta.jsonLd.length ? jsonLdScript(meta.jsonLd) : "",
  ]
    .filter(Boolean)
    .join("\n    ");
  const inlined = page ?? initialPage(meta, today, baseUrl);
  const data = Object.keys(inlined.queries).length || inlined.form
    ? `<script type="application/json" id="${INITIAL_DATA_ID}">${escapeJsonForHtml(JSON.stringify(inlined))}</script>`
    : "";
  // replacer functions: a '$&' in a lyric or a title is text, not a replacement pattern
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(meta.title)}</title>`)
    .replace("<!--app-head-->", () => head)
    .replace("<!--app-html-->", () => appHtml)
    .replace("<!--app-data-->", () => data);
}

/**
 * The public site's display face Anton (hashed name from the build), preloaded with the HTML so
 * the large titles, most pages' largest paint, are drawn in it from the first paint. The body
 * face Archivo is not: it would only compete with them (client body-font.ts, decision 017).
 */
const FONT_FILES = [/^anton-latin-400-normal-[\w-]+\.woff2$/];
/** The font files of each client build read so far (one per app, a few in tests), by its folder. */
const fontFiles = new Map<string, string[]>();
function siteFonts(clientDistDir: string): string[] {
  let found = fontFiles.get(clientDistDir);
  if (found === undefined) {
    try {
      const assets = fs.readdirSync(path.join(clientDistDir, "assets"));
      found = FONT_FILES.map((name) => assets.find((f) => name.test(f))).filter((f): f is string => !!f);
    } catch {
      found = [];
    }
    fontFiles.set(clientDistDir, found);
  }
  return found;
}

function preloads(meta: PageMeta, fonts: readonly string[]): string[] {
  const links: string[] = [];
  if (meta.status === 200) for (const font of fonts) links.push(`<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`);
  if (meta.preloadImage) links.push(`<link rel="preload" href="${escapeAttr(meta.preloadImage)}" as="image" fetchpriority="high" />`);
  // a browser without AVIF skips this preload (type) and takes the <picture>'s WebP or original
  const set = meta.preloadImageSet;
  if (set) links.push(`<link rel="preload" as="image" type="${set.type}" imagesrcset="${escapeAttr(set.srcset)}" imagesizes="${escapeAttr(set.sizes)}" fetchpriority="high" />`);
  // no paint before that element is parsed whole (a browser without rel=expect ignores it)
  if (meta.firstPaintAfter) links.push(`<link rel="expect" href="#${escapeAttr(meta.firstPaintAfter)}" blocking="render" />`);
  return links;
}

function escapeText(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function escapeAttr(s: string) {
  return escapeText(s).replace(/"/g, "&quot;");
}
