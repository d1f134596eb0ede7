import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE } from "@shared/schemas/text";
import { createTestApp, type TestApp } from "../test/app";

/**
 * Every route that takes input, found by enumeration (so a route added later is fuzzed too):
 * arbitrary strings with control characters, lone surrogates, RTL marks and huge values, and
 * values of the wrong type, never give a 5xx, and a 400 names one of the route's fields.
 */

// Session-ending routes would log the fuzzer out; multipart uploads have their own tests.
const SKIP = new Set(["POST /api/admin/logout", "POST /api/refresh-token", "POST /api/upload/merchandise", "POST /api/upload/media"]);

const hostileString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\u0007bell", "\u001b[31mred", "\u0085", "\uD800", "x\uDFFFy", "\u202Eevil\u202C", "\u200F\u05E9\u05DC\u05D5\u05DD", "\u200B", "\uFEFF"),
  fc.integer({ min: 1, max: 300_000 }).map((n) => "x".repeat(n)),
);
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }));
const anyValue = fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType });

/** The keys a zod object schema (possibly behind a transform) accepts. */
function schemaKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; in?: unknown; def?: { in?: unknown } } | undefined;
  for (let i = 0; i < 5 && s && !s.shape; i++) s = (s.in ?? s.def?.in) as typeof s;
  return s?.shape ? Object.keys(s.shape) : [];
}

/** A concrete URL for a route pattern: ids that may not exist (404 is fine), a real setting key. */
const concreteUrl = (url: string) => url.replace(":key", "band-name").replace(/:\w+/g, "1");

function expectNamedField(res: { statusCode: number; json: () => any }, known: string[]) {
  expect(res.statusCode, JSON.stringify(res.json())).toBeLessThan(500);
  if (res.statusCode !== 400) return;
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.message).toEqual(expect.any(String));
  // a handler's own 400 ('This verification link is invalid.') has no field to name
  if (!body.errors) return;
  const fields = Object.keys(body.errors);
  for (const field of fields) expect([...known, "body"], body.message).toContain(field.split(".")[0]);
  expect(body.message).toMatch(new RegExp(`^${fields[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
}

describe("every input route under hostile input", () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let routes: { method: string; url: string; keys: string[]; where: "body" | "query" }[];

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    routes = t.app.inputRoutes
      .filter((r) => !SKIP.has(`${r.method} ${r.url}`) && (r.schema?.body || r.schema?.querystring))
      .map((r) => ({
        method: r.method,
        url: r.url,
        keys: schemaKeys(r.schema?.body ?? r.schema?.querystring),
        where: r.schema?.body ? ("body" as const) : ("query" as const),
      }));
  });
  afterAll(async () => t?.close());

  it("finds the routes (the enumeration itself works)", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of ["POST /api/subscribe", "POST /api/contact", "POST /api/admin/login", "POST /api/shows", "PUT /api/settings/:key", "POST /api/users", "POST /api/newsletter/send", "GET /api/verify-email"]) {
      expect(names).toContain(expected);
    }
    for (const r of routes) expect(r.keys.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
  });

  it("a NUL in any one field is a 400 that names that field, on every route", async () => {
    for (const r of routes) {
      for (const key of r.keys) {
        const input = { [key]: "before\u0000after" };
        const res = await t.request({
          method: r.method as "POST",
          url: r.where === "query" ? `${concreteUrl(r.url)}?${key}=%00` : concreteUrl(r.url),
          headers,
          ...(r.where === "body" ? { payload: input } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url} ${key}`).toBe(400);
        expect(res.json().errors?.[key], `${r.method} ${r.url} ${key}: ${res.body}`).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
  });

  it("arbitrary values never give a 5xx, and a 400 names one of the route's fields", async () => {
    for (const r of routes) {
      const bodies = fc.record(Object.fromEntries(r.keys.map((k) => [k, anyValue])), { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(bodies, async (input) => {
          const res = await t.request({
            method: r.method as "POST",
            url: concreteUrl(r.url),
            headers,
            ...(r.where === "body" ? { payload: input } : { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])) }),
          });
          expectNamedField(res, r.keys);
        }),
        { numRuns: 25 },
      );
    }
  }, 120_000);

  it("control characters in object keys and nested values are refused too", async () => {
    const res = await t.request({ method: "POST", url: "/api/contact", payload: { email: "fan@example.com", message: "hi", nested: { deep: ["ok", "bad\u0000"] } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ "nested.deep.1": CONTROL_CHARACTERS_MESSAGE });
  });

  it("keeps what people really type: line breaks in text areas, right-to-left text, emoji", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/contact",
      payload: { name: "\u05E9\u05DC\u05D5\u05DD \u200F", email: "fan@example.com", message: "line one\r\nline two\n\ttabbed \u{1F918}" },
    });
    expect(res.statusCode).toBe(200);
    const inbox = await t.request({ method: "GET", url: "/api/admin/messages", headers });
    expect(inbox.json().data[0].message).toBe("line one\r\nline two\n\ttabbed \u{1F918}");
  });
});
