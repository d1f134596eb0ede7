import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "../config";
import { ensurePrimaryAdmin } from "./bootstrap";
import { openPostgres, type Database } from "./client";
import { migrate } from "./migrate";
import { seedDemoContent } from "./seed";
import { STARTUP_LOCK_KEY, withStartupLock } from "./startup-lock";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("start-up of several instances on one empty PostgreSQL", () => {
  const name = `band_lock_${process.pid}_${randomBytes(4).toString("hex")}`;
  const opened: Database[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("takes turns under the advisory lock: migrations, one primary admin and the demo content exactly once", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;

    const waits: string[] = [];
    const startUp = async (i: number) => {
      const database = await openPostgres(u.toString());
      opened.push(database);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "band-lock-"));
      dirs.push(dataDir);
      const config = testConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct-horse-battery", SEED_DEMO: true });
      return withStartupLock(
        database,
        async () => {
          await migrate(database);
          const admin = await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} });
          const seeded = await seedDemoContent(database.db, config);
          return { i, admin: admin !== null, seeded };
        },
        { info: (msg) => waits.push(msg) },
      );
    };
    const results = await Promise.all([0, 1, 2].map(startUp));
    expect(results.filter((r) => r.admin)).toHaveLength(1);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(waits.length).toBeGreaterThanOrEqual(1);

    const db = opened[0].db;
    const countOf = async (table: string) => ((await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const users = await countOf("users");
    const shows = await countOf("shows");
    expect(users).toBe(1);
    expect(shows).toBeGreaterThan(0);
    // the lock is free again
    const check = await opened[0].connect!();
    const [{ ok }] = (await check.query<{ ok: boolean }>("select pg_try_advisory_lock($1::bigint) as ok", [STARTUP_LOCK_KEY.toString()])).rows;
    await check.end();
    expect(ok).toBe(true);
  });
});
