import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_KEY, AUTH_TOKEN_KEY } from "@client/lib/auth-storage";
import { PlayerProvider } from "../player/player-context";
import { fail, ok, renderWithApi, type FakeAnswer } from "../test-utils";
import { EMBED_LOAD_TIMEOUT_MS } from "./embed-frame";
import { MusicSection, NO_MUSIC_YET, missingEmbedText } from "./music-section";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});
const setting = (key: string, value: string | null) => ({ [`/api/settings/${key}`]: ok({ key, value }) });
const track = (id: number, title: string) => ({ id, title, artist: "Tar River Static", audioUrl: `/uploads/${id}.mp3`, coverArtUrl: null, duration: "125.00", isFeatured: true, isActive: true, createdAt: "", updatedAt: "" });
const featured = (tracks: unknown[]) => ({ "/api/audio-tracks?featured=true": ok(tracks) });
const renderMusic = (answers: Record<string, FakeAnswer>) => renderWithApi(<PlayerProvider><MusicSection /></PlayerProvider>, answers);
const signInAsAdmin = () => {
  localStorage.setItem(ADMIN_KEY, JSON.stringify({ id: 1, username: "admin" }));
  localStorage.setItem(AUTH_TOKEN_KEY, "token");
};
const anyAdminText = () => screen.queryByText(/admin settings|Configure it/i);

describe("MusicSection", () => {
  it("embeds the configured SoundCloud and Spotify players (share links become embed links)", async () => {
    renderMusic({ ...setting("soundcloud-url", "https://soundcloud.com/band/song"), ...setting("spotify-url", "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy"), ...featured([]) });
    expect(await screen.findByTitle("SoundCloud player")).toHaveAttribute("src", expect.stringMatching(/^https:\/\/w\.soundcloud\.com\/player\/\?url=https%3A%2F%2Fsoundcloud\.com%2Fband%2Fsong&/));
    expect(screen.getByTitle("Spotify player")).toHaveAttribute("src", "https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy");
    expect(screen.getByTitle("Spotify player")).toHaveAttribute("loading", "lazy");
  });

  it("fans never see admin instructions: with no player set they get the band's featured tracks", async () => {
    const { calls } = renderMusic({ ...setting("soundcloud-url", null), ...setting("spotify-url", ""), ...featured([track(1, "Porch Light"), track(2, "Floodplain")]) });
    expect(await screen.findByRole("button", { name: "Play Porch Light" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play Floodplain" })).toBeInTheDocument();
    expect(anyAdminText()).toBeNull();
    expect(document.querySelector("iframe")).toBeNull();
    // a fan's browser does not even ask whether an admin is signed in
    expect(calls).not.toContain("/api/admin/me");
  });

  it("fans with one player set see that player only, and no word about the other", async () => {
    renderMusic({ ...setting("soundcloud-url", ""), ...setting("spotify-url", "https://open.spotify.com/embed/track/11dFghVXANMlKmJXsNCbNl"), ...featured([track(1, "Porch Light")]) });
    expect(await screen.findByTitle("Spotify player")).toBeInTheDocument();
    expect(screen.queryByTitle("SoundCloud player")).toBeNull();
    expect(anyAdminText()).toBeNull();
  });

  it("with neither players nor featured tracks fans get a short line, not instructions", async () => {
    renderMusic({ ...setting("soundcloud-url", ""), ...setting("spotify-url", ""), ...featured([]) });
    expect(await screen.findByText(NO_MUSIC_YET)).toBeInTheDocument();
    expect(anyAdminText()).toBeNull();
  });

  it("a signed-in admin sees the spec's text for each missing player, with a link to the settings", async () => {
    signInAsAdmin();
    renderMusic({ ...setting("soundcloud-url", ""), ...setting("spotify-url", "my album"), ...featured([]), "/api/admin/me": ok({ id: 1, username: "admin" }) });
    expect(await screen.findByText(missingEmbedText("SoundCloud"))).toBeInTheDocument();
    expect(screen.getByText(missingEmbedText("Spotify"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the settings" })).toHaveAttribute("href", "/admin/settings");
    // a value that is not a platform link never reaches an iframe
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("a stale admin record whose session ended shows nothing for admins", async () => {
    signInAsAdmin();
    renderMusic({ ...setting("soundcloud-url", ""), ...setting("spotify-url", ""), ...featured([track(1, "Porch Light")]), "/api/admin/me": fail(401, "Unauthorized") });
    expect(await screen.findByRole("button", { name: "Play Porch Light" })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(anyAdminText()).toBeNull();
  });

  it("a player that has not loaded after 10 s offers the track on the platform", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMusic({ ...setting("soundcloud-url", "https://soundcloud.com/band/song"), ...setting("spotify-url", ""), ...featured([]) });
    await screen.findByTitle("SoundCloud player");
    act(() => vi.advanceTimersByTime(EMBED_LOAD_TIMEOUT_MS - 100));
    expect(screen.queryByRole("link", { name: /Open on SoundCloud/ })).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText("The SoundCloud player is taking too long to load.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open on SoundCloud/ })).toHaveAttribute("href", "https://soundcloud.com/band/song");
  });

  it("a player that loads in time shows no fallback", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMusic({ ...setting("soundcloud-url", ""), ...setting("spotify-url", "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy"), ...featured([]) });
    const frame = await screen.findByTitle("Spotify player");
    act(() => frame.dispatchEvent(new Event("load")));
    act(() => vi.advanceTimersByTime(EMBED_LOAD_TIMEOUT_MS + 1000));
    expect(screen.queryByRole("link", { name: /Open on Spotify/ })).toBeNull();
  });
});
