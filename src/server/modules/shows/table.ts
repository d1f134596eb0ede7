import { DEFAULT_PAGE_SIZE } from "@shared/schemas/paging";
import { showTableQuery } from "@shared/schemas/shows";
import { todayIso } from "@shared/format";
import { z } from "zod";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/http-error";
import { confirmedCounts } from "../rsvps/repository";
import { searchShows } from "./repository";
import { adminShowOf } from "../places/show-place";

const flag = (name: string) => z.enum(["true", "false"], { message: `${name} must be 'true' or 'false'` }).optional();

/** Which shows: ?upcoming=true today and later, ?past=true before today (both: a 400). */
export const whenQuery = z.object({ upcoming: flag("upcoming"), past: flag("past") });

/** The admin table's question: search, sort, page, upcoming or past (GET /api/admin/shows). */
export const showsTableQuery = showTableQuery.extend(whenQuery.shape);
type TableQuestion = z.output<typeof showsTableQuery>;

/** The two flags read, refusing both at once. */
export function whenOf(query: { upcoming?: "true" | "false"; past?: "true" | "false" }) {
  const upcoming = query.upcoming === "true";
  const past = query.past === "true";
  if (upcoming && past) throw badRequest("past: cannot be combined with upcoming=true", { past: "cannot be combined with upcoming=true" });
  return { upcoming, past };
}

/**
 * One page of the admin table's search: GET /api/admin/shows answers with it, and so does the
 * spec-era GET /api/shows with table parameters (public-routes.ts), for an admin.
 */
export async function showsTablePage(db: Db, query: TableQuestion) {
  const { upcoming, past } = whenOf(query);
  const today = todayIso();
  const by = query.sort ?? "date";
  const found = await searchShows(db, {
    q: query.q || undefined,
    when: upcoming ? { upcoming: true, today } : past ? { past: true, today } : undefined,
    sort: by,
    // by date: upcoming soonest first, the past newest first; other columns from the top
    dir: query.dir ?? (by === "date" && past ? "desc" : "asc"),
    page: query.page ?? 1,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  // how many fans confirmed they're going to each (issue 24)
  const counts = await confirmedCounts(db, found.data.map((s) => s.id));
  return { success: true, page: found.page, data: found.data.map((s) => ({ ...adminShowOf(s), rsvps: counts.get(s.id) ?? 0 })) };
}
