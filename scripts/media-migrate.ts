// `npm run media:migrate`: copies the upload files under DATA_DIR/uploads into the bucket of
// STORAGE_URL (src/server/storage/media-migrate.ts): idempotent, resumable, each copy verified by
// its SHA-256 read back from the bucket, with progress. Same environment as `npm start`; the site
// may run meanwhile. The local files stay: remove DATA_DIR/uploads once the site runs on the bucket.
import { loadConfig } from "../src/server/config";
import { LocalStore } from "../src/server/storage/local-store";
import { migrateMedia } from "../src/server/storage/media-migrate";
import { S3Store } from "../src/server/storage/s3-store";
import { formatBytes } from "../src/shared/format";

async function main() {
  if (process.argv.length > 2) {
    console.error("Usage: npm run media:migrate   (copies DATA_DIR/uploads into the bucket of STORAGE_URL)");
    process.exit(1);
  }
  const config = loadConfig();
  if (!config.objectStorage) throw new Error("STORAGE_URL is not set: set it to the bucket to copy the uploads into (README, Configuration).");
  const source = new LocalStore(config.uploadsDir);
  const target = await S3Store.open(config.objectStorage);
  const started = Date.now();
  let lastLine = 0;
  console.log(`copying ${source.where} into ${target.where}`);
  try {
    const result = await migrateMedia(source, target, {
      onProgress: (p) => {
        // every copy, and a line at least every 2 s while files are found there already
        if (p.outcome === "copied" || Date.now() - lastLine > 2000 || p.done === p.total) {
          lastLine = Date.now();
          console.log(`[${p.done}/${p.total}] ${p.outcome === "copied" ? "copied" : "already there"}  ${p.key} (${formatBytes(p.size)})`);
        }
      },
    });
    console.log(
      `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.files} files, ${result.copied} copied (${formatBytes(result.bytesCopied)}), ${result.skipped} already there; every copy verified by SHA-256`,
    );
  } finally {
    target.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`media:migrate stopped: ${(err as Error).message}. Run it again to resume: files already copied are skipped.`);
    process.exit(1);
  },
);
