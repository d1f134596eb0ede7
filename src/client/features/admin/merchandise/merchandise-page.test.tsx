import { screen, waitFor, within } from "@testing-library/react";
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

it("searches, sorts by a column and pages past 50 items in memory", async () => {
  const many = Array.from({ length: 55 }, (_, i) => ({ ...item(i + 1, `Item ${String(i + 1).padStart(2, "0")}`, {}), price: String(i + 1) }));
  fakeApi({ "GET /api/merchandise": () => json(200, { success: true, data: many }) });
  renderAdminPage(<MerchandisePage />, "/merchandise");
  expect(await screen.findByText("Item 01")).toBeInTheDocument();
  expect(screen.getByText("1–50 of 55")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: /Next/ }));
  expect(screen.getByText("Item 55")).toBeInTheDocument();
  expect(screen.queryByText("Item 01")).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "Price" }));
  await userEvent.click(screen.getByRole("button", { name: "Price" }));
  expect(screen.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "descending");
  expect(screen.getAllByRole("row")[1]).toHaveTextContent("Item 55");
  // sorted: the admin's order cannot be dragged, and says why
  expect(screen.getByRole("button", { name: "Move Item 55 up" })).toBeDisabled();

  await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "item 0");
  expect(screen.getAllByRole("row")).toHaveLength(10);
  expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();
  await userEvent.clear(screen.getByRole("searchbox", { name: "Search" }));
  await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "nothing like it");
  expect(screen.getByText("No items match")).toBeInTheDocument();
});

it("moves an item down by keyboard and saves the public order; the delete dialog names the item", async () => {
  let rows = [item(1, "Tee", {}), item(2, "Hoodie", {}), item(3, "Poster", {})];
  const api = fakeApi({
    "GET /api/merchandise": () => json(200, { success: true, data: rows }),
    "PUT /api/merchandise/order": (body: { ids: number[] }) => {
      rows = body.ids.map((id) => rows.find((r) => r.id === id)!);
      return json(200, { success: true, message: "Order saved", data: rows });
    },
  });
  renderAdminPage(<MerchandisePage />, "/merchandise");
  (await screen.findByRole("button", { name: "Move Tee down" })).focus();
  await userEvent.keyboard("{Enter}");
  expect(await screen.findByText("Order saved")).toBeInTheDocument();
  expect(api.writes()).toEqual([{ method: "PUT", url: "/api/merchandise/order", body: { ids: [2, 1, 3] } }]);
  await waitFor(() => expect(screen.getAllByRole("row")[1]).toHaveTextContent("Hoodie"));

  await userEvent.click(screen.getByRole("button", { name: "Delete Poster" }));
  expect(within(screen.getByRole("alertdialog")).getByText("This action cannot be undone. This will permanently delete the merchandise item “Poster”.")).toBeInTheDocument();
});
