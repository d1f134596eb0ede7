import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, renderWithApi } from "../test-utils";
import { MusicSection } from "./music-section";

afterEach(() => vi.unstubAllGlobals());
const setting = (key: string, value: string | null) => ({ [`/api/settings/${key}`]: ok({ key, value }) });

describe("MusicSection", () => {
  it("embeds the configured SoundCloud and Spotify players (share links become embed links)", async () => {
    renderWithApi(<MusicSection />, {
      ...setting("soundcloud-url", "https://w.soundcloud.com/player/?url=x"),
      ...setting("spotify-url", "https://open.spotify.com/album/123"),
    });
    expect(await screen.findByTitle("SoundCloud player")).toHaveAttribute("src", "https://w.soundcloud.com/player/?url=x");
    expect(await screen.findByTitle("Spotify player")).toHaveAttribute("src", "https://open.spotify.com/embed/album/123");
    expect(screen.getByTitle("Spotify player")).toHaveAttribute("loading", "lazy");
  });

  it("says an embed is not configured when the setting was cleared", async () => {
    renderWithApi(<MusicSection />, { ...setting("soundcloud-url", ""), ...setting("spotify-url", "") });
    expect(await screen.findByText("No SoundCloud embed URL configured yet. Configure it in the admin settings.")).toBeInTheDocument();
    expect(screen.getByText("No Spotify embed URL configured yet. Configure it in the admin settings.")).toBeInTheDocument();
    expect(screen.queryByTitle("Spotify player")).not.toBeInTheDocument();
  });

  it("never puts a value that is not a web address into an iframe", async () => {
    renderWithApi(<MusicSection />, { ...setting("soundcloud-url", "javascript:alert(1)"), ...setting("spotify-url", "my album") });
    expect(await screen.findByText("No SoundCloud embed URL configured yet. Configure it in the admin settings.")).toBeInTheDocument();
    expect(screen.getByText("No Spotify embed URL configured yet. Configure it in the admin settings.")).toBeInTheDocument();
    expect(document.querySelector("iframe")).toBeNull();
  });
});
