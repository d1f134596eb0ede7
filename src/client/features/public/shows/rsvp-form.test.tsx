import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { RSVP_SUCCESS } from "@shared/api/rsvps";
import { todayIso } from "@shared/format";
import { FormAnswerContext, type FormAnswer } from "@client/lib/form-answer";
import { createQueryClient } from "@client/lib/query-client";
import { fakeApi, json } from "@client/test/render-admin-page";
import { ShowList } from "./show-list";

afterEach(() => vi.unstubAllGlobals());
const day = (n: number) => todayIso(new Date(Date.now() + n * 86_400_000));
const show = (id: number, venue: string, extra = {}) => ({
  id, venue, date: day(7), location: "Raleigh, NC", time: "8:00 PM", price: "15", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled" as const, revision: 0, hasPresale: false, onSaleAt: null, presaleStartsAt: null, lat: null, lng: null, createdAt: "", updatedAt: "", ...extra,
});

function renderCards(ui: ReactNode, { path = "/shows", answer = null }: { path?: string; answer?: FormAnswer | null } = {}) {
  const location = memoryLocation({ path });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook}>
        <FormAnswerContext value={answer}>{ui}</FormAnswerContext>
      </Router>
    </QueryClientProvider>,
  );
}
const card = (venue: string) => screen.getByRole("heading", { name: venue }).closest("li")!;
const details = (venue: string) => card(venue).querySelector("details")!;

describe("'I'm going' on a show card", () => {
  it("opens a small form: e-mail required, optional name, the mailing-list tick; then the one answer", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({ "POST /api/shows/7/rsvp": () => json(200, { success: true, message: RSVP_SUCCESS }) });
    renderCards(<ShowList shows={[show(7, "Kings", { rsvps: 12 })]} />);
    const going = within(card("Kings"));
    expect(going.getByText("12 fans are going")).toBeInTheDocument();
    expect(details("Kings")).not.toHaveAttribute("open");

    await user.click(going.getByText("I'm going"));
    expect(details("Kings")).toHaveAttribute("open");
    const form = going.getByRole("form", { name: "I'm going to Kings" });
    await user.click(within(form).getByRole("button", { name: "Count me in" }));
    expect(within(form).getByText("Email is required")).toBeInTheDocument();
    expect(within(form).getByLabelText("Email")).toHaveFocus();
    expect(writes()).toHaveLength(0);

    await user.type(within(form).getByLabelText("Email"), " Fan@Example.com ");
    await user.type(within(form).getByLabelText(/Name/), "Jo");
    const tick = within(form).getByRole("checkbox", { name: "Also join the mailing list for news of our shows" });
    expect(tick).not.toBeChecked();
    await user.click(tick);
    await user.click(within(form).getByRole("button", { name: "Count me in" }));
    expect(await going.findByText(RSVP_SUCCESS)).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: "POST", url: "/api/shows/7/rsvp", body: { email: "Fan@Example.com", name: "Jo", subscribe: true, website: "", page: location.pathname, referrer: document.referrer } },
    ]);

    // another address: an empty form again, its e-mail focused
    await user.click(going.getByRole("button", { name: "Use another address" }));
    expect(going.getByLabelText("Email")).toHaveValue("");
    expect(going.getByLabelText("Email")).toHaveFocus();
    expect(going.getByRole("checkbox", { name: /Also join the mailing list/ })).not.toBeChecked();
  });

  it("says what the server refused (a past or cancelled show, too many tries)", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/shows/7/rsvp": () => json(429, { success: false, message: "Too many requests. Please try again later." }) });
    renderCards(<ShowList shows={[show(7, "Kings")]} />);
    const going = within(card("Kings"));
    // nobody yet: no count
    expect(going.queryByText(/(fan is|fans are) going/)).not.toBeInTheDocument();
    await user.click(going.getByText("I'm going"));
    await user.type(going.getByLabelText("Email"), "fan@example.com");
    await user.click(going.getByRole("button", { name: "Count me in" }));
    expect(await going.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
    expect(going.getByLabelText("Email")).toHaveValue("fan@example.com");
  });

  it("works as an ordinary form without JavaScript: the card's answer comes back open with what was typed", () => {
    const answer: FormAnswer = { form: "rsvp", page: "/", ok: false, message: "email: Please enter a valid email address", errors: { email: "Please enter a valid email address" }, values: { show: "8", page: "/", email: "nope", name: "Jo", subscribe: "yes" } };
    renderCards(<ShowList shows={[show(7, "Kings"), show(8, "Pinhook", { rsvps: 1 })]} />, { path: "/", answer });
    const form = within(card("Pinhook")).getByRole("form", { name: "I'm going to Pinhook" });
    expect(form).toHaveAttribute("action", "/api/shows/8/rsvp#rsvp-8");
    expect(form).toHaveAttribute("method", "post");
    expect(form.querySelector('input[type="hidden"][name="show"]')).toHaveValue("8");
    expect(form.querySelector('input[type="hidden"][name="page"]')).toHaveValue("/");
    expect(details("Pinhook")).toHaveAttribute("open");
    expect(within(card("Pinhook")).getByText("1 fan is going")).toBeInTheDocument();
    expect(within(form).getByLabelText("Email")).toHaveValue("nope");
    expect(within(form).getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(within(form).getByLabelText(/Name/)).toHaveValue("Jo");
    expect(within(form).getByRole("checkbox", { name: /Also join the mailing list/ })).toBeChecked();
    // the other card is untouched
    expect(details("Kings")).not.toHaveAttribute("open");
    expect(within(card("Kings")).getByLabelText("Email")).toHaveValue("");
  });

  it("a cancelled show has no 'I'm going'", () => {
    renderCards(<ShowList shows={[show(7, "Kings", { status: "cancelled" }), show(8, "Pinhook", { status: "sold-out" })]} />);
    expect(within(card("Kings")).queryByText("I'm going")).not.toBeInTheDocument();
    // sold out: those with tickets can still say they're going (and get the reminder)
    expect(within(card("Pinhook")).getByText("I'm going")).toBeInTheDocument();
  });
});
