import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import UserFormPage from "./user-form-page";

const meter = () => screen.getByTestId("password-strength");

describe("password strength meter in the admin user form", () => {
  it("says the strength in words, politely announced, and the reason a password would be refused", async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderAdminPage(<UserFormPage params={{}} />, "/users/add");
    const input = await screen.findByLabelText("Password");
    expect(meter()).toHaveAttribute("aria-live", "polite");
    expect(meter()).toBeEmptyDOMElement();
    // the input's description includes the meter, so a screen reader reads it on focus too
    const describedBy = input.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.some((id) => document.getElementById(id)?.contains(meter()))).toBe(true);

    await user.type(input, "pass");
    await waitFor(() => expect(meter()).toHaveTextContent("Strength: too short"));

    await user.type(input, "word");
    await waitFor(() => expect(meter()).toHaveTextContent("Strength: very weak"));
    expect(meter()).toHaveTextContent("This password is too common. Choose a less predictable one.");

    await user.clear(input);
    await user.type(input, "grey owl tambourine at dawn");
    await waitFor(() => expect(meter()).toHaveTextContent("Strength: strong"));
    expect(meter()).not.toHaveTextContent("Choose");
  });

  it("flags a password that contains the username, as the server does", async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderAdminPage(<UserFormPage params={{}} />, "/users/add");
    await user.type(await screen.findByLabelText("Username"), "Drummer");
    await user.type(screen.getByLabelText("Password"), "the-drummer-of-doom");
    await waitFor(() => expect(meter()).toHaveTextContent("Password must not contain the username"));
  });

  it("shows the server's refusal on the password field", async () => {
    const user = userEvent.setup();
    const message = "This password is a keyboard pattern. Choose a less predictable one.";
    fakeApi({ "POST /api/users": () => json(400, { success: false, message: `password: ${message}`, errors: { password: message } }) });
    renderAdminPage(<UserFormPage params={{}} />, "/users/add");
    await user.type(await screen.findByLabelText("Username"), "bassist");
    await user.type(screen.getByLabelText("Password"), "grey owl tambourine at dawn");
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("says 'too common' once when the server refused the same password (issue 21)", async () => {
    const user = userEvent.setup();
    const message = "This password is too common. Choose a less predictable one.";
    fakeApi({ "POST /api/users": () => json(400, { success: false, message: `password: ${message}`, errors: { password: message } }) });
    renderAdminPage(<UserFormPage params={{}} />, "/users/add");
    await user.type(await screen.findByLabelText("Username"), "bassist");
    await user.type(screen.getByLabelText("Password"), "password");
    await waitFor(() => expect(meter()).toHaveTextContent(message));
    await user.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(meter()).toHaveTextContent("Strength: very weak");
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});
