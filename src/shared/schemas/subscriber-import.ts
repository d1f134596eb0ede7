import { z } from "zod";
import { dataAnswer, savedAnswer } from "./answers";
import { emailField, subscriberNameField } from "./subscribers";
import { CONTROL_CHARACTERS_MESSAGE } from "./text";
import { COUNTRY_OPTIONS, US_STATE_OPTIONS, isRegionCode } from "../regions";
import { MB } from "../upload-limits";

/**
 * Import CSV into the mailing list (issue 12). The rules below are what the server applies to
 * every row and what the dialog's preview shows, so both read them from here:
 *
 * - The first row names the columns. Email is required; name, interests and region are optional.
 * - Email is checked like the subscribe form (trimmed, lower-cased, a valid address).
 * - The same email twice in the file: the later row is skipped as a duplicate.
 * - An email already on the list is updated: name, region and interests from the file where the
 *   cell is not empty. An import never re-subscribes someone who unsubscribed and never changes
 *   whether someone is verified.
 * - Interests: 'shows', 'releases', 'merch' (also 'show', 'release', 'merchandise', 'all' or
 *   'none'), separated by ';', ',', '|', '/' or spaces; empty means all three.
 * - Region: a code ('US-NC' for a US state, 'DE' for a country) or a state or country name
 *   ('North Carolina', 'Germany'). A two-letter code is a country ('DE' is Germany, not Delaware).
 * - A name that starts with =, +, - or @ would run as a formula when the list is opened in a
 *   spreadsheet: the row is rejected with that reason (fix the cell and import the file again).
 */

export const IMPORT_MAX_BYTES = 50 * MB;
/** a single row (all its columns) may not be longer than this; anything longer is a broken file */
export const IMPORT_MAX_ROW_CHARS = 100_000;
/** how many rows the upload answers for the preview */
export const IMPORT_PREVIEW_ROWS = 5;
/** how many rejected rows the report lists (the count covers all of them) */
export const IMPORT_REJECTED_SHOWN = 1000;
export const NAME_MAX = 100;

export const IMPORT_FIELDS = ["email", "name", "interests", "region"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The help text of the dialog: the rules above, in the admin's words. */
export const IMPORT_HELP = [
  "The first row must name the columns. Email is required; name, interests and region are optional.",
  "An address that appears twice in the file is imported once; the later rows are skipped as duplicates.",
  "Fans already on the list are updated with the name, interests and region from the file where those cells are filled in. Nobody who unsubscribed is subscribed again.",
  "Interests: shows, releases, merch, separated by ; or , (empty means all three).",
  "Region: a code like US-NC or DE, or a state or country name like North Carolina or Germany.",
  "Names that start with =, +, - or @ are rejected: spreadsheets would run them as formulas.",
];

const columnIndex = z.number({ message: "Choose a column" }).int().min(0).max(999);

/** Which column (0-based) holds each field; email is required (checked by the route, with MAPPING_REQUIRED). */
export const importMapping = z.object({
  email: columnIndex.nullish(),
  name: columnIndex.nullish(),
  interests: columnIndex.nullish(),
  region: columnIndex.nullish(),
});
export type ImportMapping = z.infer<typeof importMapping>;

/** POST /api/subscribers/import/:id */
export const importRunInput = z.object({
  mapping: importMapping.optional(),
  /** the admin vouches that these people already opted in: they are verified at once */
  alreadyOptedIn: z.boolean({ message: "alreadyOptedIn must be true or false" }).optional().default(false),
});
export type ImportRunInput = z.input<typeof importRunInput>;

export const MAPPING_REQUIRED = "Choose the column that holds the email addresses";

/** What an import id looks like; anything else names no upload (a 404, and never a path). */
export const IMPORT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const importIdParams = z.object({ id: z.string().max(100) });

export const importUploadRecord = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** the header row */
  columns: z.array(z.string()),
  /** the first rows as they are in the file */
  rows: z.array(z.array(z.string())),
  /** rows below the header */
  rowCount: z.number(),
  suggestedMapping: z.object({ email: z.number().nullable(), name: z.number().nullable(), interests: z.number().nullable(), region: z.number().nullable() }),
});
export type ImportUpload = z.input<typeof importUploadRecord>;

export const importReportRecord = z.object({
  added: z.number(),
  updated: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
  /** the first IMPORT_REJECTED_SHOWN rejected rows: line in the file (the header is line 1), the email cell, why */
  rejectedRows: z.array(z.object({ line: z.number(), email: z.string(), reason: z.string() })),
  /** new fans who get a verification mail (none when they already opted in) */
  verificationMails: z.number(),
});
export type ImportReport = z.input<typeof importReportRecord>;

/**
 * An import started and not finished (issue 20): running, or interrupted (its server stopped or it
 * failed halfway) with how far it got; an interrupted one can be resumed or discarded.
 */
export const importStateRecord = z.object({
  importId: z.string(),
  fileName: z.string(),
  state: z.enum(["running", "interrupted"]),
  /** rows below the header done so far */
  processedRows: z.number(),
  /** rows below the header in the file (null: not known) */
  totalRows: z.number().nullable(),
  startedAt: z.string(),
  added: z.number(),
  updated: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
});
export type ImportState = z.input<typeof importStateRecord>;

export const importAnswers = {
  uploaded: dataAnswer(importUploadRecord),
  report: savedAnswer(importReportRecord),
  started: dataAnswer(z.array(importStateRecord)),
};

// ---- the row rules -------------------------------------------------------------------------

const INTEREST_WORDS: Record<string, ("shows" | "releases" | "merch")[]> = {
  shows: ["shows"],
  show: ["shows"],
  releases: ["releases"],
  release: ["releases"],
  merch: ["merch"],
  merchandise: ["merch"],
  all: ["shows", "releases", "merch"],
  none: [],
};

export type Interests = { shows: boolean; releases: boolean; merch: boolean };
type Rule<T> = { ok: true; value: T } | { ok: false; reason: string };

/** 'shows; releases' -> shows and releases; '' -> null (not given). */
export function parseInterests(cell: string): Rule<Interests | null> {
  const words = cell.toLowerCase().split(/[;,|/\s]+/).filter(Boolean);
  if (words.length === 0) return { ok: true, value: null };
  const value = { shows: false, releases: false, merch: false };
  for (const word of words) {
    const chosen = INTEREST_WORDS[word];
    if (!chosen) return { ok: false, reason: `Unknown interest '${clip(word, 40)}' (use shows, releases, merch)` };
    for (const c of chosen) value[c] = true;
  }
  return { ok: true, value };
}

const REGION_BY_NAME = new Map<string, string>([...US_STATE_OPTIONS, ...COUNTRY_OPTIONS].map((r) => [r.name.toLowerCase(), r.code]));

/** 'US-NC', 'de', 'North Carolina', 'Germany' -> a region code; '' -> null (not given). */
export function parseRegion(cell: string): Rule<string | null> {
  const v = cell.trim();
  if (!v) return { ok: true, value: null };
  const code = v.toUpperCase();
  if (isRegionCode(code)) return { ok: true, value: code };
  const byName = REGION_BY_NAME.get(v.toLowerCase().replace(/\s+/g, " "));
  if (byName) return { ok: true, value: byName };
  return { ok: false, reason: `Unknown region '${clip(v, 40)}' (use a code like US-NC or DE, or a state or country name)` };
}

const FORMULA_START = /^[=+\-@]/;

/**
 * The name cell under the forms' rule (subscriberNameField: no control characters, not even a line
 * break inside a quoted cell; trimmed; NAME_MAX characters at most), and never a spreadsheet
 * formula; '' -> null.
 */
export function parseName(cell: string): Rule<string | null> {
  if (!cell.trim()) return { ok: true, value: null };
  const parsed = subscriberNameField.safeParse(cell);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    return { ok: false, reason: message === CONTROL_CHARACTERS_MESSAGE || !message ? "Name contains control characters" : message };
  }
  if (FORMULA_START.test(parsed.data)) return { ok: false, reason: "Name starts with =, +, - or @ (a spreadsheet would run it as a formula)" };
  return { ok: true, value: parsed.data };
}

const emailRule = emailField("Email is missing");

export interface ImportRow {
  email: string;
  name: string | null;
  /** null: the file says nothing (a new fan gets all three, an existing one keeps theirs) */
  interests: Interests | null;
  region: string | null;
}

/** One CSV record under a mapping: the row to import, or the reason it is rejected. */
export function readImportRow(record: readonly string[], mapping: ImportMapping): Rule<ImportRow> {
  const cell = (i: number | null | undefined) => (i == null ? "" : (record[i] ?? ""));
  const email = emailRule.safeParse(cell(mapping.email));
  if (!email.success) return { ok: false, reason: email.error.issues[0]?.message ?? "Please enter a valid email address" };
  const name = parseName(cell(mapping.name));
  if (!name.ok) return name;
  const interests = parseInterests(cell(mapping.interests));
  if (!interests.ok) return interests;
  const region = parseRegion(cell(mapping.region));
  if (!region.ok) return region;
  return { ok: true, value: { email: email.data, name: name.value, interests: interests.value, region: region.value } };
}

const HEADER_HINTS: Record<ImportField, RegExp> = {
  email: /e-?mail/i,
  name: /name/i,
  interests: /interest|topic|tag/i,
  region: /region|state|country|location/i,
};

/** The columns whose header names a field ('E-mail Address' -> email); null where none does. */
export function suggestMapping(columns: readonly string[]): Record<ImportField, number | null> {
  const taken = new Set<number>();
  const pick = (field: ImportField) => {
    const i = columns.findIndex((c, idx) => !taken.has(idx) && HEADER_HINTS[field].test(c));
    if (i < 0) return null;
    taken.add(i);
    return i;
  };
  // email first, so 'Email name' is not taken as the name
  const email = pick("email");
  return { email, name: pick("name"), interests: pick("interests"), region: pick("region") };
}

function clip(s: string, n: number) {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}
