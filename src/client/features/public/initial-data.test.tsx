import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { renderWithApi } from "./test-utils";
import { hydrateInitialData, INITIAL_DATA_ID, resetInitialDataForTests } from "./initial-data";
import { LyricsSection } from "./lyrics/lyrics-section";

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(INITIAL_DATA_ID)?.remove();
  resetInitialDataForTests();
});

function Hydrated() {
  const qc = useQueryClient();
  useState(() => hydrateInitialData(qc));
  return <LyricsSection />;
}

describe("inlined initial data", () => {
  it("renders the first paint from the server's inlined answers without calling the API", () => {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = INITIAL_DATA_ID;
    script.textContent = JSON.stringify({
      path: "/",
      queries: { "/api/lyrics": [{ id: 1, title: "Inlined Song", songName: "Inlined Song", lyricsText: "a\nb", albumName: null, releaseYear: null, isPublished: true, sortOrder: 0 }] },
    });
    document.body.appendChild(script);
    const { calls } = renderWithApi(<Hydrated />, {});
    // synchronously there, no loading state and no request
    expect(screen.getByRole("heading", { name: "Inlined Song" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
