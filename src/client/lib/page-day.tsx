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
