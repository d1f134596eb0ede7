// The page's entry (index.html). Its styles are here so they stay one render-blocking stylesheet
// in the head. On a page the server drew (decision 017) the app's code starts at the first of:
// - the visitor reaching for the page (pointerdown, keydown, focusin, touchstart): a tap on Play
//   or on the menu before then is held and replayed once React has the page (see `held`);
// - the page's largest paint is on screen: after the load event, once the browser has reported
//   a largest-contentful-paint candidate and no new one for a moment (Lighthouse counts every
//   request that started before that paint in its LCP estimate; a bundle fetched before it
//   made LCP bimodal: it depended on which came first, the bundle or the frame);
// - a time limit, so a page whose images never finish still gets its code.
// Anything else (admin, 404, no SSR build, a hidden tab that paints no frames) starts at once.
// The body font comes at the same moment, unless this browser already has it (body-font.ts).
import "./styles.css";
import "./features/public/public.css";
import { addBodyFont, bodyFontLikelyCached } from "./body-font";
import { startBeacon } from "./lib/beacon";

const QUIET_MS = 150;
const LIMIT_MS = 4000;
const INTENT = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

const root = document.getElementById("root");
const drawn = !!root?.firstElementChild;
let started = false;
/** Arrow keys drive these widgets only through the app (tabs, menus...): held like taps. */
const KEYED_WIDGETS = '[role="tablist"], [role="radiogroup"], [role="menu"], [role="menubar"], [role="listbox"], [role="toolbar"]';
const WIDGET_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);
/** Clicks, submits and widget keys on the drawn page before React had it: replayed in order once it has. */
const held: { target: Element; event: Event }[] = [];
const HELD = ["click", "submit", "keydown"] as const;

function start() {
  if (started) return;
  started = true;
  addBodyFont();
  for (const type of INTENT) removeEventListener(type, start, true);
  void import("./main").then(async ({ started }) => {
    await started;
    // hydrateRoot was called: React's listeners are on #root, and a discrete event on a page
    // still being hydrated makes React finish hydrating first, then run the handler
    for (const type of HELD) removeEventListener(type, hold, true);
    for (const { target, event } of held.splice(0)) {
      if (!target.isConnected) continue;
      if (event.type === "submit") (target as HTMLFormElement).requestSubmit();
      else if (event.type === "keydown") target.dispatchEvent(new KeyboardEvent("keydown", event as KeyboardEvent));
      else target.dispatchEvent(new MouseEvent("click", event as MouseEvent));
    }
  });
}

/**
 * A click, submit or widget key inside the page before the app runs: links keep working natively
 * (they lead to server-drawn pages), and so do typing, Tab and scrolling; everything else
 * (buttons, the forms' own submit, arrows in a tab list) waits for React.
 */
function hold(event: Event) {
  const target = event.target;
  if (!(target instanceof Element) || !root?.contains(target)) return;
  if (event.type === "click" && target.closest("a[href]")) return;
  if (event.type === "keydown" && !(WIDGET_KEYS.has((event as KeyboardEvent).key) && target.closest(KEYED_WIDGETS))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ target, event });
  start();
}

/** Starts the app once the largest paint has been reported and nothing larger followed for QUIET_MS. */
function afterLargestPaint() {
  const types = typeof PerformanceObserver === "function" ? PerformanceObserver.supportedEntryTypes : [];
  if (!types?.includes("largest-contentful-paint")) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
    return;
  }
  let last = 0;
  new PerformanceObserver(() => {
    last = performance.now();
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const check = () => {
    if (last && performance.now() - last >= QUIET_MS) start();
    else setTimeout(check, 50);
  };
  requestAnimationFrame(() => requestAnimationFrame(check));
}

if (bodyFontLikelyCached()) addBodyFont();
if (drawn && document.visibilityState === "visible") {
  for (const type of INTENT) addEventListener(type, start, { capture: true, passive: true });
  for (const type of HELD) addEventListener(type, hold, true);
  if (document.readyState === "complete") afterLargestPaint();
  else addEventListener("load", afterLargestPaint, { once: true });
  setTimeout(start, LIMIT_MS);
} else {
  start();
}

// page views for the band's stats, after the load event (lib/beacon.ts)
startBeacon();
