// `npm run restore -- FILE [--force]`: restores a backup (npm run backup) into DATA_DIR and the
// database of the same environment as `npm start`. The target must be empty unless --force; a
// damaged or foreign file is refused before anything is touched. Stop the site first.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { controlSocketPath, socketAnswers } from "../src/server/control/control-socket";
import { BackupError } from "../src/server/backup/manifest";
import { verifyArchive } from "../src/server/backup/read";
import { restoreBackup } from "../src/server/backup/restore";
import { rowsOf } from "../src/server/backup/sql";

function usage(): never {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0].startsWith("-")) usage();
  const file = path.resolve(files[0]);
  const config = loadConfig();
  if (await socketAnswers(controlSocketPath(config.dataDir))) {
    throw new BackupError(`The site is running on ${config.dataDir} (its control socket answers). Stop it first, then restore.`);
  }
  // the whole archive is checked before the target is even opened (a new PGlite database would be created)
  const manifest = await verifyArchive(file);
  console.log(`${path.basename(file)}: a backup of ${manifest.createdAt} (${manifest.source.db}), ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${manifest.files.filter((f) => f.path.startsWith("uploads/")).length} upload files: checked.`);
  const database = await openDatabase(config);
  try {
    if (config.DATABASE_URL) {
      const [{ n }] = rowsOf(await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`));
      if (Number(n) > 0) console.warn(`  note: ${n} other connection(s) to this database; stop every instance of the site before restoring.`);
    }
    const result = await restoreBackup({ file, database, uploadsDir: config.uploadsDir, force });
    console.log(`Restored into ${config.DATABASE_URL ? "PostgreSQL" : path.join(config.dataDir, "db")} and ${config.uploadsDir}: ${result.rows} rows, ${result.files} files, migrated to ${result.migratedTo}; ${(result.ms / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
  if (!fs.existsSync(config.uploadsDir)) fs.mkdirSync(config.uploadsDir, { recursive: true });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof BackupError ? err.message : `Restore failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
