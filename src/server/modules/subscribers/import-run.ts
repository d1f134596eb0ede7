import { sql } from "drizzle-orm";
import { IMPORT_REJECTED_SHOWN, readImportRow, type ImportMapping, type ImportReport, type ImportRow } from "@shared/schemas/subscriber-import";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { readCsvRecords } from "./import-csv";

export const IMPORT_BATCH_ROWS = 1000;

export interface ImportOptions {
  mapping: ImportMapping & { email: number };
  /** the admin vouched that these people already opted in */
  alreadyOptedIn: boolean;
  /** the admin's username, recorded as consented_by when they vouched */
  admin: string;
  /** resuming (issue 20): the rows below the header already done, and the report so far */
  resume?: { processed: number; report: ImportReport };
  /** after each batch is written: the rows done so far and the report (an import's progress file) */
  onBatch?: (processed: number, report: ImportReport) => Promise<void>;
  batchRows?: number;
}

/**
 * Streams the stored CSV through the parser and the row rules (shared/schemas/subscriber-import.ts),
 * writing a batch of rows per statement. Memory stays flat: one batch, the first
 * IMPORT_REJECTED_SHOWN rejected rows and the set of addresses seen (the duplicate check: about
 * 100 bytes per address, 10 MB for 100,000) are all it keeps. Each batch is its own statement, not
 * one transaction for the whole file, so the app keeps answering meanwhile (PGlite runs one
 * transaction at a time); the file was read through at upload, so a parse error cannot stop an
 * import halfway.
 */
export async function runImport(db: Db, file: string, delimiter: string, o: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = o.resume
    ? { ...o.resume.report, rejectedRows: [...o.resume.report.rejectedRows] }
    : { added: 0, updated: 0, duplicates: 0, rejected: 0, rejectedRows: [], verificationMails: 0 };
  const seen = new Set<string>();
  const skip = o.resume?.processed ?? 0;
  const batchRows = o.batchRows ?? IMPORT_BATCH_ROWS;
  let processed = 0;
  let batch: ImportRow[] = [];
  const flush = async () => {
    if (batch.length > 0) {
      const { added, updated } = await writeBatch(db, batch, o);
      report.added += added;
      report.updated += updated;
      batch = [];
    }
    if (processed > skip) await o.onBatch?.(processed, report);
  };

  let header = true;
  for await (const { cells, line } of readCsvRecords(file, delimiter)) {
    if (header) {
      header = false;
      continue;
    }
    processed++;
    if (processed <= skip) {
      // done before the interruption: counted in the report already; only its address is
      // remembered, so a later row with it is still a duplicate
      const row = readImportRow(cells, o.mapping);
      if (row.ok) seen.add(row.value.email);
      continue;
    }
    const row = readImportRow(cells, o.mapping);
    if (!row.ok) {
      report.rejected++;
      if (report.rejectedRows.length < IMPORT_REJECTED_SHOWN) {
        const email = o.mapping.email < cells.length ? cells[o.mapping.email].trim().slice(0, 254) : "";
        report.rejectedRows.push({ line, email, reason: row.reason });
      }
      continue;
    }
    if (seen.has(row.value.email)) {
      report.duplicates++;
      continue;
    }
    seen.add(row.value.email);
    batch.push(row.value);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
  report.verificationMails = o.alreadyOptedIn ? 0 : report.added;
  return report;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One statement per batch: existing addresses are updated (only the cells the file fills in; never
 * their subscription, verification or consent), the others inserted. An address another request
 * inserted in between is neither: it goes round once more and is then updated.
 */
async function writeBatch(db: Db, rows: ImportRow[], o: ImportOptions): Promise<{ added: number; updated: number }> {
  let added = 0;
  let updated = 0;
  let pending = rows;
  for (let round = 0; round < 3 && pending.length > 0; round++) {
    const json = JSON.stringify(
      pending.map((r) => ({ email: r.email, name: r.name, region: r.region, shows: r.interests?.shows ?? null, releases: r.interests?.releases ?? null, merch: r.interests?.merch ?? null })),
    );
    const result = await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${json}::jsonb)
          as v(email text, name text, region text, shows boolean, releases boolean, merch boolean)
      ),
      updated as (
        update ${subscribers} as s set
          name = coalesce(v.name, s.name),
          region = coalesce(v.region, s.region),
          shows_interest = coalesce(v.shows, s.shows_interest),
          releases_interest = coalesce(v.releases, s.releases_interest),
          merch_interest = coalesce(v.merch, s.merch_interest)
        from v where s.email = v.email
        returning s.email
      ),
      inserted as (
        insert into ${subscribers} (email, name, region, shows_interest, releases_interest, merch_interest,
          consent_source, consented_by, is_verified, verified_at, is_subscribed, subscribed_at, verification_mail_due)
        select v.email, v.name, v.region, coalesce(v.shows, true), coalesce(v.releases, true), coalesce(v.merch, true),
          ${o.alreadyOptedIn ? "import-opted-in" : "import"}, ${o.alreadyOptedIn ? o.admin : null},
          ${o.alreadyOptedIn}::boolean, case when ${o.alreadyOptedIn}::boolean then now() end, true, now(), not ${o.alreadyOptedIn}::boolean
        from v where not exists (select 1 from ${subscribers} as e where e.email = v.email)
        on conflict (email) do nothing
        returning email
      )
      select email, 'updated' as outcome from updated union all select email, 'added' from inserted`);
    const done = new Set<string>();
    for (const r of rowsOf<{ email: string; outcome: string }>(result)) {
      done.add(r.email);
      if (r.outcome === "added") added++;
      else updated++;
    }
    pending = pending.filter((r) => !done.has(r.email));
  }
  return { added, updated };
}
