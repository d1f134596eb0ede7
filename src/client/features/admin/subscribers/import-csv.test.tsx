import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import { ImportCsvButton } from "./import-csv";

const uploaded = {
  importId: "abcdefghijklmnopqrstuv",
  fileName: "fans.csv",
  columns: ["Email", "Name", "Interests", "State"],
  rows: [
    ["ann@example.com", "Ann", "shows; releases", "US-NC"],
    ["dan@example.com", "=HYPERLINK(1)", "", ""],
    ["bob@example.com", "Bob", "", "Germany"],
  ],
  rowCount: 1200,
  suggestedMapping: { email: 0, name: 1, interests: 2, region: 3 },
};
const report = {
  added: 1,
  updated: 1,
  duplicates: 0,
  rejected: 1500,
  rejectedRows: [{ line: 3, email: "dan@example.com", reason: "Name starts with =, +, - or @ (a spreadsheet would run it as a formula)" }],
  verificationMails: 0,
};

const csvFile = () => new File(["Email,Name\n"], "fans.csv", { type: "text/csv" });

describe("Import CSV dialog", () => {
  it("uploads, shows the mapping and the first rows as they will be imported, imports with consent and shows the report", async () => {
    const user = userEvent.setup();
    const { writes } = fakeApi({
      "POST /api/subscribers/import": () => json(200, { success: true, data: uploaded }),
      [`POST /api/subscribers/import/${uploaded.importId}`]: () => json(200, { success: true, message: "Imported", data: report }),
    });
    const { queryClient } = renderAdminPage(<ImportCsvButton />);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import CSV" });
    await user.upload(within(dialog).getByLabelText("CSV file: choose a file"), csvFile());

    // the suggested mapping is preselected; the preview reads the rows with the import's own rules
    expect(await within(dialog).findByText(/1,200 rows\. Choose which column holds each field/)).toBeInTheDocument();
    expect(within(dialog).getByText("Preview: the first 3 of 1,200 rows")).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Email (required)" })).toHaveTextContent("Email");
    expect(within(dialog).getByRole("combobox", { name: "Region" })).toHaveTextContent("State");
    const preview = within(dialog).getByRole("table", { name: "Preview of the first rows" });
    expect(within(preview).getByText("ann@example.com")).toBeInTheDocument();
    expect(within(preview).getByText("Shows, Releases")).toBeInTheDocument();
    expect(within(preview).getByText("North Carolina")).toBeInTheDocument();
    expect(within(preview).getByText("Germany")).toBeInTheDocument();
    expect(within(preview).getByText("All three (new fans)")).toBeInTheDocument();
    expect(within(preview).getByText(/Rejected: Name starts with =/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole("checkbox", { name: "These people already opted in" }));
    await user.click(within(dialog).getByRole("button", { name: "Import" }));

    const done = await screen.findByRole("dialog", { name: "Import finished" });
    expect(writes().at(-1)).toMatchObject({ url: `/api/subscribers/import/${uploaded.importId}`, body: { mapping: uploaded.suggestedMapping, alreadyOptedIn: true } });
    expect(within(done).getByText("Skipped as duplicates")).toBeInTheDocument();
    expect(within(done).getByText("1,500")).toBeInTheDocument();
    expect(within(done).getByText("Showing the first 1 of 1,500 rejected rows.")).toBeInTheDocument();
    const rejected = within(done).getByRole("table", { name: "Rejected rows" });
    expect(within(rejected).getByText("dan@example.com")).toBeInTheDocument();
    // the subscriber list, stats and dashboard counts are refreshed
    for (const key of ["/api/subscribers", "/api/subscribers/stats"]) expect(invalidate).toHaveBeenCalledWith({ queryKey: [key] });

    await user.click(within(done).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's reason for a refused file, and asks for the email column before importing", async () => {
    const user = userEvent.setup();
    let answer = json(400, { success: false, message: "The file is not UTF-8 text (line 2). Save it as CSV (UTF-8) and upload that file." });
    const { writes } = fakeApi({ "POST /api/subscribers/import": () => answer });
    renderAdminPage(<ImportCsvButton />);
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import CSV" });
    const input = within(dialog).getByLabelText("CSV file: choose a file");
    await user.upload(input, csvFile());
    expect(await within(dialog).findByText(/The file is not UTF-8 text \(line 2\)/)).toBeInTheDocument();

    answer = json(200, { success: true, data: { ...uploaded, columns: ["Who", "Where"], suggestedMapping: { email: null, name: null, interests: null, region: null } } });
    await user.upload(within(dialog).getByLabelText("CSV file: choose a file"), csvFile());
    expect(await within(dialog).findByText(/Choose the email column to see the first rows/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(within(dialog).getByText("Choose the column that holds the email addresses")).toBeInTheDocument();
    expect(writes()).toHaveLength(2); // the two uploads, no import
  });
});
