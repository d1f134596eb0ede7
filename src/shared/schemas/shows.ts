import { z } from "zod";
import { optionalUrl, priceField, requiredText } from "./content-fields";
import { multilineText, text } from "./text";
import { SHOW_STATUSES } from "../show-status";
import { dataAnswer, savedAnswer, timestamp } from "./answers";
import { listOrPageAnswer, pageAnswer, tableQuery } from "./paging";
import { latitude, longitude } from "./places";

/** The largest radius 'tell fans near it' and the newsletter's 'fans near a show' take. */
export const MAX_NEARBY_MILES = 500;
/** `{ "miles": N }`: tell fans within N miles of the venue (issue 24). */
export const nearbyMiles = z
  .number({ message: "Miles must be a whole number" })
  .int("Miles must be a whole number")
  .min(1, "Miles must be at least 1")
  .max(MAX_NEARBY_MILES, `Miles must be ${MAX_NEARBY_MILES} at most`);

export { SHOW_STATUSES, SHOW_STATUS_LABELS, sellsTickets, type ShowStatus } from "../show-status";

/** A real calendar date as YYYY-MM-DD ('2025-02-30' is refused). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * An instant as the API takes it: ISO 8601 with its offset ('2031-03-01T10:00:00-05:00' or
 * '...Z'); the admin form writes it from a date and time in the band's time zone. Empty or null
 * clears it; absent keeps what is stored (clients from before issue 24 never send it).
 */
export const SHOW_MOMENT_RULE = "must be a date and time with its offset, e.g. 2031-03-01T10:00:00-05:00";
const showMoment = z
  .union([z.literal(""), z.string().pipe(z.iso.datetime({ offset: true, message: SHOW_MOMENT_RULE }))], { message: SHOW_MOMENT_RULE })
  .nullish()
  .transform((v) => (v === "" ? null : v));
export const PRESALE_NEEDS_CODE = "A presale needs its code";

/**
 * Issue 24's fields, optional on POST and PUT: `onSaleAt` (before it, fans see 'On sale <date>'
 * instead of the ticket link), and the mailing list's presale, `presaleCode` (admin answers only)
 * and `presaleStartsAt`.
 */
const showSaleFields = {
  onSaleAt: showMoment,
  presaleStartsAt: showMoment,
  presaleCode: text({ message: "Presale code must be text" })
    .trim()
    .max(100, "Presale code is too long (100 characters at most)")
    .nullish()
    .transform((v) => (v === "" ? null : v)),
};

/** A presale start without a code is refused (in the same body): fans would be promised nothing. */
function presaleNeedsCode(v: { presaleStartsAt?: string | null; presaleCode?: string | null }, ctx: z.RefinementCtx) {
  if (v.presaleStartsAt && !v.presaleCode) ctx.addIssue({ code: "custom", path: ["presaleCode"], message: PRESALE_NEEDS_CODE });
}

/** The days a show may be on: the archive's oldest to a tour booked far ahead. */
export const SHOW_DATES = { from: "1900-01-01", to: "2100-12-31" } as const;
export const SHOW_DATE_RANGE = "Please select a date between 1900 and 2100";
export const ON_SALE_AFTER_SHOW = "Tickets must go on sale by the day of the show";
export const PRESALE_AFTER_ON_SALE = "The presale must start before tickets go on sale to everyone";

/**
 * A sale that starts after the show would keep 'On sale <date>' on a show that is over, and a
 * presale after the general on-sale is no presale. The show's day is the band's, whose zone this
 * schema does not know: a sale is refused once it is past that day's end in every zone (UTC-12),
 * so no zone's evening sale on the day itself is.
 */
function saleBeforeShow(v: { date: string; onSaleAt?: string | null; presaleStartsAt?: string | null }, ctx: z.RefinementCtx) {
  if (v.onSaleAt && isIsoDate(v.date) && Date.parse(v.onSaleAt) > Date.parse(`${v.date}T23:59:59-12:00`)) ctx.addIssue({ code: "custom", path: ["onSaleAt"], message: ON_SALE_AFTER_SHOW });
  if (v.onSaleAt && v.presaleStartsAt && Date.parse(v.presaleStartsAt) >= Date.parse(v.onSaleAt)) ctx.addIssue({ code: "custom", path: ["presaleStartsAt"], message: PRESALE_AFTER_ON_SALE });
}

/**
 * POST /api/shows and PUT /api/shows/{id} (spec sections 3, 5, 7), used by the show form too.
 * The server accepts past dates (a past show can still be corrected); the form's calendar
 * only offers today and later.
 */
export const showInput = z.object({
  venue: requiredText("Venue is required"),
  location: requiredText("Location is required"),
  date: text({ message: "Please select a date" })
    .trim()
    .refine(isIsoDate, "Please select a date")
    // a calendar feed writes four-digit years: year 9999 made an .ics no calendar reads
    .refine((d) => !isIsoDate(d) || (d >= SHOW_DATES.from && d <= SHOW_DATES.to), SHOW_DATE_RANGE),
  time: requiredText("Time is required", 50),
  // 0 (or blank, spec: blank becomes 0) is a free show, listed as 'Free' (issue 13); negative is refused
  price: priceField(),
  ageRestriction: requiredText("Age restriction is required", 50),
  supportingActs: multilineText({ message: "Supporting acts must be text" })
    .trim()
    .max(2000, "Too long (2,000 characters at most)")
    .nullish()
    .transform((v) => v ?? ""),
  // empty means "no link", stored as null (spec section 3)
  eventUrl: optionalUrl().transform((v) => (v === "" ? null : v)),
  // optional, so clients that never heard of it keep working: a new show is 'scheduled',
  // an update without it keeps the show's status
  status: z.enum(SHOW_STATUSES, { message: `Status must be one of ${SHOW_STATUSES.join(", ")}` }).optional(),
  ...showSaleFields,
  // where the venue is (issue 24): absent, the server places it from the location (or keeps the
  // admin's pick while the location stays the same); both given, the admin's pick; both null, placed again
  lat: latitude.nullish(),
  lng: longitude.nullish(),
  /** the gazetteer's name of the admin's pick ('Greenville, North Carolina, US') */
  placeName: text({ message: "Place name must be text" }).trim().max(200, "Place name is too long").nullish(),
  /** tell verified fans with the shows interest within N miles, once, when the show is saved; null: don't */
  announceNearby: z.object({ miles: nearbyMiles }, { message: "announceNearby must be { miles } or null" }).nullish(),
  /** send the presale code, once, to verified fans with the shows interest within N miles when the presale starts; null: don't */
  presaleNearby: z.object({ miles: nearbyMiles }, { message: "presaleNearby must be { miles } or null" }).nullish(),
}).superRefine((show, ctx) => {
  presaleNeedsCode(show, ctx);
  saleBeforeShow(show, ctx);
  if (show.presaleNearby && !show.presaleCode) ctx.addIssue({ code: "custom", path: ["presaleCode"], message: PRESALE_NEEDS_CODE });
  const given = [show.lat, show.lng].filter((v) => v !== undefined && v !== null).length;
  if (given === 1) ctx.addIssue({ code: "custom", path: [show.lat == null ? "lat" : "lng"], message: "Give both latitude and longitude, or neither" });
});

export type ShowInput = z.input<typeof showInput>;
export type ShowData = z.output<typeof showInput>;

/** A show as the API sends it (spec section 3). Numeric price travels as a decimal string. */
const showFields = {
  id: z.number(),
  venue: z.string(),
  location: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  time: z.string(),
  price: z.string(),
  ageRestriction: z.string(),
  supportingActs: z.string(),
  eventUrl: z.string().nullable(),
  status: z.enum(SHOW_STATUSES),
  /** rises with every update (the calendar's SEQUENCE) */
  revision: z.number(),
  /** how many fans confirmed they're going (issue 24; public lists and the admin table) */
  rsvps: z.number().optional(),
  /** where the venue is on a map (issue 24); null when not placed */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** issue 24: tickets go on sale then (null: on sale now); the ticket link stays in the answer, clients compare with the time */
  onSaleAt: timestamp.nullable(),
  /** when the mailing list's presale starts (null: with its code, now) */
  presaleStartsAt: timestamp.nullable(),
};

/** A show as everyone may see it: whether it has a presale, never its code. */
export const showRecord = z.object({ ...showFields, hasPresale: z.boolean() });
export type Show = z.input<typeof showRecord>;

/**
 * A show as the admin answers send it (GET /api/admin/shows, GET /api/shows/{id}, POST, PUT): with
 * its presale code, where it was placed and what 'tell fans near it' did.
 */
export const showAdminRecord = z.object({
  ...showFields,
  presaleCode: z.string().nullable(),
  placeName: z.string().nullable(),
  placePinned: z.boolean(),
  announceNearby: z.object({ miles: z.number() }).nullable(),
  /** when the nearby mail is due (9:00 band time when saved at night); null once told or never asked */
  nearbyDueAt: timestamp.nullable(),
  nearbyToldAt: timestamp.nullable(),
  nearbyToldCount: z.number().nullable(),
  presaleNearby: z.object({ miles: z.number() }).nullable(),
  /** when the code went to fans near the show (at the presale's start), and to how many */
  presaleNearbyToldAt: timestamp.nullable(),
  presaleNearbyToldCount: z.number().nullable(),
});
export type AdminShow = z.input<typeof showAdminRecord>;

export const showAnswers = {
  /** public: GET /api/shows */
  list: dataAnswer(z.array(showRecord)),
  /** one page of the admin table's search (GET /api/admin/shows; GET /api/shows with table parameters) */
  page: pageAnswer(showAdminRecord),
  /** GET /api/shows: the admin table's page (with the admin's fields) when asked with its parameters, else the public list */
  listOrPage: listOrPageAnswer(showRecord, showAdminRecord),
  adminItem: dataAnswer(showAdminRecord),
  adminSaved: savedAnswer(showAdminRecord),
  adminPage: pageAnswer(showAdminRecord),
};
export type ShowPage = z.input<typeof showAnswers.page>;

export const SHOW_SORTS = ["date", "venue", "location", "price", "status"] as const;
export type ShowSort = (typeof SHOW_SORTS)[number];
/** The admin table's parameters on GET /api/admin/shows (on GET /api/shows, any of them makes it an admin-only page of the search). */
export const showTableQuery = tableQuery(SHOW_SORTS);
export type ShowTableQuery = z.output<typeof showTableQuery> & { upcoming?: "true"; past?: "true" };
