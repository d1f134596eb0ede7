import type { QueryClient } from "@tanstack/react-query";
import { INITIAL_DATA_ID, type InitialPage } from "@shared/page-render";

export { INITIAL_DATA_ID };

/** The page the server inlined (`#app-data`), or null (no blob, a broken one, or no DOM). */
export function readInitialPage(): InitialPage | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById(INITIAL_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const page = JSON.parse(el.textContent) as Partial<InitialPage>;
    return {
      path: String(page.path ?? ""),
      today: typeof page.today === "string" ? page.today : "",
      // the server drew its whole links (webcal://) with it: the first render must too
      ...(typeof page.origin === "string" ? { origin: page.origin } : {}),
      // the instant the server drew the page as of (decisions 036, 041): the first render reads on-sale and release times as it did
      ...(typeof page.asOf === "string" ? { asOf: page.asOf } : {}),
      queries: page.queries ?? {},
      ...(page.form && typeof page.form === "object" ? { form: page.form } : {}),
    };
  } catch {
    /* a broken blob only costs the round trips it was meant to save */
    return null;
  }
}

/**
 * Seeds the query cache with the page's answers, keyed by GET URL, so the first render needs no
 * API round trip. The server's render seeds its own cache from the same answers, which is why
 * the client's first render (hydration) draws exactly the server's HTML.
 */
export function seedQueryCache(queryClient: QueryClient, page: InitialPage | null) {
  for (const [key, data] of Object.entries(page?.queries ?? {})) queryClient.setQueryData([key], data);
}
