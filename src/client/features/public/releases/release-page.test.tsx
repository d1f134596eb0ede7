import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { NOTIFY_SUCCESS, releasesApi, type Release } from "@shared/api/releases";
import { PageAsOfContext } from "@client/lib/page-day";
import { createQueryClient } from "@client/lib/query-client";
import { fakeApi, json } from "@client/test/render-admin-page";
import ReleasePage from "./release-page";

afterEach(() => vi.unstubAllGlobals());

const release = (extra: Partial<Release> = {}): Release => ({
  id: 7,
  slug: "static-season",
  title: "Static Season",
  type: "ep",
  releaseAt: "2031-03-07T05:00:00.000Z",
  description: "Five songs.",
  coverImage: "",
  cover: null,
  links: [],
  tracks: [
    { id: 1, position: 1, title: "Floodplain", artist: "The Band", duration: "201", audioUrl: null, coverArtUrl: "", lyricsId: 4 },
    { id: 2, position: 2, title: "Porch Light", artist: "The Band", duration: "185", audioUrl: null, coverArtUrl: "", lyricsId: null },
  ],
  hasDownload: false,
  ...extra,
});
const OUT_LINKS = [
  { service: "spotify" as const, url: "https://open.spotify.com/album/abc" },
  { service: "bandcamp" as const, url: "https://band.bandcamp.com/album/x" },
];
const zone = { "GET /api/settings/timezone": () => json(200, { success: true, data: { key: "timezone", value: "America/New_York" } }) };

function Page({ data, asOf = null, ssr = false }: { data: Release; asOf?: number | null; ssr?: boolean }) {
  const client = createQueryClient();
  client.setQueryData([releasesApi.item(data.slug)], data);
  const path = `/releases/${data.slug}`;
  const location = memoryLocation({ path });
  const tree: ReactNode = (
    <QueryClientProvider client={client}>
      <Router {...(ssr ? { ssrPath: path } : { hook: location.hook })}>
        <PageAsOfContext value={asOf}>
          <ReleasePage params={{ slug: data.slug }} />
        </PageAsOfContext>
      </Router>
    </QueryClientProvider>
  );
  return tree;
}

describe("a release's page (issue 25)", () => {
  it("before releaseAt: the countdown with the day in the band's zone, the tracklist with lyrics links, 'E-mail me', no service link", async () => {
    fakeApi(zone);
    render(<Page data={release()} />);
    const countdown = screen.getByTestId("countdown");
    await waitFor(() => expect(countdown).toHaveTextContent("Friday, Mar 7, 2031, 12:00 AM EST"));
    expect(screen.queryByRole("navigation", { name: /listen to/i })).toBeNull();
    expect(screen.getByRole("link", { name: "Lyrics of Floodplain" })).toHaveAttribute("href", "/lyrics/4");
    expect(screen.queryByRole("link", { name: "Lyrics of Porch Light" })).toBeNull();
    expect(screen.getByRole("heading", { name: "E-mail me when it is out" })).toBeInTheDocument();
    // no play button before it is out
    expect(screen.queryByRole("button", { name: /^Play/ })).toBeNull();
  });

  it("'E-mail me' sends the address and shows the one answer", async () => {
    const api = fakeApi({ ...zone, [`POST ${releasesApi.notify(7)}`]: () => json(200, { success: true, message: NOTIFY_SUCCESS }) });
    render(<Page data={release()} />);
    const form = screen.getByRole("form", { name: "E-mail me when Static Season is out" });
    await userEvent.type(within(form).getByRole("textbox", { name: /email/i }), "Fan@Example.com");
    await userEvent.click(within(form).getByRole("button", { name: "Tell me" }));
    await screen.findByText(NOTIFY_SUCCESS);
    expect(api.writes()).toEqual([expect.objectContaining({ url: releasesApi.notify(7), body: expect.objectContaining({ email: "Fan@Example.com", subscribe: false }) })]);
  });

  it("drawn on the server as of the page's instant: still counting down when that instant is before releaseAt, whatever the clock", () => {
    const past = release({ releaseAt: new Date(Date.now() - 60_000).toISOString() });
    const html = renderToString(<Page data={past} asOf={Date.now() - 120_000} ssr />);
    expect(html).toContain('data-testid="countdown"');
    expect(html).not.toContain("/go/release/");
  });

  it("left open, the page switches to one button per service at releaseAt, fetching the release again", async () => {
    const at = new Date(Date.now() + 400).toISOString();
    fakeApi({ ...zone, [`GET ${releasesApi.item("static-season")}`]: () => json(200, { success: true, data: release({ releaseAt: at, links: OUT_LINKS }) }) });
    render(<Page data={release({ releaseAt: at })} />);
    expect(screen.getByTestId("countdown")).toBeInTheDocument();
    const listen = await screen.findByRole("navigation", { name: "Listen to Static Season" }, { timeout: 5000 });
    expect(within(listen).getByRole("link", { name: /Spotify/ })).toHaveAttribute("href", "/go/release/7/spotify");
    expect(within(listen).getByRole("link", { name: /Bandcamp/ })).toHaveAttribute("href", "/go/release/7/bandcamp");
    expect(screen.queryByTestId("countdown")).toBeNull();
  });
});
