import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { releasesApi, type AdminRelease } from "@shared/api/releases";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { ReleaseForm } from "./release-form";

afterEach(() => vi.unstubAllGlobals());

const saved: AdminRelease = {
  id: 3,
  slug: "static-season",
  title: "Static Season",
  type: "ep",
  releaseAt: "2031-03-07T05:00:00.000Z",
  description: "",
  coverImage: "https://cdn.example.com/cover.jpg",
  links: [{ service: "spotify", url: "https://open.spotify.com/album/abc" }],
  trackIds: [2, 1],
  published: true,
  downloadTrackId: 1,
  downloadFile: null,
  notifyConfirmed: 0,
  notified: 0,
  downloadFans: 0,
  downloads: 0,
  joinedList: 0,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
};
const tracks = [
  { id: 1, title: "Floodplain", artist: "The Band", audioUrl: "/uploads/a.mp3", coverArtUrl: "", duration: "201", isFeatured: false, isActive: true, createdAt: "", updatedAt: "" },
  { id: 2, title: "Porch Light", artist: "The Band", audioUrl: "/uploads/b.mp3", coverArtUrl: "", duration: "185", isFeatured: false, isActive: true, createdAt: "", updatedAt: "" },
];
const routes = {
  "GET /api/settings/timezone": () => json(200, { success: true, data: { key: "timezone", value: "America/New_York" } }),
  "GET /api/admin/audio-tracks": () => json(200, { success: true, data: tracks }),
};

describe("the release form (issue 25)", () => {
  it("sends the time in the band's zone with its offset, one link per filled service, the tracklist in order and the free download", async () => {
    const api = fakeApi({ ...routes, [`PUT ${releasesApi.item(3)}`]: (body) => json(200, { success: true, message: "Release updated", data: { ...saved, ...body } }) });
    renderAdminPage(<ReleaseForm release={saved} />, "/releases/edit/3");
    await screen.findByText("Porch Light");
    await userEvent.type(screen.getByLabelText("Bandcamp"), "https://band.bandcamp.com/album/static-season");
    // Floodplain up, above Porch Light
    await userEvent.click(screen.getByRole("button", { name: "Move Floodplain up" }));
    await userEvent.click(screen.getByRole("button", { name: "Update Release" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const body = api.writes()[0].body;
    expect(body).toMatchObject({
      title: "Static Season",
      type: "ep",
      links: [
        { service: "spotify", url: "https://open.spotify.com/album/abc" },
        { service: "bandcamp", url: "https://band.bandcamp.com/album/static-season" },
      ],
      trackIds: [1, 2],
      downloadTrackId: 1,
      downloadFile: null,
      published: true,
    });
    // midnight in New York, sent as an instant with its offset
    expect(new Date(body.releaseAt).toISOString()).toBe("2031-03-07T05:00:00.000Z");
    expect(body.releaseAt).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it("refuses a link that is not on its service before sending, saying why beside the field", async () => {
    const api = fakeApi(routes);
    renderAdminPage(<ReleaseForm release={saved} />, "/releases/edit/3");
    await userEvent.type(await screen.findByLabelText("Tidal"), "https://evil.example/album");
    await userEvent.click(screen.getByRole("button", { name: "Update Release" }));
    expect(await screen.findByText(/The Tidal link is not a Tidal link/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });
});
