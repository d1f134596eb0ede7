import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { RequestTracker } from "./harness";

/**
 * Layout shifts counted as Chrome does (buffered layout-shift entries without recent input), for
 * the issue 10 tests (public-layout-shift.test.ts, shows.test.ts), and the waits they need: for
 * the frame after a change to be drawn, for a slow answer to have arrived and been drawn.
 */
export interface Shift {
  value: number;
  what: string;
}

/** A context whose pages record their layout shifts (third-party embeds blocked). */
export async function shiftContext(browser: Browser, width: number): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await ctx.route(/soundcloud|spotify|instagram|facebook|twitter|youtube/, (r) => r.abort());
  await ctx.addInitScript(() => {
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    // what moved, so that a failure names it: the node, its text and where it went
    const describe = ({ node, previousRect: a, currentRect: b }: Source) => {
      const el = node instanceof Element ? node : node?.parentElement;
      const name = `${node?.nodeName ?? "?"}${el?.id ? `#${el.id}` : ""}${el?.classList.length ? `.${[...el.classList].slice(0, 3).join(".")}` : ""}`;
      const text = (node?.textContent ?? "").trim().slice(0, 40);
      return `${name} "${text}" y ${Math.round(a.y)}->${Math.round(b.y)} h ${Math.round(a.height)}->${Math.round(b.height)}`;
    };
    const keep = (entries: PerformanceEntryList) => {
      for (const e of entries as unknown as { value: number; hadRecentInput: boolean; sources: Source[] }[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, what: e.sources.map(describe).join(" + ") });
      }
    };
    const w = window as unknown as { __shifts: { value: number; what: string }[]; __shiftObserver: PerformanceObserver; __keepShifts: typeof keep };
    w.__shifts = [];
    w.__keepShifts = keep;
    w.__shiftObserver = new PerformanceObserver((list) => keep(list.getEntries()));
    w.__shiftObserver.observe({ type: "layout-shift", buffered: true });
  });
  return ctx;
}

/** The shifts so far, including those of the last frame not yet handed to the observer's callback. */
export const shifts = (page: Page): Promise<Shift[]> =>
  page.evaluate(() => {
    const w = window as unknown as { __shifts: { value: number; what: string }[]; __shiftObserver: PerformanceObserver; __keepShifts: (l: PerformanceEntryList) => void };
    w.__keepShifts(w.__shiftObserver.takeRecords());
    return w.__shifts;
  });

export const clearShifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __shifts: unknown[]; __shiftObserver: PerformanceObserver };
    w.__shiftObserver.takeRecords();
    w.__shifts.length = 0;
  });

export const total = (list: { value: number }[]) => list.reduce((sum, s) => sum + s.value, 0);

/** The most a page may shift in all (Chrome's 'good' CLS is 0.1; issue 10 aims lower). */
export const AIM = 0.02;
/** "ok" within the aim, else the shifts themselves, so that a failed assertion names what moved. */
export const verdict = (list: Shift[]): "ok" | Shift[] => (total(list) <= AIM ? "ok" : list);

/**
 * Two animation frames: the first runs before the next frame is drawn, the second after it was,
 * so whatever changed before the call (a font swapped in, data rendered) has been laid out and
 * its layout shifts recorded.
 */
export const painted = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

const LOADING = '[role="status"][aria-label="Loading"], .animate-pulse';

/**
 * After a link to a page whose data is slow to come: waits until the data was asked for, came and
 * was drawn with whatever it brought (images), i.e. a frame was painted with no loading block on
 * the page and no request under way, before or after it.
 */
export async function slowDataDrawn(page: Page, requests: RequestTracker) {
  const quiet = async () => requests.api() > 0 && requests.inflight() === 0 && (await page.locator(LOADING).count()) === 0;
  await expect
    .poll(async () => {
      if (!(await quiet())) return false;
      await painted(page);
      return quiet();
    }, { timeout: 20_000 })
    .toBe(true);
}

/**
 * The shifts of the app's own navigation by the link to `to` on an open page, every API answer
 * held 1.2 s from then on: counted from the click until the slow data has been drawn.
 */
export async function shiftsAfterSlowLink(page: Page, requests: RequestTracker, baseUrl: string, to: string): Promise<Shift[]> {
  await page.context().route(/\/api\//, async (r) => {
    await new Promise((done) => setTimeout(done, 1200));
    await r.continue();
  });
  await painted(page);
  await clearShifts(page);
  requests.reset();
  await page.locator(`a[href="${to}"]:visible`).first().click();
  await page.waitForURL(baseUrl + to);
  await slowDataDrawn(page, requests);
  return shifts(page);
}
