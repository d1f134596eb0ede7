import { z } from "zod";
import { text } from "./text";

/**
 * The pieces every admin table the server searches shares (subscribers, messages, shows):
 * optional `q`, `sort`, `dir`, `page`, `pageSize` query parameters, and the answer
 * `{ success, data, page: { total, page, pageSize } }` given only when a parameter was sent
 * (without any, a list answers as the spec says).
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** A whole number in a query string ("3"), within bounds; optional. */
export const wholeParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional();

/** The search box: part of a name or text, case-insensitive. */
export const searchParam = text({ message: "q must be text" }).trim().max(254, "q is too long (254 characters at most)").optional();

/** `q`, `sort` (one of `sorts`), `dir`, `page`, `pageSize`: the table's question. */
export const tableQuery = <S extends readonly [string, ...string[]]>(sorts: S) =>
  z.object({
    q: searchParam,
    sort: z.enum(sorts, { message: `sort must be ${sorts.join(", ")}` }).optional(),
    dir: z.enum(["asc", "desc"], { message: "dir must be asc or desc" }).optional(),
    page: wholeParam("page", 1, 1_000_000),
    pageSize: wholeParam("pageSize", 1, MAX_PAGE_SIZE),
  });

/** True when none of the table's parameters were sent: the plain list answers. */
export const isPlainListQuery = (query: object) => Object.values(query).every((v) => v === undefined);

/** Where a page sits in the whole result: `total` rows match, this is page `page` (from 1) of `pageSize` rows. */
export const pageInfo = z.object({ total: z.number(), page: z.number(), pageSize: z.number() });
export type PageInfo = z.input<typeof pageInfo>;

/** `{ success, data: [...], page }`: one page of a table. */
export const pageAnswer = <T extends z.ZodType>(record: T) => z.object({ success: z.boolean(), data: z.array(record), page: pageInfo });

/** A list GET that pages when asked: the page is tried first (the plain list would drop `page`). */
export const listOrPageAnswer = <T extends z.ZodType, P extends z.ZodType = T>(record: T, pageRecord?: P) =>
  z.union([pageAnswer((pageRecord ?? record) as P), z.object({ success: z.boolean(), data: z.array(record) })]);
