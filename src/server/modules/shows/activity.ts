import { formatDate } from "@shared/format";
import { SHOW_STATUS_LABELS, type ShowStatus } from "@shared/show-status";
import { changeList, dayOf, momentOf, money, type FieldWords } from "../../lib/activity-words";
import type { findShow } from "./repository";

/** How the activity log words shows (issue 21): 'marked the show at The Pour House on Dec 8 as Sold Out'. */

type Show = NonNullable<Awaited<ReturnType<typeof findShow>>>;
type Named = Pick<Show, "venue" | "date">;

const status = (v: unknown) => SHOW_STATUS_LABELS[v as ShowStatus] ?? String(v);

/** The fields a sentence names, in the form's order (dates as the band says them). */
const showFields = (timeZone: string): Record<string, FieldWords> => ({
  venue: { label: "venue" },
  location: { label: "location" },
  date: { label: "date", show: (v) => dayOf(String(v), timeZone) },
  time: { label: "time" },
  price: { label: "price", show: money },
  ageRestriction: { label: "ages" },
  supportingActs: { label: "supporting acts" },
  eventUrl: { label: "ticket link" },
  status: { label: "status", show: status },
  onSaleAt: { label: "on sale", show: (v) => momentOf(v as string, timeZone) },
  presaleStartsAt: { label: "presale start", show: (v) => momentOf(v as string, timeZone) },
  // never its value: the code is for the mailing list (it is also one of the routes' `secrets`)
  presaleCode: { label: "presale code", long: true },
});

/** Fields no entry ever carries (issue 24): the routes' `secrets`. */
export const SHOW_SECRETS = ["presaleCode"] as const;

/** 'the show at The Pour House on Dec 8' (the year when it is not this one) */
export const theShow = (show: Named, timeZone: string) => `the show at ${show.venue} on ${dayOf(show.date, timeZone)}`;

/** The record's name for the entry's summary, with its year: 'The Pour House on Dec 8, 2030'. */
export const showSummary = (show: Named | null) => (show ? `${show.venue} on ${formatDate(show.date)}` : null);

/**
 * An edit: a change of status alone reads as what it means ('marked ... as Sold Out'), anything
 * else lists the fields with their old and new values, the show named as it was.
 */
export function describeShowEdit(before: Show | null, after: Show, timeZone: string): string {
  const named = theShow(before ?? after, timeZone);
  const fields = showFields(timeZone);
  const list = changeList(before, after, fields);
  if (!list) return `saved ${named} (nothing changed)`;
  if (before && list === changeList(before, after, { status: fields.status })) return `marked ${named} as ${status(after.status)}`;
  return `changed ${named}: ${list}`;
}
