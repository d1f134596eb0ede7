import fs from "node:fs";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createPostgresDb, launchFromSource, stopProcess, templateOnlyClientDir, tempDir, waitForHealthz, type PostgresDb, type ServerProcess } from "../../../../tests/support/server-process";
import { appRoot } from "../../paths";
import { ADMIN, dataDirWithDatabase } from "../../test/app";
import { startReceiver, type Receiver } from "../../test/webhook-receiver";

/*
 * Issue 26: with the instance killed between sending a webhook and recording the receiver's
 * answer, the event is not lost: it is sent again with the same webhook-id (a duplicate the
 * receiver may drop, as the Standard Webhooks specification allows). Real server processes,
 * killed with SIGKILL: on PGlite the restarted server sends it again at once (no other process
 * can hold its data dir); on PostgreSQL a second instance sends it once the dead one's lease ran out.
 */

interface Instance extends ServerProcess {
  url: string;
  token?: string;
}

const clientDir = templateOnlyClientDir("band-webhook-client-");
const running: Instance[] = [];
const receivers: Receiver[] = [];

async function launch(dataDir: string, env: Record<string, string> = {}): Promise<Instance> {
  const proc = await launchFromSource(appRoot, {
    name: "webhooks",
    dataDir,
    env: { CLIENT_DIST_DIR: clientDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "false", WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "warn", ...env },
  });
  const url = proc.url;
  const instance: Instance = { ...proc, url };
  running.push(instance);
  const health = await waitForHealthz(url, proc, { timeoutMs: 60_000, intervalMs: 100 });
  if (health !== "healthy") throw new Error(`server ${health}:\n${proc.output()}`);
  const login = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  instance.token = ((await login.json()) as { token: string }).token;
  return instance;
}

async function api(instance: Instance, method: string, route: string, body?: unknown) {
  const res = await fetch(`${instance.url}${route}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), authorization: `Bearer ${instance.token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

/** The first request is held open (the instance is killed meanwhile); every later one is accepted. */
async function holdingReceiver() {
  const r = await startReceiver((n) => (n === 1 ? "hold" : 200));
  receivers.push(r);
  return r;
}

async function messageThenKill(a: Instance, r: Receiver) {
  const created = await api(a, "POST", "/api/admin/webhooks", { url: r.url, events: ["message.received"] });
  expect(created.status).toBe(201);
  const sent = await fetch(`${a.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Sam", email: "sam@press.example", messageType: "press", message: "Interview?" }) });
  expect(sent.status).toBe(200);
  const first = await r.nth(1, 10_000);
  // sent, not yet answered: the instance dies now, before it can record anything
  await stopProcess(a, { signal: "SIGKILL" });
  r.release("drop");
  return { secret: created.json.data.secret as string, first };
}

afterEach(async () => {
  for (const instance of running.splice(0)) await stopProcess(instance, { killAfterMs: 5_000 });
  await Promise.all(receivers.splice(0).map((r) => r.close()));
}, 30_000);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describe("an instance killed between send and acknowledgement", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("PGlite: the restarted server sends the event again, same webhook-id, and records it once", async () => {
    // the database already made (the template): the first start is not what this is about
    const dataDir = await dataDirWithDatabase("band-webhook-killed-");
    try {
      const r = await holdingReceiver();
      const { secret, first } = await messageThenKill(await launch(dataDir), r);
      const b = await launch(dataDir);
      const again = await r.nth(2, 15_000);
      expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
      expect(new Webhook(secret).verify(again.body, again.headers)).toMatchObject({ type: "message.received", data: { messageType: "press", email: "sam@press.example" } });
      await expect.poll(async () => (await api(b, "GET", "/api/admin/webhooks")).json.data[0].deliveries[0], { timeout: 5_000 }).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
      // no third copy: a fixed wait, several of the worker's one-second rounds
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(r.received.length).toBe(2);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: another instance sends it again once the lease ran out", async () => {
    let db: PostgresDb | undefined;
    try {
      db = await createPostgresDb(process.env.TEST_DATABASE_URL!, `band_webhook_${process.pid}`);
      const env = { DATABASE_URL: db.url, WEBHOOK_LEASE_SECONDS: "11" };
      const a = await launch(tempDir("band-webhook-a-"), env);
      const b = await launch(tempDir("band-webhook-b-"), env);
      b.token = a.token;
      const r = await holdingReceiver();
      const killedAt = Date.now();
      const { secret, first } = await messageThenKill(a, r);
      const again = await r.nth(2, 30_000);
      expect(again.at - killedAt).toBeGreaterThan(5_000); // not before the lease ran out
      expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
      expect(new Webhook(secret).verify(again.body, again.headers)).toMatchObject({ type: "message.received" });
      await expect.poll(async () => (await api(b, "GET", "/api/admin/webhooks")).json.data[0].deliveries[0], { timeout: 5_000 }).toMatchObject({ status: "delivered", attempts: 2 });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(r.received.length).toBe(2);
    } finally {
      for (const instance of running.splice(0)) await stopProcess(instance, { killAfterMs: 5_000 });
      await db?.drop();
    }
  }, 150_000);
});
