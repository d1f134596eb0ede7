import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN, createTestApp, type TestApp } from "../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:\w+/g, "1");

// Every route in the admin scope, found by enumeration rather than listed by hand, so a new
// admin route is covered the day it is added.
it("refuses every admin route without a session, and every cookie write without CSRF", async () => {
  expect(t.app.adminRoutes.length).toBeGreaterThan(0);
  const { token } = (await t.request({ method: "POST", url: "/api/admin/login", payload: ADMIN })).json();
  for (const route of t.app.adminRoutes) {
    const method = route.method as "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
    const url = concrete(route.url!);
    const anonymous = await t.request({ method, url, payload: method === "GET" || method === "DELETE" ? undefined : {} });
    expect(anonymous.statusCode, `${method} ${url} without a session`).toBe(401);

    const forged = Buffer.from(JSON.stringify({ id: 1, username: "admin", isAdmin: true })).toString("base64");
    const legacy = await t.request({ method, url, headers: { authorization: `Bearer ${forged}` } });
    expect(legacy.statusCode, `${method} ${url} with a legacy token`).toBe(401);

    if (method !== "GET") {
      const noCsrf = await t.request({ method, url, cookies: { sid: token }, payload: method === "DELETE" ? undefined : {} });
      expect(noCsrf.statusCode, `${method} ${url} by cookie without CSRF`).toBe(403);
    }
  }
});
