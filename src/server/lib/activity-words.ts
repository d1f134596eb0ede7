import { calendarDay } from "@shared/format";

/**
 * The pieces the activity log's sentences are built from (issue 21: the log in a band's words).
 * Each admin write route words its own entry (`config.activity.describe`, plugins/route-effects.ts)
 * with these, so every entry reads the same way: 'changed the show at Cat's Cradle on Jan 3:
 * time 8:00 PM → 9:00 PM, price $12 → $15'.
 */

/** Longer values are not repeated in a sentence (the entry's folded details keep them). */
const MAX_IN_SENTENCE = 60;

/** 'Live at Kings' in quotes, shortened past 60 characters. */
export function quoted(text: string | null | undefined): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  return `'${clean.length > MAX_IN_SENTENCE ? `${clean.slice(0, MAX_IN_SENTENCE - 1)}…` : clean}'`;
}

/** The year of `at` in the band's time zone. */
const yearIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(at);

/**
 * A show's calendar day as a band says it: 'Dec 8' this year, 'Jan 3, 2031' another year ('this
 * year' in the band's time zone). A date never moves with a time zone: it is a day, not an instant.
 */
export function dayOf(iso: string | null | undefined, timeZone: string, now = new Date()): string {
  const day = iso ? calendarDay(iso) : null;
  if (!day) return "";
  const sameYear = String(day.getUTCFullYear()) === yearIn(now, timeZone);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), timeZone: "UTC" }).format(day);
}

/** An instant as the band reads it in its own zone: 'Mar 3, 6:00 PM' ('Mar 3, 2031, 6:00 PM' another year). */
export function momentOf(at: Date | string | null | undefined, timeZone: string, now = new Date()): string {
  const when = at instanceof Date ? at : at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  const sameYear = yearIn(when, timeZone) === yearIn(now, timeZone);
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), hour: "numeric", minute: "2-digit" }).format(when);
}

/** '$12', '$12.50', or 'free' for 0. */
export function money(value: unknown): string {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  if (!Number.isFinite(n)) return "";
  if (n === 0) return "free";
  return Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`;
}

/** 'yes' / 'no' for a flag. */
export const yesNo = (v: unknown) => (v ? "yes" : "no");

/** How one field is named and shown in a sentence. */
export interface FieldWords {
  /** 'time', 'ticket link' */
  label: string;
  /** the value as a band reads it (default: the text itself) */
  show?: (value: unknown) => string;
  /** a long text (lyrics, a bio): the sentence says it changed, without the words */
  long?: boolean;
}

const empty = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** Same value for a person: '' and null are both empty; '15' and '15.00' are the same price. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a !== "boolean" && typeof b !== "boolean") {
    const na = Number(a);
    const nb = Number(b);
    if (!Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
  }
  return String(a) === String(b);
}

function shown(value: unknown, words: FieldWords): string {
  if (empty(value)) return "(none)";
  const text = words.show ? words.show(value) : String(value);
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > MAX_IN_SENTENCE ? `${one.slice(0, MAX_IN_SENTENCE - 1)}…` : one;
}

/**
 * The fields that differ between `before` and `after`, in the order `fields` names them:
 * 'time 8:00 PM → 9:00 PM, price $12 → $15'. Only the fields named here are ever worded, so a
 * secret field is never in a sentence. Without `before` (a new record) it reads 'time 8:00 PM'.
 */
export function changeList(before: Record<string, any> | null | undefined, after: Record<string, any> | null | undefined, fields: Record<string, FieldWords>): string {
  if (!after) return "";
  const parts: string[] = [];
  for (const [key, words] of Object.entries(fields)) {
    if (!(key in after)) continue;
    if (before && sameValue(before[key], after[key])) continue;
    if (words.long) parts.push(before ? `${words.label} edited` : words.label);
    else if (before) parts.push(`${words.label} ${shown(before[key], words)} → ${shown(after[key], words)}`);
    else if (!empty(after[key])) parts.push(`${words.label} ${shown(after[key], words)}`);
  }
  return parts.join(", ");
}

/** 'changed X: a → b' when something changed, 'saved X (nothing changed)' when nothing did. */
export function changedSentence(what: string, list: string): string {
  return list ? `changed ${what}: ${list}` : `saved ${what} (nothing changed)`;
}

/** '3 shows', '1 merch item' */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
