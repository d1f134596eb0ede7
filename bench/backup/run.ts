// Backup round-trip timings (issue 20): the demo data, then 100,000 subscribers on top; on PGlite,
// and on PostgreSQL when TEST_DATABASE_URL is set (fresh databases, dropped afterwards).
//   npx tsx bench/backup/run.ts            [SUBSCRIBERS=100000]
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { ensurePrimaryAdmin } from "../../src/server/db/bootstrap";
import { seedDemoContent } from "../../src/server/db/seed";
import { testConfig } from "../../src/server/config";
import { openPglite } from "../../src/server/db/client";
import { createBackup } from "../../src/server/backup/create";
import { restoreBackup } from "../../src/server/backup/restore";
import { postgresDatabase, tempDataDir } from "../../src/server/test/backup-fixture";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100_000);

async function fresh(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "postgres") return postgresDatabase();
  return openPglite({ dataDir: path.join(tempDataDir(), "db") });
}

async function roundTrip(kind: "pglite" | "postgres", source: Database, uploadsDir: string, label: string) {
  const work = tempDataDir();
  const archive = path.join(work, "b.tar.gz");
  const made = await createBackup(source, uploadsDir, archive);
  const target = await fresh(kind);
  const restored = await restoreBackup({ file: archive, database: target, uploadsDir: path.join(work, "data", "uploads") });
  await target.close();
  fs.rmSync(work, { recursive: true, force: true });
  const rss = Math.round(process.memoryUsage().rss / 1048576);
  console.log(
    `${kind.padEnd(8)} ${label.padEnd(22)} rows ${String(made.rows).padStart(7)}  files ${made.files}  archive ${(made.size / 1048576).toFixed(2)} MB  backup ${(made.ms / 1000).toFixed(2)} s (snapshot transaction ${(made.snapshotMs / 1000).toFixed(2)} s)  restore ${(restored.ms / 1000).toFixed(2)} s  rss ${rss} MB`,
  );
}

for (const kind of ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres" as const] : [])] as const) {
  const dataDir = tempDataDir();
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "correct-horse-battery" });
  const source = await fresh(kind);
  await migrate(source);
  await ensurePrimaryAdmin(source.db, config, { info() {}, warn() {} } as never);
  await seedDemoContent(source.db, config);
  await roundTrip(kind, source, config.uploadsDir, "demo data");
  await source.db.execute(sql`
    insert into subscribers (name, email, shows_interest, is_verified, verified_at, subscribe_ip, region, consent_source)
    select 'Fan ' || i, 'fan' || i || '@example.com', i % 2 = 0, true, now() - (i || ' minutes')::interval, '203.0.113.' || (i % 250), 'US-NC', 'form'
    from generate_series(1, ${SUBSCRIBERS}) as i`);
  await roundTrip(kind, source, config.uploadsDir, `+ ${SUBSCRIBERS} subscribers`);
  await source.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
