import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { SSR_ENTRY_FILE, type RenderPage } from "@shared/page-render";

/**
 * The client's server-render entry, loaded from the SSR build at run time (decision 017): the
 * server never imports client source, it imports the built file by path. Without that build (a
 * test that builds nothing, the dev server) this is null and pages go out as the empty shell
 * the browser draws, as before.
 */
export async function loadPageRenderer(dir: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  const file = path.join(dir, SSR_ENTRY_FILE);
  if (!fs.existsSync(file)) return null;
  try {
    const entry = (await import(pathToFileURL(file).href)) as { render?: unknown };
    if (typeof entry.render === "function") return entry.render as RenderPage;
    log.error({ file }, "the SSR build has no render function; pages are sent unrendered");
  } catch (err) {
    log.error({ err, file }, "the SSR build failed to load; pages are sent unrendered");
  }
  return null;
}
