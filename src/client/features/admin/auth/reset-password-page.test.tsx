import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RESET_LINK_INVALID } from "@shared/schemas/auth";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ResetPasswordPage from "./reset-password-page";

describe("the reset link's page (issue 21)", () => {
  it("says a used or expired link is dead before showing any password field", async () => {
    fakeApi({ "POST /api/admin/reset-password/check": () => json(200, { success: true, data: { valid: false } }) });
    renderAdminPage(<ResetPasswordPage />, "/reset-password?token=used-token");
    expect(await screen.findByRole("alert")).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeInTheDocument();
  });

  it("shows the form for a good link", async () => {
    fakeApi({ "POST /api/admin/reset-password/check": () => json(200, { success: true, data: { valid: true } }) });
    renderAdminPage(<ResetPasswordPage />, "/reset-password?token=good-token");
    expect(await screen.findByLabelText("New password")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
