import { act, screen } from "@testing-library/react";
import { lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
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
