import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAuth, storeLogin } from "@client/lib/auth-storage";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { stubPhone } from "@client/test/phone";
import UsersPage from "./users-page";
import UserFormPage from "./user-form-page";

const users = [
  { id: 1, username: "admin", email: null, isAdmin: true, isActive: true, createdAt: "2024-01-05T15:04:00.000Z" },
  { id: 2, username: "drummer", email: "d@band.com", isAdmin: true, isActive: true, createdAt: null },
];

describe("admin users", () => {
  afterEach(() => clearAuth());

  it("labels the primary admin, disables its toggle and delete, and deactivates another admin", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      "GET /api/users": () => json(200, { success: true, data: users }),
      "PUT /api/users/2/active": () => json(200, { success: true }),
    });
    renderAdminPage(<UsersPage />);
    const primary = (await screen.findByText("admin")).closest("tr")!;
    expect(within(primary).getByText("Primary Admin")).toBeInTheDocument();
    expect(within(primary).getByText("-")).toBeInTheDocument();
    expect(within(primary).getByRole("button", { name: "Deactivate admin" })).toBeDisabled();
    expect(within(primary).getByRole("button", { name: "Delete admin" })).toBeDisabled();
    const other = screen.getByText("drummer").closest("tr")!;
    expect(within(other).getByText("N/A")).toBeInTheDocument();
    await user.click(within(other).getByRole("button", { name: "Deactivate drummer" }));
    expect(await screen.findByText("Deactivated")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "PUT", url: "/api/users/2/active", body: { isActive: false } }]);
  });

  it("on a phone each admin's card is headed by the username, with the ID among its fields", async () => {
    stubPhone();
    try {
      fakeApi({ "GET /api/users": () => json(200, { success: true, data: users }) });
      renderAdminPage(<UsersPage />);
      await screen.findByText("drummer");
      const cards = screen.getAllByRole("listitem").filter((li) => within(li).queryAllByRole("term").length > 0);
      // the card's first line, above its fields
      expect(cards.map((card) => card.firstElementChild?.textContent)).toEqual(["admin", "drummer"]);
      const terms = within(cards[1]).getAllByRole("term").map((t) => t.textContent);
      expect(terms).toContain("ID");
      expect(terms).not.toContain("Username");
      expect(within(cards[1]).getAllByRole("definition")[terms.indexOf("ID")]).toHaveTextContent("2");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the signed-in admin cannot deactivate or delete their own account, but can edit it", async () => {
    storeLogin({ id: 2, username: "drummer", isAdmin: true }, "token");
    fakeApi({ "GET /api/users": () => json(200, { success: true, data: [...users, { id: 3, username: "bassist", email: null, isAdmin: true, isActive: true, createdAt: null }] }) });
    renderAdminPage(<UsersPage />);
    const mine = (await screen.findByText("drummer")).closest("tr")!;
    expect(within(mine).getByRole("button", { name: "Deactivate drummer" })).toBeDisabled();
    expect(within(mine).getByRole("button", { name: "Delete drummer" })).toBeDisabled();
    expect(within(mine).getByRole("link", { name: "Edit drummer" })).toBeInTheDocument();
    const other = screen.getByText("bassist").closest("tr")!;
    expect(within(other).getByRole("button", { name: "Deactivate bassist" })).toBeEnabled();
    expect(within(other).getByRole("button", { name: "Delete bassist" })).toBeEnabled();
  });

  it("edit form: a blank password is left out; a taken username shows the server's 409 message", async () => {
    const user = userEvent.setup();
    const status = 409;
    const { writes } = fakeApi({
      "GET /api/users/2": () => json(200, { success: true, data: users[1] }),
      "PUT /api/users/2": () => json(status, status === 409 ? { success: false, message: 'Username "admin" is already taken. Please choose another.' } : { success: true }),
    });
    renderAdminPage(<UserFormPage params={{ id: "2" }} />, "/users/edit/2");
    expect(await screen.findByLabelText("New Password (leave blank to keep current)")).toHaveValue("");
    const name = screen.getByLabelText("Username");
    await user.clear(name);
    await user.type(name, "admin");
    await user.click(screen.getByRole("button", { name: "Update User" }));
    expect((await screen.findAllByText('Username "admin" is already taken. Please choose another.')).length).toBeGreaterThan(0);
    expect(writes()[0]).toEqual({ method: "PUT", url: "/api/users/2", body: { username: "admin", email: "d@band.com" } });
  });
});
