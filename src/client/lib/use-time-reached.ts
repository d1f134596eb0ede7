import { useCallback, useSyncExternalStore } from "react";
import { usePageAsOf } from "./page-day";

/** setTimeout's longest wait (~24.8 days); a later time is waited for in steps. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * Whether the clock has reached `at` (ms; null: always), for a page that changes by itself at a
 * moment (a show's on-sale time, decision 036; a release's out time, decision 041). The server's
 * render and the browser's first (hydrating) render read it as of the instant the page was drawn
 * as of (`PageAsOfContext`), so both draw the same HTML; right after, the clock decides, and a
 * page left open switches when the time comes.
 */
export function useTimeReached(at: number | null): boolean {
  const asOf = usePageAsOf();
  const subscribe = useCallback(
    (changed: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A timer may fire before Date.now() reaches the time (timers count from the event loop's
      // cached time, which a busy page leaves behind), and React ignores a 'changed' whose
      // snapshot did not change: so wait again until the clock agrees, instead of never switching.
      const waitForIt = () => {
        const wait = at === null ? 0 : at - Date.now();
        if (wait > 0) timer = setTimeout(() => (changed(), waitForIt()), Math.min(wait, LONGEST_WAIT));
      };
      waitForIt();
      return () => clearTimeout(timer);
    },
    [at],
  );
  const reachedAt = (now: number) => at === null || now >= at;
  return useSyncExternalStore(
    subscribe,
    () => reachedAt(Date.now()),
    () => reachedAt(asOf ?? Date.now()),
  );
}
