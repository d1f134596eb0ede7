import { useEffect, useMemo, useState } from "react";

export const TABLE_PAGE_SIZE = 50;

type SortValue = string | number | boolean | null | undefined;

export interface ClientTableOptions<T> {
  /** the text a search looks in (e.g. name and email), case-insensitive */
  searchText: (row: T) => string;
  /** the value each sortable column sorts by, under the column's sortKey */
  sortBy: Record<string, (row: T) => SortValue>;
  /** the column a header click sorts first, and which way; none: the list's own order */
  initialSort?: { key: string; dir: "asc" | "desc" };
  pageSize?: number;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compare(a: SortValue, b: SortValue): number {
  // empty values last, whichever way
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
  return Number(a) - Number(b);
}

/**
 * Search, sort and pages in memory, for the admin lists that stay small (merch, audio, videos,
 * lyrics, members, users): the server sends the whole list, as the spec says. Without a sort the
 * rows keep the list's own order (the spec's, or the admin's drag-and-drop order).
 */
export function useClientTable<T>(rows: T[] | undefined, options: ClientTableOptions<T>) {
  const { searchText, sortBy, initialSort, pageSize = TABLE_PAGE_SIZE } = options;
  const [q, setQuery] = useState("");
  const [sort, setSort] = useState<{ key: string; dir: "asc" | "desc" } | undefined>(initialSort);
  const [page, setPage] = useState(1);

  const matched = useMemo(() => {
    if (!rows) return undefined;
    const needle = q.trim().toLowerCase();
    const found = needle ? rows.filter((row) => searchText(row).toLowerCase().includes(needle)) : rows;
    if (!sort || !sortBy[sort.key]) return found;
    const value = sortBy[sort.key];
    const sign = sort.dir === "asc" ? 1 : -1;
    // a stable sort: equal values keep the list's order
    return found
      .map((row, i) => ({ row, i }))
      .sort((a, b) => {
        const va = value(a.row);
        const vb = value(b.row);
        const empty = (v: SortValue) => v === null || v === undefined || v === "";
        if (empty(va) !== empty(vb)) return empty(va) ? 1 : -1;
        return sign * compare(va, vb) || a.i - b.i;
      })
      .map(({ row }) => row);
    // searchText and sortBy are read at render; callers pass fresh closures
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, q, sort]);

  const total = matched?.length ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  // a delete emptied the last page, or a search shrank the list: stay on a page that exists
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const current = Math.min(page, lastPage);

  return {
    /** the rows of the current page */
    rows: matched?.slice((current - 1) * pageSize, current * pageSize),
    /** every row that matches, in order (what a reorder moves within) */
    matched,
    page: { total, page: current, pageSize },
    setPage,
    q,
    setQuery: (next: string) => {
      setQuery(next);
      setPage(1);
    },
    searching: q.trim() !== "",
    sortState: sort,
    /** for DataTable's `sort` prop: a click sorts by the column, a second click the other way */
    sort: {
      key: sort?.key ?? "",
      dir: sort?.dir ?? "asc",
      onSort: (key: string) => {
        setSort((s) => (s?.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" }));
        setPage(1);
      },
    },
    clearSort: () => setSort(undefined),
    /** more than one page: show the pager */
    paged: total > pageSize,
  };
}
