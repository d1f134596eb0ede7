import { showsApi } from "@shared/api/shows";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlayerProvider } from "../player/player-context";
import { ok, renderWithApi, type FakeAnswer } from "../test-utils";
import HomePage from "./home-page";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

describe("HomePage", () => {
  it("arriving at /#about from another page scrolls there again once the lists above it have loaded, and focuses it", async () => {
    history.replaceState(null, "", "/#about");
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    let answerMembers!: (r: Response) => void;
    const members = new Promise<Response>((resolve) => (answerMembers = resolve));
    renderWithApi(
      <PlayerProvider>
        <HomePage />
      </PlayerProvider>,
      { "/api/band-members": (() => members) as unknown as FakeAnswer, [showsApi.home]: ok([]), "/api/videos/active": ok([]), "/api/lyrics": ok([]) },
    );
    await screen.findByRole("heading", { name: "About the Band" });
    await waitFor(() => expect(scrolled).toContain("about"));
    // the band list is still on its way: the section will still grow, so no final landing yet
    expect(document.getElementById("about")).not.toHaveFocus();
    const before = scrolled.length;

    answerMembers(new Response(JSON.stringify(ok([]).body), { headers: { "content-type": "application/json" } }));
    await screen.findByText("No band members to display at this time.");
    await waitFor(() => expect(document.getElementById("about")).toHaveFocus());
    expect(scrolled.length).toBeGreaterThan(before);
    expect(scrolled.at(-1)).toBe("about");
  });
});
