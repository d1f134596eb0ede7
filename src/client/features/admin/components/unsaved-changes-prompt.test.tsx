import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link } from "wouter";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ShowFormPage from "../shows/show-form-page";

afterEach(() => vi.unstubAllGlobals());

/** The show form with a sidebar-like link beside it, as in the admin layout. */
function renderFormWithSidebar() {
  return renderAdminPage(
    <>
      <nav>
        <Link href="/merchandise">Merchandise</Link>
      </nav>
      <ShowFormPage params={{}} />
    </>,
    "/shows/add",
  );
}

/** Whether closing the tab now would get the browser's prompt. */
function unloadIsHeld() {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("unsaved changes", () => {
  it("an untouched form leaves by a link without asking", async () => {
    fakeApi({});
    const { location } = renderFormWithSidebar();
    await userEvent.click(screen.getByRole("link", { name: "Merchandise" }));
    expect(location.history.at(-1)).toBe("/merchandise");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(unloadIsHeld()).toBe(false);
  });

  it("with edits, a link asks 'Leave without saving?': Stay keeps the edits, Leave goes", async () => {
    fakeApi({});
    const { location } = renderFormWithSidebar();
    await userEvent.type(screen.getByLabelText("Venue"), "The Cave");
    expect(unloadIsHeld()).toBe(true);

    await userEvent.click(screen.getByRole("link", { name: "Merchandise" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(location.history.at(-1)).toBe("/shows/add");
    // the safe answer has focus
    expect(within(dialog).getByRole("button", { name: "Stay" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByLabelText("Venue")).toHaveValue("The Cave");
    expect(location.history.at(-1)).toBe("/shows/add");

    // Cancel is a link too
    await userEvent.click(screen.getByRole("link", { name: "Cancel" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/shows"));
  });

  it("does not ask after a successful save", async () => {
    fakeApi({ "POST /api/shows": (body) => json(201, { success: true, data: { id: 9, ...body } }) });
    const { location } = renderFormWithSidebar();
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    // Quick Fill counts as an edit
    expect(unloadIsHeld()).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/shows"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Merchandise" }));
    expect(location.history.at(-1)).toBe("/merchandise");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(unloadIsHeld()).toBe(false);
  });

  it("typing a change back to how it was is no longer an edit", async () => {
    fakeApi({});
    const { location } = renderFormWithSidebar();
    await userEvent.type(screen.getByLabelText("Venue"), "X");
    await userEvent.clear(screen.getByLabelText("Venue"));
    await userEvent.click(screen.getByRole("link", { name: "Merchandise" }));
    expect(location.history.at(-1)).toBe("/merchandise");
  });
});
