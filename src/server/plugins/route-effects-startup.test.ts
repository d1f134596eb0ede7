import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { ensurePrimaryAdmin } from "../db/bootstrap";
import type { Database } from "../db/client";
import { activityLog } from "../db/schema";
import { ADMIN, freshDatabase } from "../test/app";
import { activity } from "./route-effects";

/**
 * Issue 22: an admin write route says what it changes beside its handler, and one that does not
 * stops the app at start-up, naming itself. The app's module list gets one more module here.
 */
// The server project shares modules within a worker (vitest.config.ts): fresh copies first, so
// the app imports the mocked module list even if an earlier file loaded the real one; fresh ones
// after, so no later file gets the mock.
const extra = vi.hoisted(() => {
  vi.resetModules();
  return { routes: null as null | FastifyPluginAsyncZod };
});
afterAll(() => {
  vi.doUnmock("../modules");
  vi.resetModules();
});
vi.mock("../modules", async (importOriginal) => {
  const original = await importOriginal<typeof import("../modules")>();
  return {
    ...original,
    get modules() {
      return extra.routes ? [...original.modules, { name: "extra", adminRoutes: extra.routes }] : original.modules;
    },
  };
});

const ok = { 200: z.object({ success: z.boolean() }) };
let database: Database | undefined;

async function start(routes: FastifyPluginAsyncZod) {
  extra.routes = routes;
  database = await freshDatabase();
  const config = testConfig({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

afterEach(async () => {
  extra.routes = null;
  await database?.close();
  database = undefined;
});

describe("the start-up check", () => {
  it("refuses to start when an admin write route declares no effects, naming the route", async () => {
    await expect(start(async (app) => void app.put("/api/oops/:id", { schema: { response: ok } }, async () => ({ success: true })))).rejects.toThrow(
      /^PUT \/api\/oops\/:id writes without declaring its effects: add config\.invalidates .* and config\.activity /,
    );
  });

  it("names what is missing when only one of the two is declared", async () => {
    await expect(start(async (app) => void app.post("/api/half", { schema: { response: ok }, config: { invalidates: [] } }, async () => ({ success: true })))).rejects.toThrow(
      /^POST \/api\/half writes without declaring its effects: add config\.activity \(/,
    );
    await database?.close();
    await expect(
      start(async (app) => void app.delete("/api/other-half", { schema: { response: ok }, config: { activity: activity({ resource: "x", describe: () => "did x" }) } }, async () => ({ success: true }))),
    ).rejects.toThrow(/^DELETE \/api\/other-half writes without declaring its effects: add config\.invalidates \(/);
  });

  it("starts when a write says it changes nothing public and is not logged, and asks nothing of reads", async () => {
    const app = await start(async (scope) => {
      scope.get("/api/read-only", { schema: { response: ok } }, async () => ({ success: true }));
      // a preview: nothing saved, so nothing to log
      scope.post("/api/preview", { schema: { response: ok }, config: { invalidates: [], activity: false } }, async () => ({ success: true }));
    });
    await app.close();
  });
});

describe("secrets never reach the log", () => {
  it("leaves out fields named like secrets (passwords, tokens, SMTP URLs) and the ones a route names", async () => {
    const app = await start(async (scope) => {
      scope.put(
        "/api/mail-relay",
        {
          schema: { body: z.record(z.string(), z.string()), response: ok },
          config: { invalidates: [], activity: activity({ resource: "mail-relay", secrets: ["signature"], describe: () => "changed the mail relay" }) },
        },
        async () => ({ success: true }),
      );
    });
    try {
      const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
      const headers = { authorization: `Bearer ${login.json().token}` };
      const body = { note: "the new relay", smtpUrl: "smtp://band:hunter2@mail.example", apiToken: "tok-123", password: "pw-456", signature: "sig-789" };
      expect((await app.inject({ method: "PUT", url: "/api/mail-relay", headers, payload: body })).statusCode).toBe(200);
      const [entry] = await database!.db.select().from(activityLog).where(eq(activityLog.resource, "mail-relay"));
      expect(entry).toMatchObject({ username: "admin", action: "update", description: "changed the mail relay", changes: { note: "the new relay" } });
      expect(JSON.stringify(entry)).not.toMatch(/hunter2|tok-123|pw-456|sig-789/);
    } finally {
      await app.close();
    }
  });
});
