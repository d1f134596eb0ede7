import type { Page } from "playwright-core";

/** Elements a visitor reads or uses that stick out past the right edge (decorative and side-scrolling rows excepted). */
export const cutOffAtRight = (p: Page): Promise<string[]> =>
  p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => {
      for (let e: Element | null = el.parentElement; e; e = e.parentElement) if (/(auto|scroll)/.test(getComputedStyle(e).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll("a, button, input, select, textarea, h1, h2, h3, h4, p, li, img, iframe")]
      .filter((el) => !el.closest("[aria-hidden='true']") && !scrollsSideways(el))
      .filter((el) => el.getBoundingClientRect().right > vw + 1)
      .map((el) => `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
  });

/** How wide the page is drawn: more than the window means a visitor scrolls sideways. */
export const drawnWidth = (p: Page): Promise<number> => p.evaluate(() => document.documentElement.scrollWidth);

/** How far the whole page scrolls sideways (0 when it fits its window). */
export const sidewaysScroll = (p: Page): Promise<number> => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
