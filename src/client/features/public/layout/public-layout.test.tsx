import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { renderWithApi } from "../test-utils";
import { PublicLayout } from "./public-layout";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("public layout", () => {
  it("draws no footer while a lazy page loads, so the page never pushes it down (layout shift)", async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((r) => (arrive = r));
    const Page = lazy(async () => {
      await arrived;
      return { default: () => <main>The page</main> };
    });
    renderWithApi(
      <PublicLayout loading={<p role="status">Loading…</p>}>
        <Page />
      </PublicLayout>,
      {},
    );
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText("The page")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(document.getElementById("content")).toContainElement(screen.getByText("The page"));
  });
});

describe("toasts on public pages", () => {
  it("load on demand: no Toaster until a form asks for one, then its toast shows", async () => {
    // a failure: a success is said by the form's thanks panel alone (issue 13)
    const { writes } = fakeApi({ "POST /api/subscribe": () => json(500, { success: false, message: "Internal server error" }) });
    const user = userEvent.setup();
    // "a toast was asked for" is kept in the toasts module, which a file before this one in the
    // worker may have set (the client project shares modules within a worker): fresh copies of
    // the module and of the form that calls it
    vi.resetModules();
    const { SiteToaster } = await import("../ui/toasts");
    const { SubscribeForm } = await import("../contact/subscribe-form");
    render(
      <>
        <SubscribeForm />
        <SiteToaster onDemand />
      </>,
    );
    expect(document.querySelector("[data-sonner-toaster]")).toBeNull();
    await user.type(screen.getByLabelText("Email"), "fan@example.com");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(document.querySelector("[data-sonner-toaster]")).not.toBeNull());
    expect(writes()).toHaveLength(1);
    await waitFor(() => expect(document.querySelectorAll("[data-sonner-toast]").length).toBe(1));
  });
});
