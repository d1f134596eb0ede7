import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { FormActions } from "./form-actions";

function renderActions(pending: boolean) {
  const ui = (p: boolean) => (
    <Router hook={memoryLocation({ path: "/shows/add" }).hook}>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="Venue" />
        <FormActions cancelHref="/shows" submitLabel="Create Show" pending={p} />
      </form>
    </Router>
  );
  const utils = render(ui(pending));
  return { ...utils, setPending: (p: boolean) => utils.rerender(ui(p)) };
}

describe("FormActions", () => {
  it("reads 'Saving...' and is disabled while pending, with Cancel linking back", () => {
    renderActions(true);
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/shows");
  });

  it("gives focus back to the submit button when a failed save drops it on <body> (the disabled button lost it)", async () => {
    const { setPending } = renderActions(false);
    const submit = screen.getByRole("button", { name: "Create Show" });
    submit.focus();
    await userEvent.keyboard("{Enter}");
    setPending(true);
    // what a browser does to a focused button that becomes disabled (jsdom does not): focus falls to <body>
    const elsewhere = document.body.appendChild(document.createElement("input"));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    setPending(false); // the save failed: the form stays
    expect(submit).toHaveFocus();
  });

  it("leaves focus where the form put it (e.g. on a field with a server error), and never takes it from a field", async () => {
    const { setPending } = renderActions(false);
    screen.getByRole("button", { name: "Create Show" }).focus();
    await userEvent.keyboard("{Enter}");
    setPending(true);
    screen.getByLabelText("Venue").focus();
    setPending(false);
    expect(screen.getByLabelText("Venue")).toHaveFocus();
  });

  it("a save submitted with Enter in a field leaves focus in that field", async () => {
    const { setPending } = renderActions(false);
    screen.getByLabelText("Venue").focus();
    await userEvent.keyboard("{Enter}"); // implicit submission clicks the submit button
    setPending(true);
    setPending(false);
    expect(screen.getByLabelText("Venue")).toHaveFocus();
  });
});
