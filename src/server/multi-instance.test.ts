import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, launchFromSource, stopProcess, templateOnlyClientDir, waitForHealthz, type PostgresDb, type ServerProcess } from "../../tests/support/server-process";
import { demoMerch, demoShows } from "./db/seed/demo-content";
import { startSmtpSink, type SmtpSink } from "./test/smtp-sink";
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

interface Instance extends ServerProcess {
  name: string;
  url: string;
}

/** A server from the sources with its own port and DATA_DIR, on the shared database. */
const launch = async (name: string, env: Record<string, string>): Promise<Instance> => ({ ...(await launchFromSource(appRoot, { name: `multi-${name}`, env })), name });

async function healthy(instance: Instance) {
  const health = await waitForHealthz(instance.url, instance, { timeoutMs: 60_000, intervalMs: 100 });
  if (health === "exited") throw new Error(`${instance.name} exited early (${instance.child.exitCode}):\n${instance.output()}`);
  if (health === "timeout") throw new Error(`${instance.name} did not become healthy in 60 s:\n${instance.output()}`);
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
  let db: PostgresDb;
  let sql: pg.Client;
  let sink: SmtpSink;
  let a: Instance;
  let b: Instance;
  let token: string;
  const clientDir = templateOnlyClientDir("band-multi-client-");
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
    db = await createPostgresDb(url!, `band_multi_${process.pid}`);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();

    sink = await startSmtpSink({
      store: false,
      onMail: (to) => {
        const counts = received.get(phase) ?? new Map<string, number>();
        received.set(phase, counts);
        for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1);
      },
    });

    const env = {
      DATABASE_URL: db.url,
      CLIENT_DIST_DIR: clientDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "true",
      SMTP_URL: sink.url,
      MAIL_CONCURRENCY: String(CONCURRENCY),
      MAIL_RATE_PER_SECOND: "150",
      MAIL_LEASE_SECONDS: "2",
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      EVENTS_RATE_LIMIT: "20",
      FORM_RATE_LIMIT: "1000",
      LOG_LEVEL: "info",
    };
    // the same moment, on an empty database
    [a, b] = await Promise.all([launch("a", env), launch("b", env)]);
    await Promise.all([healthy(a), healthy(b)]);
  }, 90_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopProcess(instance);
    await sql?.end();
    await sink?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
    await db?.drop();
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

  it("page views sent to both instances count into one total, one visitor (one day's salt), and one EVENTS_RATE_LIMIT", async () => {
    token ||= (await api(a, "POST", "/api/admin/login", ADMIN)).json.token;
    const fan = { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" };
    const view = (instance: Instance, path: string) => fetch(`${instance.url}/api/events`, { method: "POST", headers: fan, body: JSON.stringify({ type: "pageview", path, referrer: "" }) });
    for (let i = 0; i < 3; i++) expect((await view(a, "/")).status).toBe(202);
    for (let i = 0; i < 2; i++) expect((await view(b, "/shows")).status).toBe(202);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = async () => (await api(a, "GET", `/api/admin/stats?from=${day(-1)}&to=${day(1)}`)).json.data;
    // each instance writes its batch within a few seconds
    await expect.poll(async () => (await report()).pageviews, { timeout: 10_000, interval: 250 }).toBe(5);
    expect(await report()).toMatchObject({ visitors: 1, pages: expect.arrayContaining([{ path: "/", visitors: 1, pageviews: 3 }, { path: "/shows", visitors: 1, pageviews: 2 }]) });
    expect(await count("select count(*) as n from stats_salts")).toBe(1);

    // EVENTS_RATE_LIMIT (20) in all: a's hits reach the shared counter, then b refuses once it has heard
    for (let i = 0; i < 16; i++) await view(a, "/");
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await view(b, "/")).status).toBe(202);
    await expect.poll(async () => (await view(b, "/")).status, { timeout: 6_000, interval: 500 }).toBe(429);
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

  it("'tell fans near it' on shows saved on both instances at once: both rounds race, each show's mail reaches each Raleigh fan once and no LA fan", async () => {
    // The mail leaves at once only in the band's daytime (9:00-21:00); pick a zone where it is
    // now mid-day so the test does not depend on when CI runs (Etc/GMT-N is UTC+N).
    const offset = [...Array(27).keys()].map((i) => i - 12).find((o) => ((new Date().getUTCHours() + o + 24) % 24) === 13)!;
    const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    expect((await api(a, "PUT", "/api/settings/timezone", { value: zone })).status).toBe(200);

    const RALEIGH_FANS = 20;
    await sql.query(
      `insert into subscribers (email, shows_interest, is_verified, verified_at, place, lat, lng)
       select 'near' || g || '@multi.example', true, true, now(), '27601', 35.7727, -78.6324 from generate_series(1, ${RALEIGH_FANS}) g
       union all
       select 'far' || g || '@multi.example', true, true, now(), '90012', 34.0614, -118.2385 from generate_series(1, 5) g`,
    );
    phase = "nearby";
    const SHOWS = 10;
    const venue = (i: number) => `Near Race ${i} ${randomBytes(2).toString("hex")}`;
    const show = (i: number) => ({ venue: venue(i), location: "Durham, NC", date: `${new Date().getFullYear() + 1}-07-0${1 + (i % 9)}`, time: "20:00", price: "10.00", ageRestriction: "All ages", announceNearby: { miles: 100 } });
    // half saved on a, half on b, all at once: each save wakes its own instance's round
    const saved = await Promise.all(Array.from({ length: SHOWS }, (_, i) => api(i % 2 ? a : b, "POST", "/api/shows", show(i))));
    expect(saved.map((s) => s.status)).toEqual(Array(SHOWS).fill(201));
    const ids = saved.map((s) => s.json.data.id as number);

    const told = async () => count(`select count(*) as n from shows where id in (${ids.join(",")}) and nearby_told_at is not null and nearby_newsletter_id is not null`);
    await expect.poll(told, { timeout: 20_000, interval: 200 }).toBe(SHOWS);
    const rows = (await sql.query<{ nearby_told_count: number }>(`select nearby_told_count from shows where id in (${ids.join(",")})`)).rows;
    expect(rows.map((r) => r.nearby_told_count)).toEqual(Array(SHOWS).fill(RALEIGH_FANS));
    expect(await count(`select count(*) as n from newsletters where near_show_id in (${ids.join(",")})`)).toBe(SHOWS);

    const expected = SHOWS * RALEIGH_FANS;
    await expect.poll(() => [...(received.get("nearby")?.values() ?? [])].reduce((n, v) => n + v, 0), { timeout: 30_000, interval: 200 }).toBe(expected);
    const counts = received.get("nearby")!;
    expect([...counts.keys()].filter((address) => !address.startsWith("near"))).toEqual([]);
    expect([...counts.values()]).toEqual(Array(RALEIGH_FANS).fill(SHOWS));
    // nothing more arrives later (a second claim of a show would queue a second newsletter)
    await new Promise((r) => setTimeout(r, 1_500));
    expect([...counts.values()].reduce((n, v) => n + v, 0)).toBe(expected);
    const tellers = { a: a.output().match(/fans near a show told/g)?.length ?? 0, b: b.output().match(/fans near a show told/g)?.length ?? 0 };
    console.info(`multi-instance: shows told by a: ${tellers.a}, by b: ${tellers.b}`);
    expect(tellers.a + tellers.b).toBe(SHOWS);
    // the next tests count every fan with the shows interest
    await sql.query(`update subscribers set shows_interest = false where email like 'near%@multi.example' or email like 'far%@multi.example'`);
  }, 60_000);

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
