import { statsApi } from "@shared/api/stats";

/**
 * The stats beacon (issue 23, decision 034): one navigator.sendBeacon per page view, the first
 * once the page has loaded and the browser is idle (it never competes with the first or the
 * largest paint), then one per client-side navigation (the router's pushState / replaceState
 * events, and back / forward). It sends the path with its query (the server reads the UTM tags
 * and drops the rest) and, on the first view, document.referrer; later views come from the site
 * itself. Nothing is kept in the browser: no cookie, no storage. A prerendered page counts only
 * once it is shown; admin pages are not counted.
 */
export function startBeacon(): void {
  if (typeof navigator.sendBeacon !== "function") return;
  let last = "";
  let referrer = document.referrer;
  const send = () => {
    // a private press link's token stays out of the counts (issue 25): its page is counted by its path alone
    const path = location.pathname + (location.pathname.startsWith("/press/link") ? "" : location.search);
    if (path === last || /^\/admin(\/|$)/.test(location.pathname)) return;
    last = path;
    navigator.sendBeacon(statsApi.events, JSON.stringify({ type: "pageview", path, referrer }));
    referrer = location.origin + "/";
  };
  const idle = (fn: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1));
  const first = () => {
    idle(send);
    for (const type of ["popstate", "pushState", "replaceState"]) addEventListener(type, send);
  };
  const shown = () => (document.readyState === "complete" ? first() : addEventListener("load", first, { once: true }));
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", shown, { once: true });
  else shown();
}
