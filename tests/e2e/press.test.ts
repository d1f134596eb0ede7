import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations } from "./axe";
import { E2E_ADMIN, launchBrowser, startServer, waitForApp, type RunningServer } from "./harness";
import { cutOffAtRight, sidewaysScroll } from "./page-checks";

/**
 * Issue 25: the press kit at /press and a private press link's page, in Chromium at 390 and
 * 1440 px. The kit is filled through the admin API as its form saves it (a photo and a PDF
 * uploaded first); the link streams an unreleased track. Axe clean, nothing wider than the
 * screen, the track playable on the page and offered for download nowhere.
 */
let server: RunningServer;
let browser: Browser;
let linkUrl: string;
let headers: Record<string, string>;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
// a short silent WAV (8 kHz, 8-bit mono, a quarter second)
const WAV = (() => {
  const data = Buffer.alloc(2000, 128);
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
})();

async function upload(fileType: string, data: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${server.url}/api/upload/media?fileType=${fileType}`, { method: "POST", headers: { authorization: headers.authorization }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { filePath: string } }).data.filePath;
}

async function send(method: string, path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
  const photo = await upload("image", PNG, "harkers-island-live.png");
  const rider = await upload("pdf", PDF, "tech-rider.pdf");
  await send("PUT", "/api/admin/press-kit", {
    shortBio: "Tar River Static are four friends from the Carolina coast playing loud porch rock about boats, storms and the towns in between.",
    longBio: "They started in a garage on Harkers Island.\nThree records and a lot of van miles later, they still load their own gear.",
    photos: [{ url: photo, credit: "Jo Lens", caption: "Live at The Pour House" }],
    logos: [{ url: photo, label: "Wordmark" }],
    quotes: [{ quote: "A band that sounds like a storm coming in off the sound.", source: "Coastal Weekly", sourceUrl: "https://example.com/review" }],
    techRiderUrl: rider,
    stagePlotUrl: rider,
    bookingName: "Sam Booker, Porchlight Agency",
    bookingEmail: "booking@example.com",
    pressName: "Riley Press",
    pressEmail: "press@example.com",
  });
  // the latest release, its title one unbroken run (the form allows 200 characters): it laid
  // every section of /press out 1,810 px wide on a phone, cut off at the right
  await send("POST", "/api/releases", { title: `Undertow${"o".repeat(112)}`, type: "single", releaseAt: new Date(Date.now() - 86_400_000).toISOString(), published: true });
  const audio = await upload("audio", WAV, "undertow-demo.wav");
  const track = await send("POST", "/api/audio-tracks", { title: "Undertow", artist: "Tar River Static", audioUrl: audio, duration: 0.25, unreleased: true });
  linkUrl = String((await send("POST", "/api/admin/press-links", { recipient: "Dana Reyes, Coastal Weekly", expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), trackIds: [track.id] })).url);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("/press and a private link's page at 390 and 1440 px: every section there, the track streams and is never a download, axe clean", async () => {
  const found: string[] = [];
  const link = new URL(linkUrl);
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/press`);
      await waitForApp(page);
      for (const name of ["Bio", "Photos", "Logos", "Press quotes", "Stage plot and tech rider", "Upcoming shows", "Contacts"]) {
        await page.getByRole("heading", { name, exact: true }).waitFor();
      }
      expect(await page.getByRole("link", { name: /Download original/ }).getAttribute("download")).toBe("harkers-island-live.png");
      expect(await page.getByRole("link", { name: "Tech rider (PDF)" }).isVisible()).toBe(true);
      await page.getByText("Photo: Jo Lens").waitFor();
      for (const v of await axeViolations(page)) found.push(`/press ${viewport.width}px: ${v}`);
      const overflow = await sidewaysScroll(page);
      if (overflow > 0) found.push(`/press ${viewport.width}px: the page scrolls sideways by ${overflow}px`);
      for (const cut of await cutOffAtRight(page)) found.push(`/press ${viewport.width}px: ${cut} is cut off at the right`);

      const answer = await page.goto(`${server.url}${link.pathname}${link.search}`);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await waitForApp(page);
      await page.getByText("Prepared for Dana Reyes, Coastal Weekly.").waitFor();
      const player = page.getByLabel("Play Undertow");
      await player.waitFor();
      expect(await player.getAttribute("controlslist")).toContain("nodownload");
      // the stream goes through the link; the file's own address is nowhere on the page
      expect(await player.getAttribute("src")).toMatch(/^\/api\/press\/stream\/\d+\?token=/);
      expect(await page.content()).not.toMatch(/\/uploads\/audio\//);
      expect(await page.locator("a[download][href*='stream']").count()).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      // it plays: the browser reads the stream (Range) and knows its length
      await player.evaluate((el: HTMLAudioElement) => el.play().catch(() => undefined));
      await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 10_000 }).toBeGreaterThan(0.2);
      for (const v of await axeViolations(page)) found.push(`link ${viewport.width}px: ${v}`);
      const linkOverflow = await sidewaysScroll(page);
      if (linkOverflow > 0) found.push(`link ${viewport.width}px: the page scrolls sideways by ${linkOverflow}px`);
    } finally {
      await context.close();
    }
  }
  expect(found).toEqual([]);
  // two views counted, and the plays
  const listed = (await (await fetch(`${server.url}/api/admin/press-links`, { headers })).json()) as { data: { views: number; tracks: { plays: number }[] }[] };
  expect(listed.data[0].views).toBe(2);
  expect(listed.data[0].tracks[0].plays).toBeGreaterThan(0);
}, 120_000);

test("a revoked link's page is a polite 410", async () => {
  const links = (await (await fetch(`${server.url}/api/admin/press-links`, { headers })).json()) as { data: { id: number }[] };
  expect((await fetch(`${server.url}/api/admin/press-links/${links.data[0].id}`, { method: "DELETE", headers: { authorization: headers.authorization } })).status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const answer = await page.goto(linkUrl.replace(/^https?:\/\/[^/]+/, server.url));
    expect(answer?.status()).toBe(410);
    await waitForApp(page);
    await page.getByText("This press link has expired. Please ask the band for a new one.").waitFor();
    expect(await page.getByLabel("Play Undertow").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
