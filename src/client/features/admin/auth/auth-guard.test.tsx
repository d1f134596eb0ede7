import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";
import { AuthGuard } from "./auth-guard";

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderGuard() {
  // The guard lives inside the router nested at /admin, so its own paths are relative.
  const location = memoryLocation({ path: "/shows", record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <AuthGuard>
          <p>secret admin page</p>
        </AuthGuard>
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location;
}

const signIn = () => {
  localStorage.setItem("auth_token", "tok");
  localStorage.setItem("admin", JSON.stringify({ id: 1, username: "admin", isAdmin: true }));
};

describe("admin auth guard", () => {
  it("without stored credentials: 'Access Denied' and a redirect to the login page", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const location = renderGuard();
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    expect(screen.getByText("Please log in to access the admin area")).toBeInTheDocument();
    // back to the page asked for once signed in (issue 13)
    expect(location.history.at(-1)).toBe("/admin/login?next=%2Fadmin%2Fshows");
    expect(screen.queryByText("secret admin page")).not.toBeInTheDocument();
  });

  it("with unreadable stored data: 'Session Error'", async () => {
    localStorage.setItem("auth_token", "tok");
    localStorage.setItem("admin", "{broken");
    vi.stubGlobal("fetch", vi.fn());
    renderGuard();
    expect(await screen.findByText("Session Error")).toBeInTheDocument();
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("when the server refuses and the refresh fails: 'Session Expired' and storage cleared", async () => {
    signIn();
    vi.stubGlobal("fetch", vi.fn(async () => json(401, { success: false, message: "Authentication required" })));
    renderGuard();
    expect(await screen.findByText("Session Expired")).toBeInTheDocument();
    expect(localStorage.getItem("admin")).toBeNull();
  });

  it("when the server refuses but a refresh works: stores the new token and shows the page", async () => {
    signIn();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.includes("/me") ? json(401, { success: false }) : json(200, { success: true, token: "fresh", csrfToken: "c" }))),
    );
    renderGuard();
    expect(await screen.findByText("secret admin page")).toBeInTheDocument();
    expect(localStorage.getItem("auth_token")).toBe("fresh");
  });

  it("with a live session: shows the page", async () => {
    signIn();
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { success: true, user: { id: 1 } })));
    renderGuard();
    await waitFor(() => expect(screen.getByText("secret admin page")).toBeInTheDocument());
  });
});

describe("admin auth guard on a network failure", () => {
  it("does not refresh (and so never rotates the token away) when the check could not reach the server", async () => {
    signIn();
    const fetchMock = vi.fn(async (_url: string) => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    renderGuard();
    expect(await screen.findByText("secret admin page")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("refresh-token"))).toBe(false);
    expect(localStorage.getItem("auth_token")).toBe("tok");
  });
});
