import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { fail, ok, pending, renderWithApi } from "../test-utils";
import LyricDetailPage from "./lyric-detail-page";
import LyricsPage from "./lyrics-page";
import { LyricsSection } from "./lyrics-section";

afterEach(() => vi.unstubAllGlobals());
const lyric = (id: number, title: string, sortOrder: number, extra = {}) => ({
  id, title, songName: title, lyricsText: `${title} line one\n${title} line two`, albumName: "LP", releaseYear: "2024", isPublished: true, sortOrder, createdAt: "", updatedAt: "", ...extra,
});

describe("lyrics", () => {
  it("/lyrics lists every lyric by sortOrder with a View Lyrics button each", async () => {
    renderWithApi(<LyricsPage />, { "/api/lyrics": ok([lyric(1, "Later", 5), lyric(2, "First", 0), lyric(3, "Middle", 2)]) }, { path: "/lyrics" });
    const buttons = await screen.findAllByRole("link", { name: /View Lyrics/ });
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["View Lyrics: First", "View Lyrics: Middle", "View Lyrics: Later"]);
    expect(buttons[0]).toHaveAttribute("href", "/lyrics/2");
    expect(buttons[0]).toHaveTextContent("View Lyrics");
  });

  it("shows 'No Lyrics Available' and the error text", async () => {
    const a = renderWithApi(<LyricsPage />, { "/api/lyrics": ok([]) });
    expect(await screen.findByText("No Lyrics Available")).toBeInTheDocument();
    a.unmount();
    const b = renderWithApi(<LyricsSection />, { "/api/lyrics": fail() });
    expect(await screen.findByText("Failed to load lyrics. Please try again later.")).toBeInTheDocument();
    b.unmount();
    renderWithApi(<LyricsSection />, { "/api/lyrics": pending });
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
  });

  it("/lyrics/{id} shows title, song, album, year and the text with its line breaks", async () => {
    renderWithApi(<Route path="/lyrics/:id" component={LyricDetailPage} />, { "/api/lyrics/7": ok(lyric(7, "Floodplain", 0, { songName: "Floodplain (Single)" })) }, { path: "/lyrics/7" });
    expect(await screen.findByRole("heading", { level: 1, name: "Floodplain" })).toBeInTheDocument();
    expect(screen.getByText("Floodplain (Single)")).toBeInTheDocument();
    expect(screen.getByText("LP")).toBeInTheDocument();
    expect(screen.getByText("2024")).toBeInTheDocument();
    const text = screen.getByTestId("lyrics-text");
    expect(text.textContent).toBe("Floodplain line one\nFloodplain line two");
    // each line its own block with a hanging indent, so wrapping never looks like a new line (issue 13)
    expect([...text.children].map((line) => line.className)).toEqual(["lyric-line", "lyric-line"]);
  });

  it("an unknown lyric shows 'Lyrics Not Found' with a back button", async () => {
    renderWithApi(<Route path="/lyrics/:id" component={LyricDetailPage} />, { "/api/lyrics/99": fail(404, "Lyrics not found") }, { path: "/lyrics/99" });
    expect(await screen.findByRole("heading", { name: "Lyrics Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to Lyrics/ })).toHaveAttribute("href", "/lyrics");
  });

  it("from the list, /lyrics/{id} draws the cached song at once: no loading state, no request", async () => {
    const { calls, queryClient, location } = renderWithApi(
      <>
        <Route path="/lyrics" component={LyricsPage} />
        <Route path="/lyrics/:id" component={LyricDetailPage} />
      </>,
      { "/api/lyrics": ok([lyric(2, "Porch Light", 0)]) },
      { path: "/lyrics" },
    );
    (await screen.findByRole("link", { name: "View Lyrics: Porch Light" })).click();
    expect(await screen.findByRole("heading", { level: 1, name: "Porch Light" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
    expect(location.history.at(-1)).toBe("/lyrics/2");
    expect(calls).not.toContain("/api/lyrics/2");
    expect(queryClient.getQueryData(["/api/lyrics/2"])).toMatchObject({ id: 2, title: "Porch Light" });
  });
});
