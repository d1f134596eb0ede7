/** Helpers for the backup tests: source databases full of data, and a row-by-row comparison. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { testConfig, type AppConfig } from "../config";
import { openPglite, openPostgres, type Database } from "../db/client";
import { ensurePrimaryAdmin } from "../db/bootstrap";
import { seedDemoContent } from "../db/seed";
import { activityLog, bandMembers, merchandise, messages, newsletterDeliveries, newsletters, subscribers } from "../db/schema";
import { listTables } from "../backup/catalog";
import { listUploads } from "../backup/create";
import { ident, rowsOf } from "../backup/sql";
import { pgliteTemplateBlob } from "./global-setup";
import { createPostgresDb } from "../../../tests/support/server-process";

export const PG_URL = process.env.TEST_DATABASE_URL;

/** A PGlite database: `migrated` copies the test template, else a bare one with no tables at all (a copy of the new database the template was migrated from). */
export async function pgliteDatabase(migrated = true): Promise<Database> {
  return openPglite({ loadDataDir: pgliteTemplateBlob({ migrated }) });
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server (no tables), dropped on close. */
export async function postgresDatabase(): Promise<Database & { url: string }> {
  const created = await createPostgresDb(PG_URL!, `backup_test_${process.pid}`);
  const db = await openPostgres(created.url);
  return {
    ...db,
    url: created.url,
    close: async () => {
      await db.close();
      await created.drop();
    },
  };
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "band-backup-"));
}

/**
 * Fills a migrated database and its DATA_DIR the way a band's site would be: the demo content
 * (shows, merchandise, lyrics, members, settings, media files in uploads/), subscribers, a
 * newsletter and its deliveries, messages, an activity entry, plus the awkward values (timestamps
 * to the microsecond, numerics, jsonb, arrays, quotes, new lines, unicode, nulls) and an upload in
 * a nested folder. `subscribers` fans are added on top.
 */
export async function fillSource(database: Database, dataDir: string, extraSubscribers = 3): Promise<AppConfig> {
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct-horse-battery" });
  await ensurePrimaryAdmin(database.db, config, { info() {}, warn() {} } as never);
  await seedDemoContent(database.db, config);
  const db = database.db;
  await db.insert(merchandise).values({ name: 'Tee "quoted", with\nnew line ✓', description: "€ ü 🎸", price: "1234.50", category: "apparel" as never, templateDimensions: "" });
  await db.insert(bandMembers).values({ name: "Zoë", role: "drums", socialLinks: { instagram: "https://instagram.com/x", website: null }, joinDate: "1999-12-31" });
  const fans = Array.from({ length: extraSubscribers }, (_, i) => ({ email: `fan${i}@example.com`, name: i % 2 ? null : `Fan ${i}`, region: i % 3 ? "US-NC" : null, isVerified: i % 2 === 0 }));
  if (fans.length) await db.insert(subscribers).values(fans);
  await db.execute(sql`update subscribers set subscribed_at = '2024-02-29 23:59:59.123456+00', verified_at = '1970-01-01 00:00:00.000001+00' where email = 'fan0@example.com'`);
  const [letter] = await db.insert(newsletters).values({ subject: "Tour", contentHtml: "<p>Hi</p>", contentText: "Hi", regions: ["US-NC", 'weird "one", {x}'], status: "done" }).returning();
  const [fan] = await db.select().from(subscribers).limit(1);
  await db.insert(newsletterDeliveries).values({ newsletterId: letter.id, subscriberId: fan.id, email: fan.email, status: "sent" });
  await db.insert(messages).values({ email: "booking@example.com", message: "Can you play on Friday?\r\nThanks", messageType: "booking" as never });
  await db.insert(activityLog).values({ username: "admin", action: "update", resource: "settings", changes: { nested: { list: [1, 2.5, "x", null], flag: true } } });
  // a gap at the end of the ids: the sequence must be restored past it
  const [gone] = await db.insert(messages).values({ email: "spam@example.com", message: "x" }).returning();
  await db.delete(messages).where(sql`id = ${gone.id}`);
  const nested = path.join(config.uploadsDir, "audio", "live");
  fs.mkdirSync(nested, { recursive: true });
  fs.writeFileSync(path.join(nested, "encore take 2.mp3"), randomBytes(50_000));
  // an upload in progress: never part of a backup
  fs.writeFileSync(path.join(config.uploadsDir, "audio", ".tmp-in-progress"), "partial");
  return config;
}

/** Every row of every table of the public schema, as text, in primary-key order. */
export async function allRows(database: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local timezone = 'UTC'"));
    for (const t of await listTables(tx)) {
      const order = t.primaryKey.length ? `order by ${t.primaryKey.map((c) => ident(c.name)).join(", ")}` : "";
      const rows = rowsOf(await tx.execute(sql.raw(`select json_build_array(${t.columns.map((c) => `${ident(c.name)}::text`).join(", ")})::text as r from ${ident(t.name)} ${order}`)));
      out[t.name] = rows.map((r) => String(r.r));
    }
  });
  return out;
}

/** Every upload file's SHA-256 by its relative path. */
export function allFiles(uploadsDir: string): Record<string, string> {
  return Object.fromEntries(listUploads(uploadsDir).map((p) => [p, createHash("sha256").update(fs.readFileSync(path.join(uploadsDir, p))).digest("hex")]));
}
