import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ShowsPage from "./shows-page";

afterEach(() => vi.unstubAllGlobals());

const TODAY = new Date().toISOString().slice(0, 10);
/** GET /api/admin/shows as the page asks it: one page of upcoming shows and one of past ones, from `rows()` */
const listRoutes = (rows: () => (typeof show)[], q = "") => {
  const page = (which: "upcoming" | "past") => () => {
    const found = rows().filter((s) => (which === "upcoming" ? s.date >= TODAY : s.date < TODAY));
    return json(200, { success: true, data: found, page: { total: found.length, page: 1, pageSize: 50 } });
  };
  const search = q ? `q=${encodeURIComponent(q)}&` : "";
  return { [`GET /api/admin/shows?upcoming=true&${search}pageSize=50&page=1`]: page("upcoming"), [`GET /api/admin/shows?past=true&${search}pageSize=50&page=1`]: page("past") };
};

const show = { id: 1, venue: "The Pinhook", location: "Durham, NC", date: "2031-01-05", time: "8:00 PM", price: "15", ageRestriction: "21+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0 };

it("lists shows with 'Jan 5, 2025'-style dates and $ prices, and deletes through the dialog", async () => {
  let rows = [show];
  let release!: () => void;
  const api = fakeApi({
    ...listRoutes(() => rows),
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
  expect(within(dialog).getByText("This action cannot be undone. This will permanently delete the show at The Pinhook on Jan 5, 2031.")).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  expect(await within(dialog).findByRole("button", { name: "Deleting..." })).toBeDisabled();
  release();
  expect(await screen.findByText("No shows")).toBeInTheDocument();
  expect(screen.getByText("Get started by adding your first show.")).toBeInTheDocument();
  expect(screen.getByText("Show deleted")).toBeInTheDocument();
  expect(api.writes()).toEqual([{ method: "DELETE", url: "/api/shows/1", body: undefined }]);
});

it("shows the load error inline", async () => {
  fakeApi({
    "GET /api/admin/shows?upcoming=true&pageSize=50&page=1": () => json(500, { success: false, message: "Internal server error" }),
    "GET /api/admin/shows?past=true&pageSize=50&page=1": () => json(500, { success: false, message: "Internal server error" }),
  });
  renderAdminPage(<ShowsPage />, "/shows");
  expect(await screen.findByText("Error loading shows. Please try again later.")).toBeInTheDocument();
});

it("a failed delete toasts the spec's message and keeps the row", async () => {
  fakeApi({ ...listRoutes(() => [show]), "DELETE /api/shows/1": () => json(500, { success: false, message: "x" }) });
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
    ...listRoutes(() => rows),
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
  await userEvent.click(screen.getByRole("button", { name: "Past shows (1)" }));
  const pastRow = screen.getByText("Old Barn").closest("tr")!;
  expect(within(pastRow).queryByRole("link", { name: /Announce/ })).not.toBeInTheDocument();
  // the spec's columns stay as they were, in both groups
  for (const name of ["Upcoming shows", "Past shows"]) {
    expect(within(screen.getByRole("table", { name })).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Venue", "Location", "Time", "Price", "Actions"]);
  }
});

it("a failed status change toasts the spec's update message", async () => {
  fakeApi({ ...listRoutes(() => [show]), "PUT /api/shows/1": () => json(500, { success: false, message: "x" }) });
  renderAdminPage(<ShowsPage />, "/shows");
  await userEvent.click(await screen.findByRole("combobox", { name: "Status of the show at The Pinhook" }));
  await userEvent.click(screen.getByRole("option", { name: "Cancelled" }));
  expect(await screen.findByText("Failed to update show. Please try again.")).toBeInTheDocument();
});

it("keeps past shows in their own group, closed until asked for, and searches both groups on the server", async () => {
  const old = (id: number, venue: string, date: string) => ({ ...show, id, venue, date });
  const rows = [show, old(2, "Old Barn", "2020-02-02"), old(3, "The Pour House", "2019-12-05")];
  const api = fakeApi({ ...listRoutes(() => rows), ...listRoutes(() => rows.filter((s) => s.venue.includes("Pour")), "pour") });
  renderAdminPage(<ShowsPage />, "/shows");
  expect(await screen.findByText("The Pinhook")).toBeInTheDocument();
  const disclosure = await screen.findByRole("button", { name: "Past shows (2)" });
  expect(disclosure).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByText("Old Barn")).not.toBeInTheDocument();
  await userEvent.click(disclosure);
  expect(disclosure).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByRole("table", { name: "Past shows" })).toHaveTextContent("Old Barn");

  await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "pour");
  expect(await screen.findByRole("button", { name: "Past shows (1)" })).toBeInTheDocument();
  expect(await screen.findByText("No upcoming shows match")).toBeInTheDocument();
  expect(screen.getByText("The Pour House")).toBeInTheDocument();
  expect(api.calls.map((c) => c.url)).toContain("/api/admin/shows?past=true&q=pour&pageSize=50&page=1");

  // the delete dialog names the show
  await userEvent.click(screen.getByRole("button", { name: "Delete show at The Pour House" }));
  expect(within(screen.getByRole("alertdialog")).getByText(/permanently delete the show at The Pour House on Dec 5, 2019\./)).toBeInTheDocument();
});

it("sorts by a column header on the server", async () => {
  const api = fakeApi({
    ...listRoutes(() => [show]),
    "GET /api/admin/shows?upcoming=true&sort=venue&dir=asc&pageSize=50&page=1": () => json(200, { success: true, data: [show], page: { total: 1, page: 1, pageSize: 50 } }),
    "GET /api/admin/shows?past=true&sort=venue&dir=asc&pageSize=50&page=1": () => json(200, { success: true, data: [], page: { total: 0, page: 1, pageSize: 50 } }),
  });
  renderAdminPage(<ShowsPage />, "/shows");
  await screen.findByText("The Pinhook");
  await userEvent.click(screen.getByRole("button", { name: "Venue" }));
  await waitFor(() => expect(screen.getByRole("columnheader", { name: "Venue" })).toHaveAttribute("aria-sort", "ascending"));
  expect(api.calls.map((c) => c.url)).toContain("/api/admin/shows?upcoming=true&sort=venue&dir=asc&pageSize=50&page=1");
});
