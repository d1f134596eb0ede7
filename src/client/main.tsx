import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Router } from "wouter";
import { App } from "./app/App";
import { preloadPage } from "./app/public-routes";
import { readInitialPage } from "./features/public/initial-data";

const root = document.getElementById("root")!;
const page = readInitialPage();
// A form posted without JavaScript was answered at the API's address with the page it belongs
// to (issue 21): show that page's address, so the router draws it and a reload posts nothing.
if (page?.form && window.location.pathname + window.location.search !== page.form.page) {
  window.history.replaceState(null, "", page.form.page + window.location.hash);
}
const app = (
  <StrictMode>
    {/* the same tree as the server's (entry-server.tsx), which names the path there */}
    <Router>
      <App page={page} />
    </Router>
  </StrictMode>
);

/**
 * Resolves once React has the page. A public page arrives drawn by the server (decision 017):
 * React takes over that HTML once the page's own chunk is in, so no part of it waits, dead, for
 * a lazy chunk. Admin pages, and every page when the server has no SSR build, arrive empty and
 * are drawn here. boot.ts replays the taps it held until then.
 */
export const started: Promise<void> = root.firstElementChild
  ? preloadPage(window.location.pathname)
      .catch(() => undefined)
      // in a transition, React hydrates in slices of a few ms instead of one long task (TBT); a
      // tap meanwhile makes it finish the part tapped at once
      .then(() => startTransition(() => void hydrateRoot(root, app)))
  : Promise.resolve(void createRoot(root).render(app));
