import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, CSRF_MESSAGE, setCsrfToken, TIMEOUT_MESSAGE } from "./api-client";
import { getQueryFn } from "./query-client";

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: unknown, contentType = "application/json") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(text, { status, headers: { "content-type": contentType } });
  });
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  setCsrfToken(null);
});
afterEach(() => vi.unstubAllGlobals());

const headersOf = (c: Call) => (c.init.headers ?? {}) as Record<string, string>;

describe("apiRequest", () => {
  it("sends GET without a body or JSON content type, with cookies, and the stored bearer token", async () => {
    localStorage.setItem("auth_token", "tok123");
    vi.stubGlobal("fetch", answer(200, { success: true, data: [1, 2] }));
    const res = await apiRequest("GET", "/api/shows");
    expect(res).toMatchObject({ success: true, data: [1, 2], status: 200 });
    expect(calls[0].init.body).toBeUndefined();
    expect(calls[0].init.credentials).toBe("include");
    expect(headersOf(calls[0])["Content-Type"]).toBeUndefined();
    expect(headersOf(calls[0]).Authorization).toBe("Bearer tok123");
  });

  it("sends JSON on writes and adds the CSRF header once a token has been received", async () => {
    vi.stubGlobal("fetch", answer(200, { success: true, csrfToken: "csrf-1" }));
    await apiRequest("POST", "/api/admin/login", { username: "a", password: "b" });
    expect(headersOf(calls[0])["X-CSRF-Token"]).toBeUndefined();
    expect(headersOf(calls[0])["Content-Type"]).toBe("application/json");
    expect(calls[0].init.body).toBe(JSON.stringify({ username: "a", password: "b" }));
    await apiRequest("PUT", "/api/settings/band-name", { value: "x" });
    expect(headersOf(calls[1])["X-CSRF-Token"]).toBe("csrf-1");
  });

  it("throws '<status>: <message>' for an error answer and keeps the field errors", async () => {
    vi.stubGlobal("fetch", answer(400, { success: false, message: "venue: Venue is required", errors: { venue: "Venue is required" } }));
    const err = await apiRequest("POST", "/api/shows", {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("400: venue: Venue is required");
    expect(err.body.errors.venue).toBe("Venue is required");
  });

  it("uses the response text when the error is not JSON", async () => {
    vi.stubGlobal("fetch", answer(502, "Bad gateway from proxy", "text/plain"));
    await expect(apiRequest("GET", "/api/shows")).rejects.toThrow("502: Bad gateway from proxy");
  });

  it("turns a CSRF 403 into the security validation message", async () => {
    vi.stubGlobal("fetch", answer(403, { success: false, message: "Invalid or missing CSRF token" }));
    await expect(apiRequest("DELETE", "/api/shows/1")).rejects.toThrow(CSRF_MESSAGE);
  });

  it("aborts after the timeout with the spec's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))),
    );
    await expect(apiRequest("GET", "/api/slow", undefined, { timeoutMs: 30 })).rejects.toThrow(TIMEOUT_MESSAGE);
  });

  it("reports an unparseable JSON body", async () => {
    vi.stubGlobal("fetch", answer(200, "{not json"));
    await expect(apiRequest("GET", "/api/shows")).rejects.toThrow(/^Failed to parse JSON response/);
  });

  it("returns success with null data for a non-JSON OK answer", async () => {
    vi.stubGlobal("fetch", answer(200, "ok", "text/plain"));
    expect(await apiRequest("GET", "/healthz")).toMatchObject({ success: true, data: null, status: 200 });
  });
});

describe("query functions", () => {
  const run = (fn: ReturnType<typeof getQueryFn>, key: string) => fn({ queryKey: [key], signal: new AbortController().signal } as never);

  it("GET the first key element and return its data field", async () => {
    vi.stubGlobal("fetch", answer(200, { success: true, data: { value: "x" } }));
    expect(await run(getQueryFn({ on401: "throw" }), "/api/settings/band-name")).toEqual({ value: "x" });
    expect(calls[0].url).toBe("/api/settings/band-name");
  });

  it("return null on 401 when asked to, and throw otherwise", async () => {
    vi.stubGlobal("fetch", answer(401, { success: false, message: "Authentication required" }));
    expect(await run(getQueryFn({ on401: "returnNull" }), "/api/settings/x")).toBeNull();
    await expect(run(getQueryFn({ on401: "throw" }), "/api/settings/x")).rejects.toThrow("401: Authentication required");
  });
});
