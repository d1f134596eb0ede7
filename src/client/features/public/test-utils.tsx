import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";

export type FakeAnswer = { status?: number; body: unknown } | (() => Promise<never>);

/**
 * Renders with the app's real query client and request layer over a fake fetch: each GET URL
 * answers with the given status and JSON body (unknown URLs: 404), so the sections go through
 * the same request/error path as in the browser.
 */
export function renderWithApi(ui: ReactNode, answers: Record<string, FakeAnswer>, { path = "/" } = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const answer = answers[url];
    if (typeof answer === "function") return answer();
    const { status = 200, body } = answer ?? { status: 404, body: { success: false, message: "Not found" } };
    return new Response(JSON.stringify(body), { status, statusText: status === 200 ? "OK" : "Error", headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
    </QueryClientProvider>,
  );
  return { ...utils, calls, queryClient, location };
}

export const ok = (data: unknown) => ({ body: { success: true, data } });
export const fail = (status = 500, message = "Internal server error") => ({ status, body: { success: false, message } });
/** never answers: the loading state */
export const pending = () => new Promise<never>(() => {});
