import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, loginAsAdmin, startServer, type RunningServer } from "./harness";

let server: RunningServer;
let browser: Browser;
let wavPath: string;

/** A real, playable WAV: `seconds` of a 440 Hz tone, 8 kHz mono 16-bit PCM. */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write("data", 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return buf;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  wavPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-wav-")), "test-tone.wav");
  fs.writeFileSync(wavPath, toneWav(6));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (wavPath) fs.rmSync(path.dirname(wavPath), { recursive: true, force: true });
});

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

test("an admin uploads a WAV through the simplified form, features it, and visitors hear it in the header player", async () => {
  const page = await browser.newPage();
  await loginAsAdmin(page, server.url);
  await page.getByRole("link", { name: "Audio" }).first().click();
  await page.getByRole("link", { name: "Add Track" }).click();
  await page.waitForURL(`${server.url}/admin/audio/add`);

  await page.getByLabel("Title").fill("E2E Test Tone");
  await page.getByLabel("Audio File: choose a file").setInputFiles(wavPath);
  // the browser read the file's length: 6 seconds, rounded in the simplified form
  await expect.poll(() => page.getByLabel("Duration (seconds)").inputValue()).toBe("6");
  await page.getByRole("button", { name: "Add Track" }).click();
  await page.waitForURL(`${server.url}/admin/audio`);
  await expect.poll(() => visible(page, "Audio track created")).toBe(true);

  const star = page.getByRole("button", { name: "Featured: E2E Test Tone" });
  expect(await star.getAttribute("aria-pressed")).toBe("false");
  await star.click();
  await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");

  // the public header player now has the new track on air, and playing it moves time forward
  const site = await browser.newPage();
  await site.goto(server.url);
  const player = site.getByRole("region", { name: "Featured track player" });
  await expect.poll(() => player.getByRole("heading", { name: "E2E Test Tone" }).isVisible(), { timeout: 15_000 }).toBe(true);
  await player.getByRole("button", { name: "Play" }).click();
  const audioState = () => site.evaluate(() => {
    const a = document.querySelector("audio");
    return a ? { src: a.currentSrc, time: a.currentTime } : null;
  });
  await expect.poll(async () => (await audioState())?.time ?? 0, { timeout: 15_000 }).toBeGreaterThan(1);
  expect((await audioState())!.src).toMatch(/\/uploads\/audio\/[0-9a-f]+\.wav$/);
  await expect.poll(() => player.getByRole("button", { name: "Pause" }).isVisible()).toBe(true);
});

test("switching member bios off removes them from the About section", async () => {
  const bio = /Writes the words on receipts and napkins/;
  const site = await browser.newPage();
  await site.goto(`${server.url}/#about`);
  const about = site.locator("#about");
  await expect.poll(() => about.getByText("Casey Hollowell").isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await about.getByText(bio).isVisible()).toBe(true);

  const page = await browser.newPage();
  await loginAsAdmin(page, server.url);
  await page.getByRole("link", { name: "Band Members" }).first().click();
  const bios = page.getByRole("switch", { name: "Show member bios on website" });
  await expect.poll(() => bios.getAttribute("aria-checked"), { timeout: 15_000 }).toBe("true");
  await bios.click();
  expect(await bios.getAttribute("aria-checked")).toBe("false");
  await expect.poll(() => visible(page, "Setting updated")).toBe(true);

  await site.reload();
  await expect.poll(() => about.getByText("Casey Hollowell").isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await about.getByText(bio).count()).toBe(0);
});
