import { expect } from "vitest";
import type { TestApp } from "./app";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Route = { method: Method; url: string; payload?: unknown };

/** Ids that are not a usable row id: each must give a 4xx with a message, never a 500. */
export const BAD_IDS = ["abc", "-1", "0", "1.5", "99999999999", "1e3x", "1e3", "0x1", "1%20"];

/**
 * For each `:id` route: malformed ids are 400, a well-formed id with no row is 404,
 * both with a message in the envelope.
 */
export async function expectIdChecks(t: TestApp, routes: Route[]) {
  const headers = await t.adminHeaders();
  for (const route of routes) {
    for (const id of BAD_IDS) {
      const res = await t.request({ method: route.method, url: route.url.replace(":id", id), headers, payload: route.payload as never });
      expect(res.statusCode, `${route.method} ${route.url} with id ${id}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/id/) });
    }
    const missing = await t.request({ method: route.method, url: route.url.replace(":id", "2147483000"), headers, payload: route.payload as never });
    expect(missing.statusCode, `${route.method} ${route.url} with an unknown id`).toBe(404);
    expect(missing.json().success).toBe(false);
  }
}

/** Without a session every listed route answers 401 and changes nothing. */
export async function expectRefusedWithoutSession(t: TestApp, routes: Route[]) {
  for (const route of routes) {
    const res = await t.request({ method: route.method, url: route.url, payload: route.payload as never });
    expect(res.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
  }
}

/**
 * A resource's admin record routes under `base` ("/api/shows"): the single read, create, update
 * and delete, plus its own (`extra`, written with `:id`, e.g. a flag). `byId`: the `:id` routes
 * for expectIdChecks; `all`: every route with id 1, for expectRefusedWithoutSession.
 */
export function recordRoutes(base: string, payload: unknown, extra: Route[] = []) {
  const byId: Route[] = [{ method: "GET", url: `${base}/:id` }, { method: "PUT", url: `${base}/:id`, payload }, ...extra, { method: "DELETE", url: `${base}/:id` }];
  const all: Route[] = [{ method: "POST", url: base, payload }, ...byId.map((route) => ({ ...route, url: route.url.replace(":id", "1") }))];
  return { byId, all };
}

/**
 * An admin-scope read answers exactly as the older URL that gave the same admin answer (its body
 * and its caching), and refuses visitors. Returns the answer's body.
 */
export async function expectSameAdminAnswer(t: TestApp, adminUrl: string, olderUrl: string) {
  expect((await t.request({ method: "GET", url: adminUrl })).statusCode, `${adminUrl} anonymous`).toBe(401);
  const headers = await t.adminHeaders();
  const own = await t.request({ method: "GET", url: adminUrl, headers });
  const older = await t.request({ method: "GET", url: olderUrl, headers });
  expect(own.statusCode, adminUrl).toBe(200);
  expect(own.headers["cache-control"], adminUrl).toBe(older.headers["cache-control"]);
  expect(own.json(), adminUrl).toEqual(older.json());
  return own.json();
}
