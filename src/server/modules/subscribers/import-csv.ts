import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { CsvError, parse, type Parser } from "csv-parse";
import { IMPORT_MAX_ROW_CHARS } from "@shared/schemas/subscriber-import";
import { badRequest } from "../../lib/http-error";

/**
 * Reading an uploaded CSV: the byte checks done while it is stored (UTF-8, not binary, not a
 * spreadsheet), the delimiter, and csv-parse with the options both passes use, its errors turned
 * into messages that name the line.
 */

const SPREADSHEET_MAGIC = [
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // .xlsx, .ods, .numbers (zip)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // .xls (OLE)
];
const SAVE_AS_CSV = "Save it as CSV (UTF-8) and upload that file.";

/**
 * Passes the bytes through and fails on the first that cannot be CSV text: invalid UTF-8
 * (a BOM is fine), a NUL byte, or a spreadsheet's own file format. The failure names the line.
 */
export class CsvBytesCheck extends Transform {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private newlines = 0;
  private first = true;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.first) {
      this.first = false;
      if (SPREADSHEET_MAGIC.some((magic) => chunk.subarray(0, 4).equals(magic))) {
        return done(badRequest(`This is a spreadsheet file, not CSV. ${SAVE_AS_CSV}`));
      }
    }
    const nul = chunk.indexOf(0);
    if (nul >= 0) return done(badRequest(`This is not a CSV file: it contains binary data (line ${this.lineAt(chunk, nul)}).`));
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      // where: the first replacement character a lenient decoding of this chunk produces
      const text = new TextDecoder().decode(chunk);
      const bad = Math.max(0, text.indexOf("\uFFFD"));
      // in the first bytes of the file: an image, a PDF... rather than text in another encoding
      if (this.newlines === 0 && bad < 8) return done(badRequest("This is not a CSV file (it is not text)."));
      const line = this.newlines + 1 + (text.slice(0, bad).match(/\n/g)?.length ?? 0);
      return done(badRequest(`The file is not UTF-8 text (line ${line}). ${SAVE_AS_CSV}`));
    }
    this.newlines += countNewlines(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    try {
      this.decoder.decode(); // a multi-byte character cut off at the end
      done();
    } catch {
      done(badRequest(`The file is not UTF-8 text (line ${this.newlines + 1}). ${SAVE_AS_CSV}`));
    }
  }

  private lineAt(chunk: Buffer, index: number) {
    return this.newlines + 1 + countNewlines(chunk.subarray(0, index));
  }
}

function countNewlines(buf: Buffer) {
  let n = 0;
  for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** ',' unless the header line has more ';' or tabs (spreadsheets in many countries save with ';'). */
export async function sniffDelimiter(file: string): Promise<string> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const firstLine = buf.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0].replace(/"[^"]*"/g, "");
    const count = (c: string) => firstLine.split(c).length - 1;
    const best = [",", ";", "\t"].map((d) => ({ d, n: count(d) })).sort((a, b) => b.n - a.n)[0];
    return best.n > 0 ? best.d : ",";
  } finally {
    await handle.close();
  }
}

export interface CsvRecord {
  cells: string[];
  /** the line the record starts on (the header is line 1) */
  line: number;
}

/**
 * The file's records, streamed: the parser only reads on as the caller takes records, so a file
 * of any length is read in bounded memory. Throws a 400 naming the line for a broken file.
 */
export async function* readCsvRecords(file: string, delimiter: string): AsyncGenerator<CsvRecord> {
  const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  // the last line of the last complete record the parser produced (it runs ahead of the caller)
  let lastLine = 0;
  const parser: Parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      info: true,
      // a row with fewer or more cells than the header is read as it is (missing cells are empty)
      relax_column_count: true,
      // a quote inside an unquoted value (O"Brien) is taken literally, as spreadsheets do
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: IMPORT_MAX_ROW_CHARS,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    }),
  );
  source.on("error", (err) => parser.destroy(err));
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
      const inside = record.reduce((n, cell) => n + (cell.includes("\n") ? cell.split("\n").length - 1 : 0), 0);
      yield { cells: record, line: info.lines - inside };
    }
  } catch (err) {
    throw csvProblem(err, lastLine);
  } finally {
    source.destroy(); // when the caller stops early
  }
}

/** csv-parse's error as the admin reads it. */
function csvProblem(err: unknown, lastGoodLine: number) {
  if (!(err instanceof CsvError)) return err;
  const line = (err as CsvError & { lines?: number }).lines ?? lastGoodLine + 1;
  switch (err.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return badRequest(`Line ${lastGoodLine + 1}: a quoted value is never closed (a " is missing). Fix the quotes and upload the file again.`);
    case "CSV_INVALID_CLOSING_QUOTE":
      return badRequest(`Line ${line}: a quoted value is followed by other characters (a " is misplaced). Fix the quotes and upload the file again.`);
    case "CSV_MAX_RECORD_SIZE":
      return badRequest(
        `Line ${lastGoodLine + 1}: a row is longer than ${IMPORT_MAX_ROW_CHARS.toLocaleString("en-US")} characters (is a " missing?). Fix it and upload the file again.`,
      );
    default:
      return badRequest(`Line ${line}: this is not valid CSV (${err.message}).`);
  }
}
