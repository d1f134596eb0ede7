import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { Toaster } from "sonner";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export interface Call {
  method: string;
  url: string;
  body: any;
}

/**
 * A fake API for admin page tests: `routes["GET /api/shows"] = () => json(200, {...})`.
 * Every request is recorded in `calls` (JSON bodies parsed); unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, (body: any, url: string) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url}`];
    return handler ? handler(body, url) : json(404, { success: false, message: "Not found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, writes: () => calls.filter((c) => c.method !== "GET") };
}

/** Renders an admin page inside the router nested at /admin (paths relative), with queries and toasts. */
export function renderAdminPage(ui: ReactElement, path = "/") {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster visibleToasts={5} />
    </QueryClientProvider>,
  );
  return { ...utils, location, queryClient };
}
