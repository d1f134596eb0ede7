import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ActivityPage from "./activity-page";

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  username: "admin",
  action: "update",
  resource: "shows",
  recordId: "7",
  summary: "The Pour House on Dec 5, 2030",
  description: "changed the show at The Pour House on Dec 5, 2030: time 8:00 PM → 9:00 PM, price $12 → $15",
  changes: { time: "9:00 PM", price: "15.00" },
  createdAt: "2030-01-02T10:00:00.000Z",
  ...over,
});
const answer = (data: unknown[], page: { total: number; page: number; pageSize: number }) => ({
  success: true,
  data,
  page,
  filters: { usernames: ["admin", "drummer"], resources: ["band-members", "shows"] },
});

describe("activity page", () => {
  it("reads each entry as a sentence with the new values folded under it, pages, and filters by person", async () => {
    const added = { action: "create", username: "drummer", description: "added the show at The Pour House on Dec 5, 2030", changes: null };
    const api = fakeApi({
      "GET /api/admin/activity?page=1": () => json(200, answer([entry(2), entry(1, added)], { total: 51, page: 1, pageSize: 50 })),
      "GET /api/admin/activity?page=2": () => json(200, answer([entry(0, { action: "delete", description: "deleted show #7", summary: null, changes: null })], { total: 51, page: 2, pageSize: 50 })),
      "GET /api/admin/activity?page=1&username=drummer": () => json(200, answer([entry(1, added)], { total: 1, page: 1, pageSize: 50 })),
    });
    renderAdminPage(<ActivityPage />, "/activity");
    const list = await screen.findByRole("list", { name: "Activity entries" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(/^admin changed the show at The Pour House on Dec 5, 2030: time 8:00 PM → 9:00 PM, price \$12 → \$15/);
    const details = within(items[0]).getByText("New values: time, price");
    await userEvent.click(details);
    expect(within(items[0]).getByText("price").nextElementSibling).toHaveTextContent("15.00");
    expect(items[1]).toHaveTextContent(/^drummer added the show at The Pour House on Dec 5, 2030/);
    expect(within(items[1]).queryByText(/New value/)).not.toBeInTheDocument();
    expect(screen.getByText("1–50 of 51")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("51–51 of 51")).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent(/^admin deleted show #7/);

    await userEvent.click(screen.getByRole("combobox", { name: "Person" }));
    await userEvent.click(await screen.findByRole("option", { name: "drummer" }));
    await waitFor(() => expect(screen.getByText("1–1 of 1")).toBeInTheDocument());
    expect(api.calls.at(-1)?.url).toBe("/api/admin/activity?page=1&username=drummer");
  });

  it("names the resources in the filter as a band does, and filters by one", async () => {
    const api = fakeApi({
      "GET /api/admin/activity?page=1": () => json(200, answer([entry(1)], { total: 1, page: 1, pageSize: 50 })),
      "GET /api/admin/activity?page=1&resource=band-members": () => json(200, answer([entry(3, { resource: "band-members", description: "hid band member Jess from the site", changes: null })], { total: 1, page: 1, pageSize: 50 })),
    });
    renderAdminPage(<ActivityPage />, "/activity");
    await screen.findByRole("list", { name: "Activity entries" });
    await userEvent.click(screen.getByRole("combobox", { name: "Resource" }));
    expect(await screen.findByRole("option", { name: "Shows" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("option", { name: "Band members" }));
    expect(await screen.findByText(/hid band member Jess from the site/)).toBeInTheDocument();
    expect(api.calls.at(-1)?.url).toBe("/api/admin/activity?page=1&resource=band-members");
  });

  it("says when nothing matches, with Clear filters, and shows an error with a retry", async () => {
    let fail = true;
    fakeApi({
      "GET /api/admin/activity?page=1": () => (fail ? json(500, { success: false, message: "Internal server error" }) : json(200, answer([], { total: 0, page: 1, pageSize: 50 }))),
    });
    renderAdminPage(<ActivityPage />, "/activity");
    expect(await screen.findByText("Could not load the activity")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  });
});
