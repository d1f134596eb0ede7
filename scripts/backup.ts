// `npm run backup -- --out FILE`: one .tar.gz with a consistent snapshot of the database and every
// upload (src/server/backup/), from DATA_DIR/uploads or the bucket of STORAGE_URL. With PGlite and the site running, the site writes it (it asks over
// DATA_DIR/control.sock); otherwise this process opens the database itself. Same environment as `npm start`.
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { controlSocketPath, sendControlCommand } from "../src/server/control/control-socket";
import { createBackup, type BackupResult } from "../src/server/backup/create";
import { BackupError } from "../src/server/backup/manifest";
import { backupFileName, recordManualBackup } from "../src/server/backup/schedule";
import { formatBytes } from "../src/shared/format";
import { openObjectStore } from "../src/server/storage/open-store";

function usage(): never {
  console.error("Usage: npm run backup -- [--out FILE]   (default: BACKUP_DIR/band-site-backup-<time>.tar.gz)");
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  let outArg: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--out" && args[i + 1]) outArg = args[++i];
    else if (args[i].startsWith("--out=")) outArg = args[i].slice(6);
    else usage();
  }
  const config = loadConfig();
  const out = path.resolve(outArg ?? path.join(config.backupDir, backupFileName(new Date())));
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists; choose another --out.`);

  let result: BackupResult | null = null;
  let via = "";
  if (!config.DATABASE_URL) {
    // PGlite is one process: if the site runs, it writes the backup
    result = (await sendControlCommand(controlSocketPath(config.dataDir), "backup", { out })) as BackupResult | null;
    via = "written by the running site";
    if (!result && !fs.existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) throw new BackupError(`There is no database in ${path.join(config.dataDir, "db")} (is DATA_DIR right?).`);
  }
  if (!result) {
    via = config.DATABASE_URL ? "read from PostgreSQL" : "the site is not running: read the database directly";
    const database = await openDatabase(config);
    // the uploads folder, or the bucket of STORAGE_URL (its objects are copied into the archive)
    const store = await openObjectStore(config);
    try {
      result = await createBackup(database, store, out);
      await recordManualBackup(database.db, result).catch(() => {}); // an older database has no backup_runs yet
    } finally {
      store.close();
      await database.close();
    }
  }
  console.log(`${result.file}  ${formatBytes(result.size)} (${result.size} bytes)`);
  console.log(`  ${result.tables} tables, ${result.rows} rows, ${result.files} upload files; ${(result.ms / 1000).toFixed(1)} s (${via})`);
  if (config.objectStorage) console.log(`  the upload files were copied from the bucket (s3://${config.objectStorage.bucket}/${config.objectStorage.prefix}); a restore puts them in DATA_DIR/uploads, and \`npm run media:migrate\` copies them back into a bucket`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof BackupError ? err.message : `Backup failed: ${(err as Error).message}`);
    process.exit(1);
  },
);
