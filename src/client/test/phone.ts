import { vi } from "vitest";

/**
 * The window as a phone (`matches`: every media query matches, so PHONE_QUERY does) or not: lists
 * become cards below 640 px. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPhone(matches = true) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
}
