import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CacheTag } from "../services/public-cache";

/**
 * What an admin write changes besides its own answer, declared beside its handler (issue 22):
 *
 *   app.put("/api/shows/:id", {
 *     schema: { ... },
 *     config: {
 *       invalidates: ["shows"],
 *       activity: activity<Show>({ resource: "shows", before: ({ params }) => findShow(app.db, params.id), describe: ... }),
 *     },
 *   }, handler)
 *
 * - `invalidates`: the public cache tags (services/public-cache.ts, CACHE_TAGS) whose cached
 *   answers the write makes stale; `[]` when it changes nothing the public site shows.
 *   `invalidateAfterAdminWrites` (plugins/public-answers.ts) drops them after a successful write.
 * - `activity`: how the activity log tells it (plugins/activity-log.ts), or `false` with a comment
 *   saying why it is not logged (an autosave, a preview).
 *
 * A route in the admin scope that writes (POST, PUT, PATCH, DELETE) without both stops the app at
 * start-up, naming the route (`requireDeclaredEffects`), as a missing response schema does.
 */

/** What `describe` (and the other callbacks) are told about a successful write. */
export interface ActivityContext<Before = any, After = any, Body = any, Params = any> {
  /** who did it, as they are named now */
  username: string;
  /** the record before the write, from the declaration's `before` (null when there is none) */
  before: Before | null;
  /** the answer's `data` as the handler returned it (the saved record), null when it has none */
  after: After | null;
  /** the whole answer (message, data...) as the handler returned it */
  answer: Record<string, unknown>;
  body: Body;
  params: Params;
  query: Record<string, unknown>;
  /** the band's time zone (the `timezone` setting): dates and times in a sentence are written in it */
  timeZone: string;
}

/** The request as the `before` reader sees it: validated params, body and query. */
export interface BeforeRequest<Body = any, Params = any> {
  params: Params;
  body: Body;
  query: Record<string, unknown>;
}

export interface ActivityDeclaration<Before = any, After = any, Body = any, Params = any> {
  /** the log's resource (the Activity page's filter): the module's name, e.g. 'shows' */
  resource: string;
  /** what was done: default create (POST), update (PUT, PATCH), delete (DELETE) */
  action?: string | ((ctx: ActivityContext<Before, After, Body, Params>) => string);
  /** reads the record before the write, from the module's repository (for 'what changed' and a deleted record's name) */
  before?: (request: BeforeRequest<Body, Params>) => Promise<Before | null | undefined>;
  /**
   * The entry in a band's words, without the person: 'marked the show at The Pour House on Dec 8
   * as Sold Out' (the page puts 'Jamie' before it). Null: nothing happened, no entry. It may
   * read what it needs to name things (an upload's file name) from the module's repository.
   */
  describe: (ctx: ActivityContext<Before, After, Body, Params>) => string | null | Promise<string | null>;
  /** the record's name ('The Pour House on Dec 8, 2030'), kept in `summary` */
  summary?: (ctx: ActivityContext<Before, After, Body, Params>) => string | null | undefined;
  /** which record: default the `:id` (or `:key`) in the URL, else the answer's `data.id` */
  recordId?: (ctx: ActivityContext<Before, After, Body, Params>) => string | number | null | undefined;
  /**
   * The changed fields and their new values (the entry's details). Default: the fields of the
   * body, with the value as saved (the answer's record), those that differ from `before`;
   * `false` for none. Secrets are taken out either way.
   */
  changes?: false | ((ctx: ActivityContext<Before, After, Body, Params>) => Record<string, unknown> | null);
  /** more field names this route must never log, besides the global list (activity-log.ts SECRET_FIELD) */
  secrets?: readonly string[];
}

/** Types a declaration's callbacks (the record before, the answer's data, the body, the params). */
export function activity<Before = any, After = Before, Body = any, Params = { id: number }>(declaration: ActivityDeclaration<Before, After, Body, Params>): ActivityDeclaration {
  return declaration as ActivityDeclaration;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** the public cache tags an admin write makes stale ([] for none): plugins/route-effects.ts */
    invalidates?: readonly CacheTag[];
    /** how the activity log tells an admin write, or false (say why beside it): plugins/route-effects.ts */
    activity?: ActivityDeclaration | false;
  }
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const isWrite = (request: FastifyRequest) => WRITE_METHODS.has(request.method);

/**
 * Stops the app at start-up when a write route in `scope` (the admin scope) has not declared its
 * effects, naming the route and what it lacks.
 */
export function requireDeclaredEffects(scope: FastifyInstance) {
  scope.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const missing: string[] = [];
    if (!Array.isArray(route.config?.invalidates)) missing.push("config.invalidates (the public cache tags it changes, [] for none)");
    const declared = route.config?.activity;
    if (declared !== false && (typeof declared !== "object" || declared === null || typeof declared.describe !== "function" || !declared.resource)) {
      missing.push("config.activity (its resource and how the activity log words it, or false with the reason)");
    }
    if (missing.length) {
      throw new Error(`${methods.join(",")} ${route.url} writes without declaring its effects: add ${missing.join(" and ")} beside its handler (docs/conventions.md)`);
    }
  });
}
