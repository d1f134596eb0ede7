import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PressLink } from "@shared/api/press";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import PressLinksPage from "./press-links-page";

afterEach(() => vi.unstubAllGlobals());

const LINK: PressLink = {
  id: 3,
  recipient: "Dana Reyes, Coastal Weekly",
  expiresAt: "2030-01-01T12:00:00.000Z",
  createdAt: "2026-11-01T12:00:00.000Z",
  revoked: false,
  revokedAt: null,
  expired: false,
  views: 4,
  firstViewedAt: "2026-11-02T12:00:00.000Z",
  lastViewedAt: "2026-11-05T12:00:00.000Z",
  tracks: [{ id: 7, title: "Undertow", plays: 2, lastPlayedAt: "2026-11-05T12:01:00.000Z" }],
};
const TRACK = { id: 7, title: "Undertow", artist: "Band", audioUrl: "/uploads/audio/x.mp3", coverArtUrl: "", duration: "184.00", isFeatured: false, isActive: true, unreleased: true, createdAt: "", updatedAt: "" };

describe("/admin/press/links", () => {
  it("lists each link with its views and plays; a new link is shown once, with the tracks chosen", async () => {
    let links = [LINK];
    const { writes } = fakeApi({
      "GET /api/admin/press-links": () => json(200, { success: true, data: links }),
      "GET /api/admin/audio-tracks": () => json(200, { success: true, data: [TRACK] }),
      "POST /api/admin/press-links": (body) => {
        links = [{ ...LINK, id: 4, recipient: body.recipient, views: 0, firstViewedAt: null, lastViewedAt: null }, ...links];
        return json(201, { success: true, message: "Press link created", data: { id: 4, url: "https://band.example/press/link?token=abc" } });
      },
    });
    renderAdminPage(<PressLinksPage />, "/press/links");
    const row = (await screen.findByText("Dana Reyes, Coastal Weekly")).closest("tr")!;
    expect(within(row).getByText("4")).toBeInTheDocument();
    expect(within(row).getByText("Undertow: 2 plays")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Recipient"), "Lee at Pour House");
    await user.click(await screen.findByRole("checkbox", { name: "Undertow" }));
    await user.click(screen.getByRole("button", { name: "Create Link" }));
    expect(await screen.findByLabelText("The new press link")).toHaveValue("https://band.example/press/link?token=abc");
    const [post] = writes();
    expect(post).toMatchObject({ method: "POST", url: "/api/admin/press-links", body: { recipient: "Lee at Pour House", trackIds: [7] } });
    expect(Date.parse(post.body.expiresAt)).toBeGreaterThan(Date.now());
    expect(await screen.findByText("Lee at Pour House")).toBeInTheDocument();
  });

  it("says what is missing before asking the server", async () => {
    const { writes } = fakeApi({ "GET /api/admin/press-links": () => json(200, { success: true, data: [] }), "GET /api/admin/audio-tracks": () => json(200, { success: true, data: [] }) });
    renderAdminPage(<PressLinksPage />, "/press/links");
    fireEvent.change(screen.getByLabelText("Expires"), { target: { value: "2001-01-01T10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Link" }));
    expect(await screen.findByText("Recipient is required")).toBeInTheDocument();
    expect(screen.getByText("The expiry must be in the future")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it("revokes after asking", async () => {
    const { writes } = fakeApi({
      "GET /api/admin/press-links": () => json(200, { success: true, data: [LINK] }),
      "GET /api/admin/audio-tracks": () => json(200, { success: true, data: [] }),
      "DELETE /api/admin/press-links/3": () => json(200, { success: true, message: "Press link revoked" }),
    });
    renderAdminPage(<PressLinksPage />, "/press/links");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke the link for Dana Reyes, Coastal Weekly" }));
    expect(writes()).toHaveLength(0);
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "DELETE", url: "/api/admin/press-links/3", body: undefined }]));
  });
});
