import { useSyncExternalStore } from "react";

/** True while the CSS media query matches (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` (640 px): a phone held upright. Admin tables show cards there. */
export const PHONE_QUERY = "(max-width: 639px)";
