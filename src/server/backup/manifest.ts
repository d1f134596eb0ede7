import { z } from "zod";

/** What `manifest.json`, the first entry of every backup archive, says. */
export const BACKUP_FORMAT = "band-site-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const name = z.string().regex(/^[a-z_][a-z0-9_]*$/, "a table, column or sequence name");

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  source: z.object({ db: z.enum(["pglite", "postgres"]) }),
  /** The migrations applied to the database the backup was taken from (drizzle's journal entries). */
  migrations: z.object({
    latest: z.object({ tag: z.string().nullable(), when: z.number() }).nullable(),
    applied: z.array(z.object({ tag: z.string().nullable(), when: z.number(), hash: z.string() })),
  }),
  /** Every table of the public schema: its columns (in the order of each JSON line) and its row count. */
  tables: z.array(
    z.object({
      name,
      file: z.string(),
      rows: z.number().int().min(0),
      columns: z.array(z.object({ name, type: z.string() })),
    }),
  ),
  sequences: z.array(z.object({ name, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  /** Every other entry of the archive (db/*.jsonl and uploads/...), with its size and SHA-256. */
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256 })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The archive paths a backup may hold: db/<table>.jsonl and uploads/<relative path>, never `..` or absolute. */
export function isSafeEntryPath(p: string): boolean {
  if (p === MANIFEST_NAME) return true;
  if (/^db\/[a-z_][a-z0-9_]*\.jsonl$/.test(p)) return true;
  if (!p.startsWith("uploads/") || p.includes("\\") || p.includes("\0")) return false;
  const parts = p.slice("uploads/".length).split("/");
  return parts.length > 0 && parts.every((s) => s !== "" && s !== "." && s !== "..");
}

/** A clear, one-line error about the archive or the target; the CLIs print its message and exit 1. */
export class BackupError extends Error {
  override name = "BackupError";
}
