import { createContext, useContext } from "react";
import { todayIso } from "@shared/format";

/**
 * The day the page is drawn for (YYYY-MM-DD): the day the server built it (inlined with its
 * data), so the server's HTML and the client's first render agree on what is 'upcoming' and on
 * the footer's year whatever the visitor's clock or time zone says. Without a server page (a
 * test, the dev server) it is today on this machine.
 */
export const PageDayContext = createContext<string | null>(null);

export function usePageDay(): string {
  return useContext(PageDayContext) || todayIso();
}

/**
 * The site's public address the server drew the page with (PUBLIC_URL), or null without a
 * server page: the links that need a host (webcal://) are whole before the app starts.
 */
export const PageOriginContext = createContext<string | null>(null);

export function usePageOrigin(): string | null {
  return useContext(PageOriginContext);
}

/**
 * The instant (ms) the server drew the page's ticket links as of (issue 24, decision 036): a show
 * going on sale at a time reads as it did then until the app runs, so the first render matches
 * the server's HTML. 0 on a server page that names none (before every such time), null without
 * a server page (the clock decides at once).
 */
export const PageAsOfContext = createContext<number | null>(null);

export function usePageAsOf(): number | null {
  return useContext(PageAsOfContext);
}
