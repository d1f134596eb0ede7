import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { AudioTrack } from "@shared/schemas/audio-tracks";
import { createQueryClient } from "@client/lib/query-client";
import AudioPage from "./audio-page";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const base = { artist: "Test Band", coverArtUrl: "", isActive: true, unreleased: false, createdAt: "2025-01-01T00:00:00Z", updatedAt: "2025-01-01T00:00:00Z" };
const tracks: AudioTrack[] = [
  { ...base, id: 1, title: "Porch Light", audioUrl: "uploads/audio/porch.mp3", duration: "184.60", isFeatured: true },
  { ...base, id: 2, title: "Floodplain", audioUrl: "/uploads/audio/flood.mp3", duration: "45.00", isFeatured: false, isActive: false },
];

/** Records which sources play and stop. */
const played: string[] = [];
const paused: string[] = [];
class FakeAudio {
  onended: (() => void) | null = null;
  constructor(public src: string) {}
  play() {
    played.push(this.src);
    return Promise.resolve();
  }
  pause() {
    paused.push(this.src);
  }
}

let calls: { method: string; url: string; body?: unknown }[];
function renderPage(respond: (url: string, method: string) => Response | undefined = () => undefined) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return respond(url, method) ?? (method === "GET" ? json(200, { success: true, data: tracks }) : json(200, { success: true }));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: "/audio" }).hook}>
        <AudioPage />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  played.length = 0;
  paused.length = 0;
  vi.stubGlobal("Audio", FakeAudio);
});
afterEach(() => vi.unstubAllGlobals());

describe("admin audio list", () => {
  it("shows each track with its m:ss duration, and dims inactive ones", async () => {
    renderPage();
    const row = (await screen.findByText("Porch Light")).closest("tr")!;
    expect(within(row).getByText("3:04")).toBeInTheDocument();
    expect(screen.getByText("Floodplain").closest("tr")).toHaveClass("opacity-60");
  });

  it("plays one track at a time; pressing the playing one stops it; a relative path gets a leading slash", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Play Porch Light" }));
    expect(played).toEqual(["/uploads/audio/porch.mp3"]);
    expect(screen.getByRole("button", { name: "Stop Porch Light" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button", { name: "Play Floodplain" }));
    expect(paused).toEqual(["/uploads/audio/porch.mp3"]);
    expect(screen.getByRole("button", { name: "Play Porch Light" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Stop Floodplain" }));
    expect(paused).toEqual(["/uploads/audio/porch.mp3", "/uploads/audio/flood.mp3"]);
    expect(screen.getByRole("button", { name: "Play Floodplain" })).toHaveAttribute("aria-pressed", "false");
  });

  it("star and active toggles send the opposite of the current value", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Featured: Porch Light" }));
    await userEvent.click(screen.getByRole("switch", { name: "Active: Floodplain" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT")).toEqual([
        { method: "PUT", url: "/api/audio-tracks/1/featured", body: { isFeatured: false } },
        { method: "PUT", url: "/api/audio-tracks/2/active", body: { isActive: true } },
      ]),
    );
  });

  it("marks the featured track the site's player starts with: the active one updated last", async () => {
    const featured: AudioTrack[] = [
      { ...base, id: 1, title: "Porch Light", audioUrl: "a.mp3", duration: "10", isFeatured: true, updatedAt: "2025-03-01T00:00:00Z" },
      { ...base, id: 2, title: "Floodplain", audioUrl: "b.mp3", duration: "10", isFeatured: true, updatedAt: "2025-04-01T00:00:00Z" },
      { ...base, id: 3, title: "Van Days", audioUrl: "c.mp3", duration: "10", isFeatured: true, isActive: false, updatedAt: "2025-05-01T00:00:00Z" },
    ];
    renderPage((_url, method) => (method === "GET" ? json(200, { success: true, data: featured }) : undefined));
    const row = (await screen.findByText("Floodplain")).closest("tr")!;
    expect(within(row).getByText("Plays first")).toBeInTheDocument();
    expect(screen.getAllByText("Plays first")).toHaveLength(1);
  });

  it("shows the error state with Retry", async () => {
    renderPage((_url, method) => (method === "GET" ? json(500, { success: false, message: "boom" }) : undefined));
    expect(await screen.findByText("Error loading audio tracks")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("shows 'No Audio Tracks' with 'Add Your First Track' when there are none", async () => {
    renderPage((_url, method) => (method === "GET" ? json(200, { success: true, data: [] }) : undefined));
    expect(await screen.findByText("No Audio Tracks")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Your First Track" })).toHaveAttribute("href", "/audio/add");
  });

  it("asks before deleting, then deletes and says so", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Floodplain" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText("Delete Audio Track")).toBeInTheDocument();
    expect(within(dialog).getByText("Are you sure you want to delete the audio track “Floodplain”? This action cannot be undone.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Audio track deleted")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/audio-tracks/2")).toBe(true);
  });
});
