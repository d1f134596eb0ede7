import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Turns the built index.html into the page for one URL. The public-site work extends
 * this with per-page titles, meta tags and inlined initial data.
 */
export type HtmlRenderer = (app: FastifyInstance, request: FastifyRequest, template: string) => Promise<{ html: string; status?: number }>;

export const renderHtml: HtmlRenderer = async (_app, _request, template) => ({ html: template });
