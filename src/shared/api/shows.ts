/** Shows (spec section 7) and their calendar feeds. */
export type { AdminShow, Show, ShowInput, ShowPage, ShowSort, ShowTableQuery } from "../schemas/shows";
import type { ShowTableQuery } from "../schemas/shows";
import { tableUrl } from "./paging";

/** The home page lists at most this many upcoming shows, so the inlined page stays small. */
export const HOME_SHOWS_LIMIT = 50;
/** /shows pages its archive (before today, newest first) this many at a time. */
export const PAST_SHOWS_PAGE = 100;

const ADMIN_TABLE = "/api/admin/shows";

export const showsApi = {
  /** GET: every show by date (public; the admin list reads it too). POST: create (admin). */
  list: "/api/shows",
  /** GET (admin, the edit form), PUT, DELETE */
  item: (id: number) => `/api/shows/${id}`,
  /** /shows: every upcoming show */
  upcoming: "/api/shows?upcoming=true",
  /** the home page's shows section */
  home: `/api/shows?upcoming=true&limit=${HOME_SHOWS_LIMIT}`,
  /** /shows: the archive, a page at a time */
  past: (offset = 0) => `/api/shows?past=true&limit=${PAST_SHOWS_PAGE}${offset ? `&offset=${offset}` : ""}`,
  /** GET (admin): the admin table's search, a page at a time */
  adminTable: ADMIN_TABLE,
  /** GET (admin): one page of the admin table's search, upcoming or past (its key starts with `adminTable`) */
  page: (query: ShowTableQuery) => tableUrl(ADMIN_TABLE, { ...query }),
  /** the whole tour as an iCalendar feed, and one show */
  calendar: "/shows.ics",
  showCalendar: (id: number) => `/shows/${id}.ics`,
} as const;

/** Every list a show write changes: the admin list and table, and the public lists (home, /shows). */
export const showListKeys = [showsApi.list, showsApi.adminTable, showsApi.home, showsApi.upcoming, showsApi.past()];
