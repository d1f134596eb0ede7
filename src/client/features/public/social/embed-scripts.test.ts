import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadEmbed, RETRY_MS } from "./embed-scripts";

const injected = () => [...document.querySelectorAll("script")].filter((s) => s.src.includes("instagram.com"));

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, "", "/");
});
afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll("script").forEach((s) => s.remove());
  delete window.instgrm;
});

describe("social embed scripts", () => {
  it("retries a failed widget script after 3 seconds", async () => {
    const append = vi.spyOn(document.body, "appendChild");
    loadEmbed("instagram");
    expect(append).toHaveBeenCalledTimes(1);
    injected()[0].dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(RETRY_MS - 10);
    expect(append).toHaveBeenCalledTimes(1);
    expect(RETRY_MS).toBe(3000);
    await vi.advanceTimersByTimeAsync(20);
    // a fresh script element replaced the failed one
    expect(append).toHaveBeenCalledTimes(2);
    expect(injected()).toHaveLength(1);
    const process = vi.fn();
    window.instgrm = { Embeds: { process } };
    injected()[0].dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(0);
    expect(process).toHaveBeenCalled();
  });

  it("never loads on /admin pages", () => {
    history.replaceState(null, "", "/admin/settings");
    loadEmbed("instagram");
    expect(injected()).toHaveLength(0);
  });
});
