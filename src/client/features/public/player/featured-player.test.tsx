import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { ok, renderWithApi } from "../test-utils";
import { FeaturedPlayer } from "./featured-player";
import { PlayerProvider } from "./player-context";

const track = (id: number, title: string) => ({
  id, title, artist: "Tar River Static", audioUrl: `uploads/${id}.mp3`, coverArtUrl: `/uploads/${id}.jpg`, duration: "125.00", isFeatured: true, isActive: true, createdAt: "", updatedAt: "",
});
const setPaused = (el: HTMLMediaElement, paused: boolean) => Object.defineProperty(el, "paused", { value: paused, configurable: true });
let metadata: unknown[] = [];

beforeEach(() => {
  // jsdom has no media playback: play/pause only flip the state and fire the events a browser would.
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, false);
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, true);
    this.dispatchEvent(new Event("pause"));
  });
  metadata = [];
  vi.stubGlobal("MediaMetadata", class { constructor(init: unknown) { metadata.push(init); } });
  Object.defineProperty(navigator, "mediaSession", { configurable: true, value: { setActionHandler: vi.fn(), setPositionState: vi.fn(), metadata: null, playbackState: "none" } });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPlayer = (tracks = [track(1, "Floodplain"), track(2, "Porch Light")]) =>
  renderWithApi(<PlayerProvider><FeaturedPlayer /></PlayerProvider>, { "/api/audio-tracks?featured=true": ok(tracks) });

describe("FeaturedPlayer", () => {
  it("plays and pauses, skips and goes back 10 s, with volume 75 by default", async () => {
    const user = userEvent.setup();
    const { container } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play" }));
    const audio = container.querySelector("audio")!;
    expect(audio.getAttribute("src")).toBe("/uploads/1.mp3"); // relative path gets a leading slash
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(screen.getByRole("slider", { name: "Volume" })).toHaveValue("75");
    expect(audio.volume).toBeCloseTo(0.75);

    await user.click(screen.getByRole("button", { name: "Skip forward 10 seconds" }));
    await user.click(screen.getByRole("button", { name: "Skip forward 10 seconds" }));
    expect(audio.currentTime).toBe(20);
    await user.click(screen.getByRole("button", { name: "Back 10 seconds" }));
    expect(audio.currentTime).toBe(10);
    fireEvent.timeUpdate(audio);
    expect(container.querySelector('[data-player-time="current"]')).toHaveTextContent("0:10");
    expect(container.querySelector('[data-player-time="duration"]')).toHaveTextContent("2:05");

    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });

  it("resets to the start when the track ends", async () => {
    const user = userEvent.setup();
    const { container } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play" }));
    const audio = container.querySelector("audio")!;
    audio.currentTime = 120;
    fireEvent.timeUpdate(audio);
    setPaused(audio, true);
    fireEvent.ended(audio);
    expect(audio.currentTime).toBe(0);
    expect(container.querySelector('[data-player-time="current"]')).toHaveTextContent("0:00");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
  });

  it("is usable from the keyboard: Space plays, arrows on the seek bar move 5 s, volume reads as a percentage", async () => {
    const user = userEvent.setup();
    const { container } = renderPlayer();
    const play = await screen.findByRole("button", { name: "Play" });
    play.focus();
    await user.keyboard(" ");
    expect(screen.getByRole("button", { name: "Pause" })).toHaveFocus();
    const audio = container.querySelector("audio")!;
    const seek = screen.getByRole("slider", { name: "Seek" });
    seek.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(audio.currentTime).toBe(10);
    await user.keyboard("{ArrowLeft}");
    expect(audio.currentTime).toBe(5);
    expect(seek).toHaveAttribute("aria-valuetext", "0:05 of 2:05");
    expect(screen.getByRole("slider", { name: "Volume" })).toHaveAttribute("aria-valuetext", "75%");
  });

  it("names each featured track by its title and length", async () => {
    renderPlayer();
    // (browsers put spaces around the flex items and the sr-only comma; jsdom does not lay out)
    expect(await screen.findByRole("button", { name: /^Porch Light ?, ?2:05$/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Floodplain ?, ?2:05$/ })).toHaveAttribute("aria-current", "true");
  });

  it("says so when the track's file cannot be loaded, and clears that on another track", async () => {
    const user = userEvent.setup();
    const { container } = renderPlayer();
    await user.click(await screen.findByRole("button", { name: "Play" }));
    fireEvent.error(container.querySelector("audio")!);
    expect(screen.getByRole("alert")).toHaveTextContent("This track could not be loaded.");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Porch Light/ }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sets lock-screen metadata and media key handlers", async () => {
    renderPlayer();
    await screen.findByRole("button", { name: "Play" });
    expect(metadata.at(-1)).toMatchObject({ title: "Floodplain", artist: "Tar River Static" });
    const actions = vi.mocked(navigator.mediaSession.setActionHandler).mock.calls.map((c) => c[0]);
    expect(actions).toEqual(expect.arrayContaining(["play", "pause", "seekbackward", "seekforward", "seekto"]));
  });

  it("switches tracks from the list and falls back to the default cover when art fails", async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(await screen.findByRole("button", { name: /Porch Light/ }));
    expect(screen.getByRole("heading", { name: "Porch Light" })).toBeInTheDocument();
    const art = screen.getByRole("img", { name: "Cover art for Porch Light" });
    fireEvent.error(art);
    expect(art).toHaveAttribute("src", DEFAULT_COVER_ART);
  });
});
