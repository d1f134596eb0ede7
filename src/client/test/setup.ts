/** Client test setup: jest-dom matchers, DOM cleanup, and the browser APIs jsdom lacks but Radix uses. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach, vi } from "vitest";

// findBy/waitFor wait up to 5 s, not 1: on a busy 2-core machine (the browser tests and CI's
// PostgreSQL pass run beside these) a page can take more than a second to show what a test
// waits for; a test that passes still passes as soon as it is there.
configure({ asyncUtilTimeout: 5_000 });

// The client project shares one module graph and one jsdom per worker (vitest.config.ts), so
// each test leaves the page as it found it: no rendered tree, no stored keys, no toasts waiting
// to be replayed to the next Toaster (sonner keeps them in its module), the first URL, no title.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  toast.dismiss();
  window.history.replaceState(null, "", "/");
  document.title = "";
  document.head.replaceChildren();
});
// globals a file stubbed (fetch, XMLHttpRequest, FileReader...) go back at its end
afterAll(() => vi.unstubAllGlobals());

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

const proto = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>;
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
