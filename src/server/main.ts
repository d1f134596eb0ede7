import { loadConfig } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { ensurePrimaryAdmin } from "./db/bootstrap";
import { seedDemoContent } from "./db/seed";
import { withStartupLock } from "./db/startup-lock";
import { makeMissingVariants } from "./storage/variant-backfill";
import { stripStoredMetadata } from "./storage/metadata-backfill";
import { stopImageWorker } from "./storage/image-worker-client";
import { sweepUploads } from "./storage/upload-sweep";
import { startBackgroundWork } from "./background";
import { uploadPlace } from "./services/storage";
import { StorageUnavailable } from "./storage/object-store";
import { dropDictionariesAfterEachCheck } from "@shared/password-strength";

async function main() {
  // the server checks passwords rarely: it does not keep zxcvbn's dictionaries (~5 MB) between checks
  dropDictionariesAfterEachCheck();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(config);
  // With several instances on one PostgreSQL, one at a time does this; the others then find it done.
  const app = await withStartupLock(
    database,
    async () => {
      await migrate(database);
      const built = await buildApp({ config, database });
      await ensurePrimaryAdmin(database.db, config, built.log);
      const place = uploadPlace(built);
      // A bucket that does not answer (STORAGE_URL) does not stop the start: the site runs, its
      // files answer 503 until the bucket is back, and what is skipped here is done at the next start.
      const unlessStorageDown = async (what: string, work: () => Promise<void>) => {
        try {
          await work();
        } catch (err) {
          if (!(err instanceof StorageUnavailable)) throw err;
          built.log.warn({ err }, `${what} skipped: the upload storage does not answer; done at the next start`);
        }
      };
      await unlessStorageDown("the demo content", async () => {
        if (config.SEED_DEMO && (await seedDemoContent(database.db, config, built.storage))) built.log.info("demo content seeded");
      });
      // the demo content's images (and photos stored before variants existed) get their WebP/AVIF variants, once
      await makeMissingVariants(database.db, place, built.log, { timeoutMs: config.IMAGE_JOB_TIMEOUT_SECONDS * 1000 });
      // photos stored before issue 21 lose their EXIF/GPS, once
      await stripStoredMetadata(database.db, place, built.log, { timeoutMs: config.IMAGE_JOB_TIMEOUT_SECONDS * 1000 });
      // what uploads cut off mid-way (a killed process) left behind: temporary files, objects no record names
      await unlessStorageDown("the sweep of leftover uploads", async () => {
        const swept = await sweepUploads(database.db, place);
        if (swept.length) built.log.info(`removed ${swept.length} leftover upload file(s)`);
      });
      return built;
    },
    { info: (msg) => console.info(msg) },
  );
  const stopBackground = await startBackgroundWork(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await stopBackground();
      stopImageWorker();
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`site ready at ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
