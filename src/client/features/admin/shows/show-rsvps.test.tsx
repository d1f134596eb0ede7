import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { ShowRsvps } from "./show-rsvps";

afterEach(() => vi.unstubAllGlobals());
const show = { id: 4, venue: "Kings", location: "Raleigh, NC", date: "2026-12-12", time: "8:00 PM", price: "12.00", ageRestriction: "21+", supportingActs: "", eventUrl: null, status: "scheduled" as const, revision: 0, hasPresale: false, onSaleAt: null, presaleStartsAt: null, lat: null, lng: null, rsvps: 1, createdAt: "", updatedAt: "" };
const rsvps = [
  { id: 1, email: "jo@example.com", name: "Jo", confirmed: true, createdAt: "2026-11-20T10:00:00.000Z", confirmedAt: "2026-11-20T10:05:00.000Z", remindedAt: null },
  { id: 2, email: "sam@example.com", name: null, confirmed: false, createdAt: "2026-11-21T10:00:00.000Z", confirmedAt: null, remindedAt: null },
];

describe("the shows table's RSVPs", () => {
  it("the count opens who is going, with the CSV export", async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      "GET /api/admin/shows/4/rsvps": () => json(200, { success: true, data: rsvps }),
      "GET /api/admin/shows/4/rsvps/export": () => new Response("\uFEFFName,Email\r\n", { status: 200, headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="band-rsvps-2026-12-12.csv"' } }),
    });
    const createObjectURL = vi.fn(() => "blob:x");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAdminPage(<ShowRsvps show={show} />);
    await user.click(screen.getByRole("button", { name: "1 going to the show at Kings: who they are" }));
    const dialog = await screen.findByRole("dialog", { name: "Going to Kings, Dec 12, 2026" });
    const list = await within(dialog).findByRole("list", { name: "Fans going" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Jojo@example.comConfirmed", "sam@example.comNot confirmed"]);
    expect(dialog).toHaveAccessibleDescription("1 confirmed, 1 still to confirm by the link in their email.");

    await user.click(within(dialog).getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toContain("/api/admin/shows/4/rsvps/export");
    expect(await screen.findByText("Saved band-rsvps-2026-12-12.csv")).toBeInTheDocument();
  });

  it("says when nobody is going yet (and there is nothing to export)", async () => {
    const user = userEvent.setup();
    fakeApi({ "GET /api/admin/shows/4/rsvps": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<ShowRsvps show={{ ...show, rsvps: 0 }} />);
    await user.click(screen.getByRole("button", { name: /^0 going to the show at / }));
    expect(await screen.findByText("Nobody has said they're going yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });
});
