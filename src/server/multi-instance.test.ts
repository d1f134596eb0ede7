import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMerch, demoShows } from "./db/seed/demo-content";
import { startSmtpSink, type SmtpSink } from "./mail/smtp-sink";
import { appRoot } from "./paths";

/**
 * Two real server processes on one fresh, empty PostgreSQL database, started at the same
 * moment, behave as one site: one start-up, shared sessions, shared rate limits, one mail queue
 * (exactly once, even when one instance is SIGKILLed mid-send) and cache invalidation between
 * them within a second. CI runs it in the PostgreSQL pass of the server tests.
 */

const url = process.env.TEST_DATABASE_URL;
const ADMIN = { username: "admin", password: "correct-horse-battery" };
const LOGIN_LIMIT = 6;
const CONCURRENCY = 4;
const FANS = 1000;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `node --import tsx src/server/main.ts` with its own port and DATA_DIR, on the shared database. */
async function launch(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `band-multi-${name}-`));
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", path.join("src", "server", "main.ts")], {
    cwd: appRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { name, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

async function healthy(instance: Instance) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited early (${instance.child.exitCode}):\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${instance.name} did not become healthy in 60 s:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Log lines at error level or worse (pino: 50, 60) and anything that is not a JSON log line with "Error" in it. */
function errorsIn(output: string): string[] {
  return output
    .split("\n")
    .filter(Boolean)
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return /error/i.test(line);
      }
    });
}

describe.skipIf(!url)("two instances on one PostgreSQL", () => {
  const dbName = `band_multi_${process.pid}_${randomBytes(4).toString("hex")}`;
  let dbUrl: string;
  let sql: pg.Client;
  let sink: SmtpSink;
  let a: Instance;
  let b: Instance;
  let token: string;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-multi-client-"));
  /** deliveries per address, per newsletter subject */
  const received = new Map<string, Map<string, number>>();
  let phase = "";

  const api = async (instance: Instance, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${instance.url}${route}`, {
      method,
      headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  const count = async (query: string) => Number((await sql.query<{ n: string }>(query)).rows[0].n);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();

    sink = await startSmtpSink({
      store: false,
      onMail: (to) => {
        const counts = received.get(phase) ?? new Map<string, number>();
        received.set(phase, counts);
        for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1);
      },
    });
    // the page template (a real build is not needed to see the page's inlined data)
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><html><head><title>Band</title><!--app-head--></head><body><div id=\"root\"></div><!--app-data--></body></html>");

    const env = {
      DATABASE_URL: dbUrl,
      CLIENT_DIST_DIR: clientDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "true",
      SMTP_URL: sink.url,
      MAIL_CONCURRENCY: String(CONCURRENCY),
      MAIL_RATE_PER_SECOND: "150",
      MAIL_LEASE_SECONDS: "2",
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      FORM_RATE_LIMIT: "1000",
      LOG_LEVEL: "info",
    };
    // the same moment, on an empty database
    [a, b] = await Promise.all([launch("a", env), launch("b", env)]);
    await Promise.all([healthy(a), healthy(b)]);
  }, 90_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.child.exitCode === null) {
        instance.child.kill("SIGTERM");
        await instance.exited;
      }
    }
    await sql?.end();
    await sink?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 30_000);

  it("both start without errors on an empty database: one primary admin, the demo content seeded once", async () => {
    expect(errorsIn(a.output())).toEqual([]);
    expect(errorsIn(b.output())).toEqual([]);
    expect(await count("select count(*) as n from users")).toBe(1);
    expect(await count("select count(*) as n from shows")).toBe(demoShows().length);
    expect(await count("select count(*) as n from merchandise")).toBe(demoMerch.length);
    expect((a.output() + b.output()).match(/demo content seeded/g)).toHaveLength(1);
  });

  it("wrong passwords spread over both instances hit 429 at the one LOGIN_RATE_LIMIT; a session made on one works on the other", async () => {
    // the one successful login counts too: LOGIN_LIMIT tries in all from this address
    const login = await api(a, "POST", "/api/admin/login", ADMIN);
    expect(login.status).toBe(200);
    token = login.json.token;
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
      const res = await fetch(`${(i % 2 ? a : b).url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...ADMIN, password: "wrong-password-x" }) });
      codes.push(res.status);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT - 1).fill(401), 429, 429]);

    const me = await api(b, "GET", "/api/admin/me");
    expect(me.status).toBe(200);
    expect(me.json.data ?? me.json).toMatchObject({ username: ADMIN.username });
  });

  it("a show created on one instance is in the other's GET /api/shows and its / page within a second", async () => {
    const venue = `Multi Hall ${randomBytes(3).toString("hex")}`;
    // both answers are cached on b first
    for (let i = 0; i < 2; i++) {
      expect((await api(b, "GET", "/api/shows")).json.data.some((s: { venue: string }) => s.venue === venue)).toBe(false);
      expect(await (await fetch(`${b.url}/`)).text()).not.toContain(venue);
    }
    const created = await api(a, "POST", "/api/shows", { venue, location: "Springfield", date: `${new Date().getFullYear() + 1}-06-01`, time: "20:00", price: "12.00", ageRestriction: "All ages" });
    expect(created.status).toBe(201);

    const started = Date.now();
    const seen = async () => {
      const [shows, page] = await Promise.all([api(b, "GET", "/api/shows"), fetch(`${b.url}/`).then((r) => r.text())]);
      return shows.json.data.some((s: { venue: string }) => s.venue === venue) && page.includes(venue);
    };
    await expect.poll(seen, { timeout: 1000, interval: 25 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it(`a newsletter to ${FANS} fans is delivered by both instances, each fan exactly once`, async () => {
    await sql.query(
      `insert into subscribers (email, shows_interest, is_verified, verified_at)
       select 'fan' || g || '@multi.example', true, true, now() from generate_series(1, ${FANS}) g`,
    );
    phase = "first";
    const sent = await api(a, "POST", "/api/newsletter/send", { subject: "Both of us", content: "Hello from two instances", targetShows: true });
    expect(sent.status).toBe(202);
    expect(sent.json.data.recipients).toBe(FANS);
    const id = sent.json.data.newsletterId;
    await expect.poll(async () => (await api(b, "GET", `/api/newsletters/${id}`)).json.data.status, { timeout: 30_000, interval: 200 }).toBe("done");

    const counts = received.get("first")!;
    expect(counts.size).toBe(FANS);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    const byInstance = await sql.query<{ claimed_by: string; n: string }>(`select claimed_by, count(*) as n from newsletter_deliveries where newsletter_id = $1 group by claimed_by`, [id]);
    expect(byInstance.rows).toHaveLength(2);
    expect((await api(a, "GET", `/api/newsletters/${id}`)).json.data).toMatchObject({ sent: FANS, unknown: 0, failed: 0, pending: 0 });
  }, 45_000);

  it("SIGKILL of one instance mid-send: the other finishes the rest, no duplicates, at most MAIL_CONCURRENCY reported unknown", async () => {
    phase = "second";
    const sent = await api(b, "POST", "/api/newsletter/send", { subject: "One of us left", content: "Hello again", targetShows: true });
    expect(sent.status).toBe(202);
    const id = sent.json.data.newsletterId;
    await expect.poll(() => received.get("second")?.size ?? 0, { timeout: 20_000, interval: 10 }).toBeGreaterThan(FANS / 4);
    a.child.kill("SIGKILL");
    await a.exited;
    const atKill = received.get("second")!.size;
    expect(atKill).toBeLessThan(FANS);

    await expect.poll(async () => (await api(b, "GET", `/api/newsletters/${id}`)).json.data.status, { timeout: 40_000, interval: 200 }).toBe("done");
    const detail = (await api(b, "GET", `/api/newsletters/${id}`)).json.data;
    const unknown = new Set<string>(detail.unknownRecipients.map((r: { email: string }) => r.email));
    const counts = received.get("second")!;
    console.info(`multi-instance: ${atKill} delivered before SIGKILL, ${unknown.size} reported unknown, ${counts.size} delivered in all`);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(unknown.size).toBeLessThanOrEqual(CONCURRENCY);
    const missing = Array.from({ length: FANS }, (_, i) => `fan${i + 1}@multi.example`).filter((e) => !counts.has(e) && !unknown.has(e));
    expect(missing).toEqual([]);
    expect(detail).toMatchObject({ totalRecipients: FANS, failed: 0, pending: 0, unknown: unknown.size });
    expect(detail.sent + detail.unknown).toBe(FANS);
    expect(errorsIn(b.output())).toEqual([]);
  }, 60_000);
});
