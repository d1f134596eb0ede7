import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { IMPORT_MAX_BYTES, IMPORT_PREVIEW_ROWS, suggestMapping, type ImportUpload } from "@shared/schemas/subscriber-import";
import { tooLargeMessage } from "@shared/upload-limits";
import { badRequest, HttpError, tooLarge } from "../../lib/http-error";
import { CsvBytesCheck, readCsvRecords, sniffDelimiter } from "./import-csv";
import { importPaths, importsDir, newImportId, removeImport, writeMeta } from "./import-files";
import type { ImportFiles } from "./import-store";

/** A multipart failure is the client's: a fixed message for each, never a 500. */
function multipartProblem(err: unknown) {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge(tooLargeMessage(IMPORT_MAX_BYTES));
    case "FST_FILES_LIMIT":
      return badRequest("Send one CSV file");
    case "FST_FIELDS_LIMIT":
    case "FST_PARTS_LIMIT":
      return badRequest("Too many form fields");
    default:
      return badRequest("Could not read the upload");
  }
}

/**
 * Stores the uploaded CSV under DATA_DIR/imports, checking its bytes on the way (never held in
 * memory), then reads it once through (and, with a bucket, keeps it there too: import-store.ts): a broken file is refused now, before anything is
 * imported, and the answer carries the header, the first rows and the row count.
 */
export async function receiveImport(request: FastifyRequest, dataDir: string, files: ImportFiles): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest("Send the CSV file as multipart/form-data");
  await fs.promises.mkdir(importsDir(dataDir), { recursive: true });
  await files.removeExpired();
  const id = newImportId();
  const paths = importPaths(dataDir, id);
  let fileName: string | null = null;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } })) {
        if (part.type !== "file") continue;
        if (fileName !== null) throw badRequest("Send one CSV file");
        fileName = part.filename || "upload.csv";
        await pipeline(part.file, new CsvBytesCheck(), fs.createWriteStream(paths.csv));
      }
    } catch (err) {
      throw multipartProblem(err);
    }
    if (fileName === null) throw badRequest("No file uploaded");
    const { size } = await fs.promises.stat(paths.csv);
    if (size === 0) throw badRequest("The file is empty");
    const answer = await inspect(dataDir, id, fileName);
    // where the next step finds it, whatever instance it reaches (a bucket with STORAGE_URL)
    await files.keep(id);
    return answer;
  } catch (err) {
    await removeImport(dataDir, id);
    throw err;
  }
}

async function inspect(dataDir: string, id: string, fileName: string): Promise<ImportUpload> {
  const paths = importPaths(dataDir, id);
  const delimiter = await sniffDelimiter(paths.csv);
  let columns: string[] | null = null;
  const rows: string[][] = [];
  let rowCount = 0;
  for await (const { cells } of readCsvRecords(paths.csv, delimiter)) {
    if (!columns) {
      columns = cells.map((c) => c.trim());
      continue;
    }
    rowCount++;
    // clipped: the preview needs no more to show a value, or to show why it is refused
    if (rows.length < IMPORT_PREVIEW_ROWS) rows.push(cells.map((c) => c.slice(0, 500)));
  }
  if (!columns || columns.every((c) => c === "")) throw badRequest("The file is empty");
  if (rowCount === 0) throw badRequest("The file has a header row but no rows to import");
  await writeMeta(dataDir, id, { fileName, delimiter, columnCount: columns.length, createdAt: Date.now(), rowCount });
  return { importId: id, fileName, columns, rows, rowCount, suggestedMapping: suggestMapping(columns) };
}
