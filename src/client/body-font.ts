// The body face, Archivo (issue 13), declared here instead of in public.css (decision 017).
// A page's largest paint is set in Anton (preloaded) or is an image; Archivo (36 KB) fetched
// alongside them only slowed that paint (about 0.2 s of a mobile LCP on slow 4G). So on a visit
// that has not loaded it yet, the body text is first drawn in "Archivo Fallback" (public.css:
// Arial scaled to Archivo's widths and metrics, so nothing moves when it swaps in) and Archivo
// is added once the page's largest paint is on screen (boot.ts). When the browser very likely has
// it (cached for a year under its hashed name: the visitor came from another page of the site) it
// is added at once, before the first paint, so moving around the site shows no swap.
import latin from "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url";
import latinExt from "@fontsource-variable/archivo/files/archivo-latin-ext-wght-normal.woff2?url";
import vietnamese from "@fontsource-variable/archivo/files/archivo-vietnamese-wght-normal.woff2?url";

// the unicode ranges of @fontsource-variable/archivo/wght.css: a browser fetches only the files its text needs
const FACES: [string, string][] = [
  [vietnamese, "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB"],
  [latinExt, "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF"],
  [latin, "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"],
];
let added = false;
/** Declares Archivo's faces; the browser then fetches the ones the page's text uses and swaps them in. */
export function addBodyFont() {
  if (added || typeof FontFace !== "function") return;
  added = true;
  for (const [url, unicodeRange] of FACES) {
    document.fonts.add(new FontFace("Archivo Variable", `url(${url}) format("woff2-variations")`, { weight: "100 900", style: "normal", display: "swap", unicodeRange }));
  }
}

/**
 * Whether the browser very likely has Archivo already: the visitor came from another page of the
 * site (which loaded it), or reloaded or went back or forward. Only a landing page waits.
 */
export function bodyFontLikelyCached(): boolean {
  const kind = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  if (kind === "reload" || kind === "back_forward") return true;
  try {
    return !!document.referrer && new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}
