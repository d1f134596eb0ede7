import { Readable } from "node:stream";
import type { Db } from "../../db/client";
import { notAFormula } from "../../lib/spreadsheet";
import { allSubscribersPaged } from "./repository";

export const CSV_COLUMNS = ["Name", "Email", "Shows Interest", "Releases Interest", "Merch Interest", "Subscribed At"];

/** One CSV field: defused, and quoted when needed. */
export function csvField(value: string): string {
  const safe = notAFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const yesNo = (b: boolean) => (b ? "Yes" : "No");

/**
 * The export as a stream: a page of rows is read from the database only when the client has
 * taken the previous one, so memory stays flat however many subscribers there are.
 */
export function subscribersCsvStream(db: Db): Readable {
  async function* lines() {
    yield "\uFEFF" + CSV_COLUMNS.join(",") + "\r\n"; // BOM: Excel reads UTF-8 names correctly
    for await (const page of allSubscribersPaged(db)) {
      let chunk = "";
      for (const s of page) {
        chunk +=
          [s.name ?? "", s.email, yesNo(s.showsInterest), yesNo(s.releasesInterest), yesNo(s.merchInterest), s.subscribedAt.toISOString()]
            .map(csvField)
            .join(",") + "\r\n";
      }
      yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/** 'Tar River Static' -> 'tar-river-static-subscribers.csv' (or another `what`: 'tar-river-static-rsvps-2026-12-08.csv') */
export function csvFileName(bandName: string, what = "subscribers"): string {
  const slug = bandName
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  return `${slug || "band"}-${what}.csv`;
}
