import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ImportState } from "@shared/api/subscribers";
import { fakeApi, json, renderAdminPage } from "@client/test/render-admin-page";
import SubscribersPage from "./subscribers-page";

const interrupted: ImportState = {
  importId: "abcdefghijklmnopqrstuv",
  fileName: "fans-2026.csv",
  state: "interrupted",
  processedRows: 124000,
  totalRows: 307156,
  startedAt: "2026-11-20T09:30:00.000Z",
  added: 120000,
  updated: 3000,
  duplicates: 500,
  rejected: 500,
};
const finished = { added: 180000, updated: 4156, duplicates: 900, rejected: 2100, rejectedRows: [], verificationMails: 180000 };
const emptyPage = () => json(200, { success: true, data: [], page: { total: 0, page: 1, pageSize: 50 } });

/** The subscribers page with one started import (GET /api/subscribers/imports answers `states()`). */
function page(states: () => ImportState[]) {
  const routes = new Proxy({} as Record<string, (body: unknown, url: string) => Response>, {
    get: (_target, key: string) => {
      if (key === "GET /api/subscribers/imports") return () => json(200, { success: true, data: states() });
      if (key.startsWith("GET /api/subscribers?")) return emptyPage;
      if (key === `POST /api/subscribers/import/${interrupted.importId}/resume`) return () => json(200, { success: true, message: "Imported", data: finished });
      if (key === `DELETE /api/subscribers/import/${interrupted.importId}`) return () => json(200, { success: true, message: "Import discarded" });
      return undefined;
    },
  });
  const api = fakeApi(routes);
  renderAdminPage(<SubscribersPage />);
  return api;
}

describe("subscribers page: an interrupted import (issue 20)", () => {
  it("says an import was interrupted, how far it got, and resumes it: the report of the whole file, the notice gone", async () => {
    const user = userEvent.setup();
    let states = [interrupted];
    const { writes } = page(() => states);
    const notice = await screen.findByRole("region", { name: "An import was interrupted" });
    expect(within(notice).getByText(/stopped after 124,000 of 307,156 rows \(40%\)/)).toBeInTheDocument();
    expect(within(notice).getByText("fans-2026.csv")).toBeInTheDocument();
    expect(within(notice).getByText(/Nov 20, 2026/)).toBeInTheDocument();
    expect(within(notice).getByText(/So far: 120,000 added, 3,000 updated, 500 duplicates skipped, 500 rejected\./)).toBeInTheDocument();
    expect(within(notice).getByText(/Resume it to import the rest of the file, or discard it/)).toBeInTheDocument();

    states = [];
    await user.click(within(notice).getByRole("button", { name: "Resume import" }));
    const done = await screen.findByRole("dialog", { name: "Import finished" });
    expect(writes()).toEqual([{ method: "POST", url: `/api/subscribers/import/${interrupted.importId}/resume`, body: undefined }]);
    expect(within(done).getByText("180,000")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "An import was interrupted" })).not.toBeInTheDocument());
    await user.click(within(done).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("discards it after a confirmation that says the file goes and the imported fans stay", async () => {
    const user = userEvent.setup();
    let states = [interrupted];
    const { writes } = page(() => states);
    const notice = await screen.findByRole("region", { name: "An import was interrupted" });
    await user.click(within(notice).getByRole("button", { name: "Discard" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Discard this import?" });
    expect(within(confirm).getByText("The uploaded file fans-2026.csv is deleted. The 123,000 fans imported before it stopped stay on the list.")).toBeInTheDocument();
    states = [];
    await user.click(within(confirm).getByRole("button", { name: "Discard" }));
    expect(await screen.findByText("Import discarded")).toBeInTheDocument();
    expect(writes()).toEqual([{ method: "DELETE", url: `/api/subscribers/import/${interrupted.importId}`, body: undefined }]);
    await waitFor(() => expect(screen.queryByRole("region", { name: "An import was interrupted" })).not.toBeInTheDocument());
  });

  it("shows a running import with its progress and no buttons, and nothing when there is none", async () => {
    page(() => [{ ...interrupted, state: "running" }]);
    const running = await screen.findByText(/Importing/);
    expect(running.closest("[role=status]")).toHaveTextContent("Importing fans-2026.csv: 124,000 of 307,156 rows (40%) done so far.");
    expect(screen.queryByRole("button", { name: "Resume import" })).not.toBeInTheDocument();
  });
});
