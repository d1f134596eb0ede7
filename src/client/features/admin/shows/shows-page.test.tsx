import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ShowsPage from "./shows-page";

afterEach(() => vi.unstubAllGlobals());

const show = { id: 1, venue: "The Pinhook", location: "Durham, NC", date: "2031-01-05", time: "8:00 PM", price: "15", ageRestriction: "21+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0 };

it("lists shows with 'Jan 5, 2025'-style dates and $ prices, and deletes through the dialog", async () => {
  let rows = [show];
  let release!: () => void;
  const api = fakeApi({
    "GET /api/shows": () => json(200, { success: true, data: rows }),
    "DELETE /api/shows/1": () =>
      new Promise<Response>((resolve) => {
        release = () => {
          rows = [];
          resolve(json(200, { success: true }));
        };
      }),
  });
  renderAdminPage(<ShowsPage />, "/shows");
  expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);
  const row = (await screen.findByText("The Pinhook")).closest("tr")!;
  expect(within(row).getByText("Jan 5, 2031")).toBeInTheDocument();
  expect(within(row).getByText("$15.00")).toBeInTheDocument();
  expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Venue", "Location", "Time", "Price", "Actions"]);

  await userEvent.click(within(row).getByRole("button", { name: "Delete show at The Pinhook" }));
  const dialog = screen.getByRole("alertdialog");
  expect(within(dialog).getByText("Are you sure?")).toBeInTheDocument();
  expect(within(dialog).getByText(/cannot be undone.*permanently delete the show/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  expect(await within(dialog).findByRole("button", { name: "Deleting..." })).toBeDisabled();
  release();
  expect(await screen.findByText("No shows")).toBeInTheDocument();
  expect(screen.getByText("Get started by adding your first show.")).toBeInTheDocument();
  expect(screen.getByText("Show deleted")).toBeInTheDocument();
  expect(api.writes()).toEqual([{ method: "DELETE", url: "/api/shows/1", body: undefined }]);
});

it("shows the load error inline", async () => {
  fakeApi({ "GET /api/shows": () => json(500, { success: false, message: "Internal server error" }) });
  renderAdminPage(<ShowsPage />, "/shows");
  expect(await screen.findByText("Error loading shows. Please try again later.")).toBeInTheDocument();
});

it("a failed delete toasts the spec's message and keeps the row", async () => {
  fakeApi({ "GET /api/shows": () => json(200, { success: true, data: [show] }), "DELETE /api/shows/1": () => json(500, { success: false, message: "x" }) });
  renderAdminPage(<ShowsPage />, "/shows");
  await userEvent.click(await screen.findByRole("button", { name: "Delete show at The Pinhook" }));
  await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }));
  expect(await screen.findByText("Failed to delete show. Please try again.")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  expect(screen.getByText("The Pinhook")).toBeInTheDocument();
});

it("sets a show's status from the table (the row as it is, with the new status) and announces upcoming shows only", async () => {
  const past = { ...show, id: 2, venue: "Old Barn", date: "2020-02-02" };
  let rows = [show, past];
  const api = fakeApi({
    "GET /api/shows": () => json(200, { success: true, data: rows }),
    "PUT /api/shows/1": (body) => {
      rows = [{ ...show, status: body.status }, past];
      return json(200, { success: true, data: rows[0] });
    },
  });
  renderAdminPage(<ShowsPage />, "/shows");
  const row = (await screen.findByText("The Pinhook")).closest("tr")!;
  const select = within(row).getByRole("combobox", { name: "Status of the show at The Pinhook" });
  expect(select).toHaveTextContent("Scheduled");
  await userEvent.click(select);
  expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Scheduled", "Sold Out", "Cancelled", "Postponed"]);
  await userEvent.click(screen.getByRole("option", { name: "Sold Out" }));
  expect(await screen.findByText("Show updated successfully")).toBeInTheDocument();
  expect(api.writes()).toEqual([
    {
      method: "PUT",
      url: "/api/shows/1",
      body: { venue: "The Pinhook", location: "Durham, NC", date: "2031-01-05", time: "8:00 PM", price: "15", ageRestriction: "21+", supportingActs: "", eventUrl: "", status: "sold-out" },
    },
  ]);
  await waitFor(() => expect(within(row).getByRole("combobox", { name: /Status of the show/ })).toHaveTextContent("Sold Out"));

  expect(within(row).getByRole("link", { name: "Announce the show at The Pinhook to subscribers" })).toHaveAttribute("href", "/subscribers/newsletter?announce=1");
  const pastRow = screen.getByText("Old Barn").closest("tr")!;
  expect(within(pastRow).queryByRole("link", { name: /Announce/ })).not.toBeInTheDocument();
  // the spec's columns stay as they were
  expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Venue", "Location", "Time", "Price", "Actions"]);
});

it("a failed status change toasts the spec's update message", async () => {
  fakeApi({ "GET /api/shows": () => json(200, { success: true, data: [show] }), "PUT /api/shows/1": () => json(500, { success: false, message: "x" }) });
  renderAdminPage(<ShowsPage />, "/shows");
  await userEvent.click(await screen.findByRole("combobox", { name: "Status of the show at The Pinhook" }));
  await userEvent.click(screen.getByRole("option", { name: "Cancelled" }));
  expect(await screen.findByText("Failed to update show. Please try again.")).toBeInTheDocument();
});
