/**
 * 'Near you' send with a crash (issue 24's second figure): two real server processes on one fresh
 * PostgreSQL database; N verified fans placed in Raleigh (27601) and a few in Los Angeles; a
 * Durham, NC show saved with 'tell fans near it' (100 miles). Once a quarter of the mails have
 * arrived at the local SMTP sink, instance a is SIGKILLed; b finishes. Prints the rate at which
 * the mail left the queue (against MAIL_RATE_PER_SECOND), duplicates, missing (neither received
 * nor reported 'unknown' to the band) and the 'unknown' ones (in flight at the kill: the band is
 * told their fate is not known; they are never sent twice). Exit code 1 unless 0 duplicates and
 * 0 missing.
 *
 *   npx tsx bench/places/near-send.ts                  # 20,000 fans, 200 mails/s, 8 at a time
 *   FANS=5000 MAIL_RATE_PER_SECOND=100 npx tsx bench/places/near-send.ts
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (the default) names the server
 */
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { createPostgresDb, launchFromSource, stopProcess, templateOnlyClientDir, waitForHealthz } from "../../tests/support/server-process";
import { appRoot } from "../../src/server/paths";
import { startSmtpSink } from "../../src/server/test/smtp-sink";

const FANS = Number(process.env.FANS ?? 20_000);
const RATE = process.env.MAIL_RATE_PER_SECOND ?? "200";
const CONCURRENCY = process.env.MAIL_CONCURRENCY ?? "8";
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { username: "admin", password: "correct-horse-battery" };

const received = new Map<string, number>();
let firstAt = 0;
let lastAt = 0;
const sink = await startSmtpSink({
  store: false,
  onMail: (to) => {
    lastAt = Date.now();
    firstAt ||= lastAt;
    for (const address of to) received.set(address, (received.get(address) ?? 0) + 1);
  },
});
const db = await createPostgresDb(PG_URL, `bench_near_send_${process.pid}`);
const sql = new pg.Client({ connectionString: db.url });
await sql.connect();
const clientDir = templateOnlyClientDir("bench-near-client-");

const env = {
  DATABASE_URL: db.url,
  CLIENT_DIST_DIR: clientDir,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SMTP_URL: sink.url,
  MAIL_CONCURRENCY: CONCURRENCY,
  MAIL_RATE_PER_SECOND: RATE,
  MAIL_LEASE_SECONDS: "5",
  LOG_LEVEL: "warn",
};
const launch = (name: string) => launchFromSource(appRoot, { name: `bench-near-${name}`, env });
type Instance = Awaited<ReturnType<typeof launch>>;

let a: Instance | undefined;
let b: Instance | undefined;
let ok: boolean;
try {
  [a, b] = await Promise.all([launch("a"), launch("b")]);
  for (const instance of [a, b]) {
    if ((await waitForHealthz(instance.url, instance, { timeoutMs: 90_000, intervalMs: 200 })) !== "healthy") throw new Error(`an instance did not start:\n${instance.output()}`);
  }
  let token = "";
  const api = async (instance: Instance, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${instance.url}${route}`, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  token = (await api(a, "POST", "/api/admin/login", ADMIN)).json.token;
  // the mail leaves at once only in the band's daytime: a zone where it is now 13:00
  const offset = [...Array(27).keys()].map((i) => i - 12).find((o) => (new Date().getUTCHours() + o + 24) % 24 === 13)!;
  await api(a, "PUT", "/api/settings/timezone", { value: offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}` });
  await sql.query(
    `insert into subscribers (email, shows_interest, is_verified, verified_at, place, lat, lng)
     select 'near' || g || '@bench.example', true, true, now(), '27601', 35.7727, -78.6324 from generate_series(1, ${FANS}) g
     union all
     select 'far' || g || '@bench.example', true, true, now(), '90012', 34.0614, -118.2385 from generate_series(1, 100) g`,
  );
  const started = Date.now();
  const saved = await api(a, "POST", "/api/shows", { venue: "Motorco", location: "Durham, NC", date: `${new Date().getFullYear() + 1}-03-01`, time: "20:00", price: "15.00", ageRestriction: "21+", announceNearby: { miles: 100 } });
  if (saved.status !== 201) throw new Error(`show not saved: ${JSON.stringify(saved.json)}`);
  const showId = saved.json.data.id;

  while (received.size < FANS / 4) await new Promise((r) => setTimeout(r, 20));
  a.child.kill("SIGKILL");
  await a.exited;
  const atKill = received.size;

  const newsletterId = Number((await sql.query(`select nearby_newsletter_id as id from shows where id = $1`, [showId])).rows[0].id);
  for (;;) {
    const detail = (await api(b, "GET", `/api/newsletters/${newsletterId}`)).json.data;
    if (detail.status === "done") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const detail = (await api(b, "GET", `/api/newsletters/${newsletterId}`)).json.data;
  const unknown = new Set<string>(detail.unknownRecipients.map((r: { email: string }) => r.email));
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const far = [...received.keys()].filter((address) => address.startsWith("far")).length;
  let missing = 0;
  for (let i = 1; i <= FANS; i++) if (!received.has(`near${i}@bench.example`) && !unknown.has(`near${i}@bench.example`)) missing++;
  const unknownArrived = [...unknown].filter((address) => received.has(address)).length;
  const seconds = (lastAt - firstAt) / 1000;

  console.log(`near-you send: ${FANS} fans within 100 miles, 100 far away; 2 instances on PostgreSQL; MAIL_RATE_PER_SECOND=${RATE}, MAIL_CONCURRENCY=${CONCURRENCY}; load ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  console.log(`  show saved -> first mail: ${((firstAt - started) / 1000).toFixed(1)} s; first -> last mail: ${seconds.toFixed(1)} s = ${(received.size / seconds).toFixed(0)} mails/s`);
  console.log(`  a SIGKILLed after ${atKill} mails; b finished: ${received.size} fans received, ${unknown.size} reported unknown (${unknownArrived} of them did arrive)`);
  console.log(`  duplicates: ${duplicates}, missing: ${missing}, far fans mailed: ${far}; the newsletter says sent ${detail.sent}, unknown ${detail.unknown}, failed ${detail.failed}`);
  ok = duplicates === 0 && missing === 0 && far === 0 && detail.failed === 0;
} finally {
  for (const instance of [a, b]) if (instance) await stopProcess(instance, { killAfterMs: 10_000 });
  fs.rmSync(clientDir, { recursive: true, force: true });
  await sql.end();
  await db.drop();
  await sink.close();
}
process.exit(ok ? 0 : 1);
