import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { InitialPage } from "@shared/page-render";
import { renderWithApi } from "./test-utils";
import { INITIAL_DATA_ID, readInitialPage, seedQueryCache } from "./initial-data";
import { LyricsSection } from "./lyrics/lyrics-section";

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(INITIAL_DATA_ID)?.remove();
});

function Seeded({ page }: { page: InitialPage | null }) {
  const qc = useQueryClient();
  useState(() => seedQueryCache(qc, page));
  return <LyricsSection />;
}

function inline(text: string) {
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = INITIAL_DATA_ID;
  script.textContent = text;
  document.body.appendChild(script);
}

describe("inlined initial data", () => {
  it("keeps the instant the page was drawn as of, so the first render reads on-sale and release times as the server did", () => {
    inline(JSON.stringify({ path: "/releases/x", today: "2026-03-04", asOf: "2026-03-04T05:00:00.000Z", queries: {} }));
    expect(readInitialPage()).toMatchObject({ asOf: "2026-03-04T05:00:00.000Z" });
    document.getElementById(INITIAL_DATA_ID)?.remove();
    inline(JSON.stringify({ path: "/", today: "2026-03-04", queries: {} }));
    expect(readInitialPage()).not.toHaveProperty("asOf");
    document.getElementById(INITIAL_DATA_ID)?.remove();
  });

  it("renders the first paint from the server's inlined answers without calling the API", () => {
    inline(
      JSON.stringify({
        path: "/",
        today: "2026-03-04",
        queries: { "/api/lyrics": [{ id: 1, title: "Inlined Song", songName: "Inlined Song", lyricsText: "a\nb", albumName: null, releaseYear: null, isPublished: true, sortOrder: 0 }] },
      }),
    );
    const page = readInitialPage();
    expect(page).toMatchObject({ path: "/", today: "2026-03-04" });
    const { calls } = renderWithApi(<Seeded page={page} />, {});
    // synchronously there, no loading state and no request
    expect(screen.getByRole("heading", { name: "Inlined Song" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("a missing or broken blob is no page: the sections fetch what they need", () => {
    expect(readInitialPage()).toBeNull();
    inline("{not json");
    expect(readInitialPage()).toBeNull();
  });
});
