import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRESALE_NEEDS_CODE } from "@shared/schemas/shows";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { CHOOSE_BOTH } from "./sale-fields";
import ShowFormPage from "./show-form-page";
import ShowsPage from "./shows-page";

afterEach(() => vi.unstubAllGlobals());

const zone = { "GET /api/settings/timezone": () => json(200, { success: true, data: { key: "timezone", value: "America/Chicago" } }) };
const show = {
  id: 4, venue: "Local 506", location: "Chapel Hill, NC", date: "2031-03-20", time: "9:00 PM", price: "12.00", ageRestriction: "18+", supportingActs: "", eventUrl: "https://tickets.example/506",
  status: "scheduled", revision: 3, onSaleAt: "2031-03-01T16:00:00.000Z", presaleStartsAt: null, presaleCode: "GHOST24",
};
const group = (name: string) => within(screen.getByRole("group", { name }));

describe("the show form's on-sale and presale fields (issue 24)", () => {
  it("shows the stored times in the band's zone and sends a changed one as an instant with its offset", async () => {
    const api = fakeApi({
      ...zone,
      "GET /api/shows/4": () => json(200, { success: true, data: show }),
      "PUT /api/shows/4": (body) => json(200, { success: true, data: { ...show, ...body } }),
    });
    renderAdminPage(<ShowFormPage params={{ id: "4" }} />, "/shows/edit/4");
    expect(await screen.findByDisplayValue("Local 506")).toBeInTheDocument();
    const onSale = group("On sale");
    // 16:00 UTC is 10:00 in Chicago
    await waitFor(() => expect(onSale.getByLabelText("On sale: time")).toHaveValue("10:00"));
    expect(onSale.getByLabelText("On sale: date")).toHaveValue("2031-03-01");
    expect(onSale.getByText(/When tickets go on sale \(America\/Chicago time\)/)).toBeInTheDocument();
    expect(screen.getByLabelText("Presale code")).toHaveValue("GHOST24");
    expect(screen.getByText(/It is never shown on the site/)).toBeInTheDocument();

    await userEvent.clear(onSale.getByLabelText("On sale: time"));
    await userEvent.type(onSale.getByLabelText("On sale: time"), "11:30");
    const starts = group("Presale starts");
    await userEvent.type(starts.getByLabelText("Presale starts: date"), "2031-02-25");
    await userEvent.type(starts.getByLabelText("Presale starts: time"), "09:00");
    await userEvent.click(screen.getByRole("button", { name: "Update Show" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0].body).toMatchObject({ onSaleAt: "2031-03-01T11:30:00-06:00", presaleStartsAt: "2031-02-25T09:00:00-06:00", presaleCode: "GHOST24" });
  });

  it("refuses a date without a time, and a presale start without a code, before sending anything", async () => {
    const api = fakeApi(zone);
    renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    const starts = group("Presale starts");
    await userEvent.type(starts.getByLabelText("Presale starts: date"), "2031-02-25");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await starts.findByText(CHOOSE_BOTH)).toBeInTheDocument();
    expect(starts.getByLabelText("Presale starts: date")).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(starts.getByLabelText("Presale starts: time"), "09:00");
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await screen.findByText(PRESALE_NEEDS_CODE)).toBeInTheDocument();
    expect(starts.queryByText(CHOOSE_BOTH)).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it("shows the server's refusal beside the field", async () => {
    fakeApi({ ...zone, "POST /api/shows": () => json(400, { success: false, message: "onSaleAt: must be a date and time with its offset", errors: { onSaleAt: "must be a date and time with its offset" } }) });
    renderAdminPage(<ShowFormPage params={{}} />, "/shows/add");
    await userEvent.click(screen.getByRole("button", { name: "Quick Fill" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Show" }));
    expect(await group("On sale").findByText("must be a date and time with its offset")).toBeInTheDocument();
  });
});

it("the shows table badges a show with a presale", async () => {
  const row = (id: number, venue: string, presaleCode: string | null) => ({ ...show, id, venue, presaleCode });
  const rows = [row(1, "With Presale", "GHOST24"), row(2, "Without", null)];
  fakeApi({
    "GET /api/admin/shows?upcoming=true&pageSize=50&page=1": () => json(200, { success: true, data: rows, page: { total: 2, page: 1, pageSize: 50 } }),
    "GET /api/admin/shows?past=true&pageSize=50&page=1": () => json(200, { success: true, data: [], page: { total: 0, page: 1, pageSize: 50 } }),
  });
  renderAdminPage(<ShowsPage />, "/shows");
  const withPresale = (await screen.findByText("With Presale")).closest("tr")!;
  expect(within(withPresale).getByText("Presale")).toBeInTheDocument();
  expect(within(screen.getByText("Without").closest("tr")!).queryByText("Presale")).toBeNull();
  // the code itself is not on the table
  expect(screen.queryByText("GHOST24")).toBeNull();
});
