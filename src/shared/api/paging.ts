/** Paged admin tables (subscribers, messages, shows): the answer's page info and the URL of one page. */
export type { PageInfo } from "../schemas/paging";

/** A table's question; empty values are left out of the URL. */
export type TableQuery = Record<string, string | number | undefined>;

/** `base` asked for one page: empty parameters are left out; with none at all it still asks for page 1 (a page, not the plain list). */
export function tableUrl(base: string, query: TableQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  const search = params.toString();
  return `${base}${base.includes("?") ? "&" : "?"}${search || "page=1"}`;
}
