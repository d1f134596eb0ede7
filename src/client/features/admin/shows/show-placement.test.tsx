import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json } from "@client/test/render-admin-page";
import { renderAdminPage } from "@client/test/render-admin-page";
import ShowFormPage from "./show-form-page";
import { nearbyStatus } from "./show-placement";

afterEach(() => vi.unstubAllGlobals());

const greenvilles = [
  { name: "Greenville, South Carolina, US", lat: 34.85262, lng: -82.39401 },
  { name: "Greenville, North Carolina, US", lat: 35.61266, lng: -77.36635 },
];
const show = {
  id: 4, venue: "The Tipsy Teapot", location: "Greenville", date: "2031-03-02", time: "9:00 PM", price: "12.00", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 3,
  lat: 34.85262, lng: -82.39401, placeName: "Greenville, South Carolina, US", placePinned: false, announceNearby: null, nearbyDueAt: null, nearbyToldAt: null, nearbyToldCount: null,
  presaleCode: null, presaleStartsAt: null, onSaleAt: null, presaleNearby: null, presaleNearbyToldAt: null, presaleNearbyToldCount: null,
};

describe("the show form's placement (issue 24)", () => {
  it("says where it placed the venue, and sends the admin's other pick with the save", async () => {
    const api = fakeApi({
      "GET /api/shows/4": () => json(200, { success: true, data: show }),
      "GET /api/admin/places?q=Greenville": () => json(200, { success: true, data: greenvilles }),
      "PUT /api/shows/4": (body) => json(200, { success: true, data: { ...show, ...body } }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByText("Placed at Greenville, South Carolina, US")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Pick another match" }));
    await userEvent.selectOptions(screen.getByLabelText("Matches for the location"), "Greenville, North Carolina, US");
    expect(screen.getByText("Placed at Greenville, North Carolina, US")).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Tell fans near it by e-mail when saved (once)"));
    await userEvent.clear(screen.getByLabelText("Miles from the venue"));
    await userEvent.type(screen.getByLabelText("Miles from the venue"), "60");
    await userEvent.click(screen.getByRole("button", { name: "Update Show" }));
    await waitFor(() =>
      expect(api.writes()[0]).toMatchObject({ method: "PUT", body: { lat: 35.61266, lng: -77.36635, placeName: "Greenville, North Carolina, US", announceNearby: { miles: 60 } } }),
    );
  });

  it("says 'Not placed' when the gazetteer knows no such place", async () => {
    fakeApi({
      "GET /api/shows/4": () => json(200, { success: true, data: { ...show, location: "Atlantis", lat: null, lng: null, placeName: null } }),
      "GET /api/admin/places?q=Atlantis": () => json(200, { success: true, data: [] }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByText("Not placed")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pick another match" })).toBeNull();
  });

  it("once told, says how many fans and when, and offers it no more", async () => {
    fakeApi({ "GET /api/shows/4": () => json(200, { success: true, data: { ...show, announceNearby: { miles: 100 }, nearbyToldAt: "2031-12-01T15:00:00.000Z", nearbyToldCount: 1234 } }), "GET /api/admin/places?q=Greenville": () => json(200, { success: true, data: greenvilles }) });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByText("Told 1,234 fans nearby on Dec 1")).toBeInTheDocument();
    expect(screen.queryByLabelText("Tell fans near it by e-mail when saved (once)")).toBeNull();
    expect(nearbyStatus({ nearbyToldAt: null, nearbyToldCount: null, nearbyDueAt: null })).toBeNull();
  });

  it("sends the presale code to fans near it when asked, and refuses it without a code, in the form's words", async () => {
    const api = fakeApi({
      "GET /api/shows/4": () => json(200, { success: true, data: show }),
      "GET /api/admin/places?q=Greenville": () => json(200, { success: true, data: greenvilles }),
      "PUT /api/shows/4": (body) => json(200, { success: true, data: { ...show, ...body } }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    await userEvent.click(await screen.findByLabelText("Send the presale code to fans near it when the presale starts (once)"));
    await userEvent.clear(screen.getByLabelText("Miles from the venue for the presale code"));
    await userEvent.type(screen.getByLabelText("Miles from the venue for the presale code"), "75");
    await userEvent.click(screen.getByRole("button", { name: "Update Show" }));
    expect(await screen.findByText("A presale needs its code")).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await userEvent.type(screen.getByLabelText("Presale code"), "GHOSTS31");
    await userEvent.click(screen.getByRole("button", { name: "Update Show" }));
    await waitFor(() => expect(api.writes()[0]).toMatchObject({ method: "PUT", body: { presaleCode: "GHOSTS31", presaleNearby: { miles: 75 } } }));
  });

  it("once the code has gone, says to how many fans and when", async () => {
    fakeApi({
      "GET /api/shows/4": () => json(200, { success: true, data: { ...show, presaleCode: "GHOSTS31", presaleNearby: { miles: 100 }, presaleNearbyToldAt: "2031-02-03T15:00:00.000Z", presaleNearbyToldCount: 1 } }),
      "GET /api/admin/places?q=Greenville": () => json(200, { success: true, data: greenvilles }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByText("Sent the code to 1 fan nearby on Feb 3")).toBeInTheDocument();
    expect(screen.queryByLabelText("Send the presale code to fans near it when the presale starts (once)")).toBeNull();
  });
});
