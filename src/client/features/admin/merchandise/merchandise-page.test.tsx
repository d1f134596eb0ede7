import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import MerchandisePage from "./merchandise-page";

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, name: string, flags: Partial<{ isNew: boolean; isFeatured: boolean; comingSoon: boolean }>) => ({
  id,
  name,
  description: "d",
  price: "25.9",
  category: "T-Shirt",
  templateDimensions: "Other",
  imageUrl: "",
  amazonUrl: "",
  isNew: false,
  isFeatured: false,
  comingSoon: false,
  ...flags,
});

it("marks featured items with a star and shows New / Coming Soon badges", async () => {
  fakeApi({
    "GET /api/merchandise": () =>
      json(200, { success: true, data: [item(1, "Floodplain Tee", { isFeatured: true, isNew: true }), item(2, "Enamel Pin", { comingSoon: true }), item(3, "Dad Hat", {})] }),
  });
  renderAdminPage(<MerchandisePage />, "/merchandise");
  const tee = (await screen.findByText("Floodplain Tee")).closest("tr")!;
  expect(within(tee).getByRole("img", { name: "Featured" })).toBeInTheDocument();
  expect(within(tee).getByText("New")).toBeInTheDocument();
  expect(within(tee).getByText("$25.90")).toBeInTheDocument();
  const pin = screen.getByText("Enamel Pin").closest("tr")!;
  expect(within(pin).getByText("Coming Soon")).toBeInTheDocument();
  expect(within(pin).queryByRole("img", { name: "Featured" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Edit Dad Hat" })).toHaveAttribute("href", "/merchandise/edit/3");
});

it("shows the empty state", async () => {
  fakeApi({ "GET /api/merchandise": () => json(200, { success: true, data: [] }) });
  renderAdminPage(<MerchandisePage />, "/merchandise");
  expect(await screen.findByText("No merchandise")).toBeInTheDocument();
  expect(screen.getByText("Get started by adding your first merchandise item.")).toBeInTheDocument();
});

it("a failed delete toasts 'Failed to delete merchandise item. Please try again.'", async () => {
  fakeApi({
    "GET /api/merchandise": () => json(200, { success: true, data: [item(1, "Tote Bag", {})] }),
    "DELETE /api/merchandise/1": () => json(500, { success: false, message: "x" }),
  });
  renderAdminPage(<MerchandisePage />, "/merchandise");
  await userEvent.click(await screen.findByRole("button", { name: "Delete Tote Bag" }));
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
  expect(await screen.findByText("Failed to delete merchandise item. Please try again.")).toBeInTheDocument();
});
