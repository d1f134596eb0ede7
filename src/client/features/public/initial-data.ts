import type { QueryClient } from "@tanstack/react-query";

/** Must match INITIAL_DATA_ID in src/server/plugins/html.ts. */
export const INITIAL_DATA_ID = "app-data";
let done = false;

/**
 * Seeds the query cache with the answers the server inlined into the page, keyed by GET URL,
 * so the first render needs no API round trip. Runs once per page load.
 */
export function hydrateInitialData(queryClient: QueryClient) {
  if (done || typeof document === "undefined") return;
  done = true;
  const el = document.getElementById(INITIAL_DATA_ID);
  if (!el?.textContent) return;
  try {
    const { queries } = JSON.parse(el.textContent) as { queries?: Record<string, unknown> };
    for (const [key, data] of Object.entries(queries ?? {})) queryClient.setQueryData([key], data);
  } catch {
    /* a broken blob only costs the round trips it was meant to save */
  }
}

/** for tests */
export function resetInitialDataForTests() {
  done = false;
}
