import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who runs a subscriber CSV import, when its files are in a bucket (STORAGE_URL, decision 039):
 * one row per run generation of an import (1: its first run, then one per resume or discard),
 * inserted to claim it. The primary key makes the insert exclusive across instances, as an
 * exclusive file create is on a shared DATA_DIR. The rows go with the import.
 */
export const importClaims = pgTable(
  "import_claims",
  {
    importId: text("import_id").notNull(),
    generation: integer("generation").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.generation] })],
);
