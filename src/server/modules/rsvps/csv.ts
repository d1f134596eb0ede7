import { stringify } from "csv-stringify/sync";
import { notAFormula } from "../../lib/spreadsheet";
import type { listRsvps } from "./repository";

export const RSVP_CSV_COLUMNS = ["Name", "Email", "Confirmed", "Said going at", "Confirmed at", "Reminded at"];

const when = (d: Date | null) => (d ? d.toISOString() : "");

/**
 * One show's RSVPs as CSV (csv-stringify quotes; every cell is defused as the subscribers'
 * export does, so a name typed as "=HYPERLINK(...)" stays text). A show's list is small: one string.
 */
export function rsvpsCsv(rows: Awaited<ReturnType<typeof listRsvps>>): string {
  const records = rows.map((r) => [r.name ?? "", r.email, r.confirmed ? "Yes" : "No", when(r.createdAt), when(r.confirmedAt), when(r.remindedAt)].map(notAFormula));
  // BOM: Excel reads UTF-8 names correctly
  return "\uFEFF" + stringify([RSVP_CSV_COLUMNS, ...records], { record_delimiter: "\r\n" });
}
