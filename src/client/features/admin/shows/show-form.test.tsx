import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { todayIso } from "@shared/format";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import ShowFormPage from "./show-form-page";

afterEach(() => vi.unstubAllGlobals());

const alerts = () => screen.getAllByRole("alert").map((a) => a.textContent);

describe("show form", () => {
  it("shows the spec's messages in field order when submitted empty, and sends nothing", async () => {
    const api = fakeApi({});
    renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    expect(screen.getByRole("heading", { name: "Add Show" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() =>
      // a blank price is 0, a free show (issue 13)
      expect(alerts()).toEqual(["Venue is required", "Location is required", "Please select a date", "Time is required", "Age restriction is required"]),
    );
    expect(api.writes()).toEqual([]);
  });

  it("refuses a malformed event URL with 'Must be a valid URL'", async () => {
    fakeApi({});
    renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.type(screen.getByLabelText("Event URL"), "tickets please");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText("Must be a valid URL")).toBeInTheDocument();
  });

  it("an event URL typed without https:// gets it when the field is left, a time typed '9pm' reads '9:00 PM', and both are saved so", async () => {
    const api = fakeApi({
      "POST /api/shows": (body) => json(201, { success: true, data: { id: 9, ...body } }),
      "GET /api/shows": () => json(200, { success: true, data: [] }),
      "GET /api/shows?upcoming=true": () => json(200, { success: true, data: [] }),
    });
    renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    // a time typed the short way is written as the site writes times
    const time = screen.getByLabelText("Time");
    await userEvent.clear(time);
    await userEvent.type(time, "9pm");
    const url = screen.getByLabelText("Event URL");
    await userEvent.clear(url);
    await userEvent.type(url, "tickets.example.com/bluenote");
    await userEvent.tab();
    expect(url).toHaveValue("https://tickets.example.com/bluenote");
    expect(time).toHaveValue("9:00 PM");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ method: "POST", body: expect.objectContaining({ time: "9:00 PM", eventUrl: "https://tickets.example.com/bluenote" }) })]));
    expect(screen.queryByText("Must be a valid URL")).not.toBeInTheDocument();
  });

  it("Quick Fill fills a show 14 days ahead, then Create Show posts it, toasts and returns to the list", async () => {
    const api = fakeApi({
      "POST /api/shows": (body) => json(201, { success: true, data: { id: 9, ...body } }),
      "GET /api/shows": () => json(200, { success: true, data: [] }),
      "GET /api/shows?upcoming=true": () => json(200, { success: true, data: [] }),
    });
    const { location } = renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    expect(await screen.findByText("Form filled")).toBeInTheDocument();
    const inFourteenDays = todayIso(new Date(Date.now() + 14 * 86_400_000));
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/shows"));
    expect(api.writes()).toEqual([
      {
        method: "POST",
        url: "/api/shows",
        body: expect.objectContaining({ venue: "The Pinhook", location: "Durham, NC", date: inFourteenDays, price: "15.00", eventUrl: "https://example.com/tickets/pinhook", status: "scheduled" }),
      },
    ]);
    expect(await screen.findByText("Show created successfully")).toBeInTheDocument();
  });

  it("a failed create toasts the spec's message and keeps the form", async () => {
    fakeApi({ "POST /api/shows": () => json(500, { success: false, message: "Internal server error" }) });
    const { location } = renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText("Failed to create show. Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Venue")).toHaveValue("The Pinhook");
    expect(location.history.at(-1)).toBe("/shows/add");
  });

  it("takes a past date for the archive, and says where such a show goes (issue 21)", async () => {
    const show = { id: 9, venue: "Strange Matter", location: "Richmond, VA", date: "2024-10-05", time: "8:00 PM", price: "10.00", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "scheduled", revision: 0 };
    fakeApi({ "GET /api/shows/9": () => json(200, { success: true, data: show }) });
    renderAdminPage(<ShowFormPage params={{ id: "9" }} />, "/shows/edit/9");
    expect(await screen.findByText("This date has passed: the show goes to the archive (Past Shows on /shows).")).toBeInTheDocument();
    expect(screen.getByLabelText("Time")).toHaveAttribute("placeholder", "e.g. 8:00 PM");
  });

  it("edits an existing show: loads it, says Update Show, and PUTs the changes", async () => {
    const show = { id: 4, venue: "Local 506", location: "Chapel Hill, NC", date: "2031-03-02", time: "9:00 PM", price: "12.00", ageRestriction: "18+", supportingActs: "", eventUrl: null, status: "sold-out", revision: 3 };
    const api = fakeApi({
      "GET /api/shows/4": () => json(200, { success: true, data: show }),
      "PUT /api/shows/4": (body) => json(200, { success: true, data: { ...show, ...body } }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByDisplayValue("Local 506")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Edit Show" })).toBeInTheDocument();
    expect(within(screen.getByRole("button", { name: "Date" })).getByText("Mar 2, 2031")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Venue"));
    await userEvent.type(screen.getByLabelText("Venue"), "Cat's Cradle");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Sold Out");
    await userEvent.click(screen.getByRole("combobox", { name: "Status" }));
    await userEvent.click(screen.getByRole("option", { name: "Postponed" }));
    await userEvent.click(screen.getByRole("button", { name: "Update Show" }));
    await waitFor(() => expect(api.writes()[0]).toMatchObject({ method: "PUT", url: "/api/shows/4", body: { venue: "Cat's Cradle", price: "12.00", eventUrl: null, status: "postponed" } }));
    expect(await screen.findByText("Show updated successfully")).toBeInTheDocument();
  });

  it("says so when the show to edit does not exist", async () => {
    fakeApi({});
    renderAdminPage(<ShowFormPage params={{ id: "77" }} />, "/shows/edit/77");
    expect(await screen.findByText("Show not found.")).toBeInTheDocument();
  });
});
