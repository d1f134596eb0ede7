import { afterEach, describe, expect, it, vi } from "vitest";
import { startBeacon } from "./beacon";

describe("the stats beacon", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
  });

  it("sends one beacon per page view (the first after load, then each navigation) and stores nothing", async () => {
    const sent: { url: string; body: unknown }[] = [];
    Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: (url: string, body: string) => sent.push({ url, body: JSON.parse(body) }) > 0 });
    window.history.replaceState(null, "", "/shows?utm_source=ig");
    const cookies = document.cookie;
    startBeacon();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: "/api/events", body: { type: "pageview", path: "/shows?utm_source=ig", referrer: document.referrer } });
    window.history.pushState(null, "", "/merch");
    dispatchEvent(new Event("pushState"));
    dispatchEvent(new Event("replaceState")); // the same page: not a second view
    window.history.pushState(null, "", "/admin/shows");
    dispatchEvent(new Event("pushState"));
    expect(sent.map((s) => (s.body as { path: string }).path)).toEqual(["/shows?utm_source=ig", "/merch"]);
    expect(sent[1].body).toMatchObject({ referrer: `${location.origin}/` });
    expect(document.cookie).toBe(cookies);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});
