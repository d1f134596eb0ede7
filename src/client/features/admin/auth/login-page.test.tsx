import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@client/lib/query-client";
import LoginPage from "./login-page";
import { safeNextPath } from "./next-path";

afterEach(() => vi.unstubAllGlobals());

function renderLogin() {
  const location = memoryLocation({ path: "/admin/login", record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <LoginPage />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("admin login page", () => {
  it("shows the spec's texts and validates on submit", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json(200, { success: true, data: { key: "band-name", value: null } })));
    renderLogin();
    expect(screen.getByText("Enter your credentials to access the admin panel")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Enter your username")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Enter your password")).toHaveAttribute("type", "password");
    expect(screen.getByText("Secure area for band members only")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Username is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
  });

  it("disables the button with 'Logging in...' while the request runs, then stores the session and goes to /admin", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("/api/admin/login")) {
          await gate;
          return json(200, { success: true, data: { id: 1, username: "admin", isAdmin: true }, token: "t0k", csrfToken: "c" });
        }
        return json(200, { success: true, data: { key: "band-name", value: "Test Band" } });
      }),
    );
    const location = renderLogin();
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "secret-password");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    const pending = await screen.findByRole("button", { name: "Logging in..." });
    expect(pending).toBeDisabled();
    release();
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin"));
    expect(localStorage.getItem("auth_token")).toBe("t0k");
    expect(JSON.parse(localStorage.getItem("admin")!)).toMatchObject({ username: "admin", isAdmin: true });
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
  });

  it("shows 'Login failed' with the server's message on a refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.includes("login") ? json(401, { success: false, message: "Invalid username or password" }) : json(200, { success: true, data: { value: null } }))),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid username or password")).toBeInTheDocument();
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("says 'Could not connect to server' when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("login")) throw new TypeError("Failed to fetch");
        return json(200, { success: true, data: { value: null } });
      }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "pw");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Could not connect to server")).toBeInTheDocument();
  });

  it("treats a success without a user record as an invalid response", async () => {
    vi.stubGlobal("fetch", vi.fn(async (url: string) => (url.includes("login") ? json(200, { success: true, token: "x" }) : json(200, { success: true, data: { value: null } }))));
    renderLogin();
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await userEvent.type(screen.getByLabelText("Password"), "pw");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid server response - missing user data")).toBeInTheDocument();
  });
});

describe("login polish (issue 13)", () => {
  const refuse = () =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.includes("login") ? json(401, { success: false, message: "Invalid username or password" }) : json(200, { success: true, data: { value: null } }))),
    );

  function renderAt(path: string) {
    const location = memoryLocation({ path, record: true });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <LoginPage />
        </Router>
        <Toaster />
      </QueryClientProvider>,
    );
    return location;
  }

  async function submit(password: string) {
    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), password);
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
  }

  it("a wrong password shows one toast, even when tried twice, and no inline copy of it", async () => {
    refuse();
    renderAt("/admin/login");
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await submit("nope");
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    await submit("still-wrong");
    await waitFor(() => expect(screen.getAllByText("Login failed")).toHaveLength(1));
    expect(screen.getAllByText("Invalid username or password")).toHaveLength(1);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("the failure toast replaces the notice that was showing, and stays", async () => {
    refuse();
    renderAt("/admin/login?next=%2Fadmin%2Fshows");
    toast.error("Access Denied", { description: "Please log in to access the admin area" });
    expect(await screen.findByText("Access Denied")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await submit("nope");
    await waitFor(() => expect(screen.queryByText("Access Denied")).not.toBeInTheDocument());
    expect(screen.getByText("Login failed")).toBeInTheDocument();
  });

  it("offers 'Forgot password?'", () => {
    refuse();
    renderAt("/admin/login");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/admin/forgot-password");
  });

  it("after login goes to the page asked for, and never off the admin area", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.includes("/api/admin/login") ? json(200, { success: true, data: { id: 1, username: "admin", isAdmin: true }, token: "t0k", csrfToken: "c" }) : json(200, { success: true, data: { value: null } }),
      ),
    );
    const location = renderAt("/admin/login?next=%2Fadmin%2Fshows%2Fedit%2F3");
    await userEvent.type(screen.getByLabelText("Username"), "admin");
    await submit("secret-password");
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/shows/edit/3"));
  });

  it("accepts only same-site /admin paths as the place to return to", () => {
    expect(safeNextPath("/admin/shows")).toBe("/admin/shows");
    expect(safeNextPath("/admin/subscribers?page=2")).toBe("/admin/subscribers?page=2");
    for (const bad of ["//evil.example", "https://evil.example/admin", "/\\evil.example", "/administrator", "/admin/../etc", "/admin/login", "javascript:alert(1)", "", null]) {
      expect(safeNextPath(bad), String(bad)).toBe("/admin");
    }
  });
});
