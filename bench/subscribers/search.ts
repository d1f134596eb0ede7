/**
 * Subscribers table bench: N subscribers (100,000 by default) seeded by one INSERT ... SELECT,
 * then typical questions of the admin table (GET /api/subscribers with parameters) asked over
 * HTTP against the real app, one after another. Prints ms per request (p50, p99, max) and the
 * rows matched. PGlite by default; with DATABASE_URL, PostgreSQL: a fresh database on that
 * server, dropped afterwards (the URL's own database is only used to create and drop it).
 *
 *   npx tsx bench/subscribers/search.ts              # 100,000 subscribers
 *   npx tsx bench/subscribers/search.ts 10000        # another size
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/subscribers/search.ts
 *   REQUESTS=200 npx tsx bench/subscribers/search.ts # requests per question (default 50)
 *   ONLY=sort npx tsx bench/subscribers/search.ts     # only the questions whose label has "sort"
 *   EXTRA_INDEXES=1 npx tsx bench/subscribers/search.ts  # with the indexes proposed for a later migration (see below)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { testConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { openBenchDatabase } from "../lib/bench-database";
import { ensurePrimaryAdmin } from "../../src/server/db/bootstrap";
import { migrate } from "../../src/server/db/migrate";
import { subscribers } from "../../src/server/db/schema";

const ADMIN = { username: "admin", password: "bench-password-1" };
const REQUESTS = Number(process.env.REQUESTS ?? 50);
const WARMUP = 5;
/** ONLY=search: ask only the questions whose label contains this */
const ONLY = process.env.ONLY ?? "";

/** What an admin typically asks the table (the first page is what the page opens with). */
const QUESTIONS: [string, string][] = [
  ["first page (newest first)", "page=1&pageSize=50"],
  ["search part of an email", "q=n4242&page=1&pageSize=50"],
  ["search a common word", "q=ana&page=1&pageSize=50"],
  ["region + status filter", "region=US-NC&status=verified&page=1&pageSize=50"],
  ["bounced filter", "status=bounced&page=1&pageSize=50"],
  ["sort by name, page 200", "sort=name&page=200&pageSize=50"],
  ["sort by status, page 1", "sort=status&dir=desc&page=1&pageSize=50"],
];


/**
 * A list that looks like a real one: a few first names over and over, one region in ten empty
 * and the rest spread over ten states and two countries, 70 % verified, some pending,
 * unsubscribed and bounced, one signup a minute going back.
 */
async function seed(database: Database, n: number) {
  await database.db.execute(sql`
    insert into ${subscribers} (email, name, shows_interest, releases_interest, merch_interest, is_verified, is_subscribed,
      region, bounced_at, bounce_reason, subscribed_at)
    select 'fan' || i || '@bench.example',
      case when i % 7 = 0 then null else (array['Ana','Ben','Carla','Dee','Eli','Fay','Gus','Hana'])[1 + i % 8] || ' ' || 'Fan' || i end,
      i % 2 = 0, i % 3 = 0, i % 5 = 0,
      i % 10 < 8, i % 10 <> 8,
      case when i % 10 = 9 then null else (array['US-NC','US-SC','US-VA','US-GA','US-TN','US-NY','US-CA','US-TX','US-IL','US-WA','DE','GB'])[1 + i % 12] end,
      case when i % 50 = 1 then now() end,
      case when i % 50 = 1 then '550 5.1.1 User unknown' end,
      now() - i * interval '1 minute'
    from generate_series(0, ${n - 1}::int) as i`);
  await database.db.execute(sql`analyze ${subscribers}`);
}

/**
 * Not in the schema: what a later migration could add, measured here first. On PostgreSQL,
 * trigram indexes answer '%part%' searches without a full scan (pg_trgm; PGlite would have to
 * load it as an extension). The name-sort index this bench measured first is migration 0007.
 */
async function extraIndexes(database: Database) {
  if (database.kind === "postgres") {
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    await database.db.execute(sql`create index subscribers_email_trgm_idx on ${subscribers} using gin (email gin_trgm_ops)`);
    await database.db.execute(sql`create index subscribers_name_trgm_idx on ${subscribers} using gin (lower(name) gin_trgm_ops)`);
  }
  await database.db.execute(sql`analyze ${subscribers}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const n = Number(process.argv[2] ?? 100_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-bench-"));
  const { database, url } = await openBenchDatabase(dataDir, "bench_subscribers");
  try {
    await migrate(database);
    const seedStart = performance.now();
    await seed(database, n);
    const seedMs = performance.now() - seedStart;
    if (process.env.EXTRA_INDEXES) await extraIndexes(database);

    const config = testConfig({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

    console.log(`${n.toLocaleString("en-US")} subscribers on ${url ? "PostgreSQL" : "PGlite"} (seeded in ${(seedMs / 1000).toFixed(1)} s${process.env.EXTRA_INDEXES ? ", with the extra indexes" : ""}); ${REQUESTS} requests per question over HTTP, one at a time; load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`);
    console.log("question                        p50 ms   p99 ms   max ms   matched");
    for (const [label, query] of QUESTIONS.filter(([label]) => label.includes(ONLY))) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(`${base}/api/subscribers?${query}`, { headers });
        const body = (await res.json()) as { page?: { total: number }; data: unknown[] };
        if (res.status !== 200 || !body.page) throw new Error(`${query}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= WARMUP) times.push(performance.now() - start);
        total = body.page.total;
      }
      times.sort((a, b) => a - b);
      const f = (ms: number) => ms.toFixed(1).padStart(8);
      console.log(`${label.padEnd(30)}${f(percentile(times, 50))} ${f(percentile(times, 99))} ${f(times[times.length - 1])}   ${total.toLocaleString("en-US")}`);
    }
    await app.close();
  } finally {
    await database.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
