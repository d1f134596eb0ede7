import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminPressKit } from "@shared/api/press";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import PressKitPage from "./press-kit-page";

afterEach(() => vi.unstubAllGlobals());

const KIT: AdminPressKit = {
  isPublic: true,
  shortBio: "Four friends.",
  longBio: "",
  photos: [{ url: "/uploads/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg", credit: "Jo Lens", caption: "" }],
  logos: [],
  quotes: [],
  stagePlotUrl: "",
  techRiderUrl: "",
  bookingName: "",
  bookingEmail: "",
  pressName: "",
  pressEmail: "",
  updatedAt: "2026-11-01T12:00:00.000Z",
};

describe("/admin/press", () => {
  it("saves the whole kit, with a quote added", async () => {
    const { writes } = fakeApi({
      "GET /api/admin/press-kit": () => json(200, { success: true, data: KIT }),
      "PUT /api/admin/press-kit": (body) => json(200, { success: true, message: "Press kit saved", data: { ...KIT, ...body, updatedAt: "2026-11-02T12:00:00.000Z" } }),
    });
    renderAdminPage(<PressKitPage />, "/press");
    const user = userEvent.setup();
    const bio = await screen.findByLabelText("Short bio");
    await user.clear(bio);
    await user.type(bio, "Loud porch rock.");
    await user.click(screen.getByRole("button", { name: "Add quote" }));
    await user.type(screen.getByLabelText("Quote 1"), "A storm coming in.");
    await user.type(screen.getByLabelText("Source"), "Coastal Weekly");
    await user.click(screen.getByRole("button", { name: "Save Press Kit" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ shortBio: "Loud porch rock.", photos: KIT.photos, quotes: [{ quote: "A storm coming in.", source: "Coastal Weekly", sourceUrl: "" }] });
  });

  it("a photo needs its credit before anything is sent; the server's field errors land on their fields", async () => {
    const { writes } = fakeApi({
      "GET /api/admin/press-kit": () => json(200, { success: true, data: KIT }),
      "PUT /api/admin/press-kit": () => json(400, { success: false, message: "bookingEmail: Please enter a valid email address", errors: { bookingEmail: "Please enter a valid email address" } }),
    });
    renderAdminPage(<PressKitPage />, "/press");
    const user = userEvent.setup();
    const credit = await screen.findByLabelText("Credit");
    await user.clear(credit);
    await user.click(screen.getByRole("button", { name: "Save Press Kit" }));
    expect(await screen.findByText("Photo credit is required")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.type(credit, "Jo Lens");
    await user.click(screen.getByRole("button", { name: "Save Press Kit" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
  });
});
