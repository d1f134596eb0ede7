import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False in the server's render and in the browser's first render of that HTML (hydration), so
 * both draw the same markup; true from the render right after, and at once where the browser
 * draws the page itself. For the parts that work one way without JavaScript and are enhanced
 * once the app runs (the phone menu, decision 029).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
