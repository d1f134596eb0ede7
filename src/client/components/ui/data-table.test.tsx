import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { DataTable, type Column } from "./data-table";
import { EmptyState } from "./empty-state";
import { stubPhone } from "@client/test/phone";

interface Show {
  id: number;
  venue: string;
  active: boolean;
}
const columns: Column<Show>[] = [
  { header: "Venue", cell: (s) => s.venue },
  { header: "Actions", cell: (s) => <button type="button">Edit {s.venue}</button>, className: "text-right" },
];
const base = { columns, rowKey: (s: Show) => s.id, caption: "Shows" };

describe("DataTable", () => {
  it("shows 5 placeholder rows while loading", () => {
    render(<DataTable {...base} isLoading />);
    const table = screen.getByRole("table", { name: "Shows" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(within(table).getAllByTestId("skeleton-row")).toHaveLength(5);
    expect(screen.getByRole("columnheader", { name: "Venue" })).toBeInTheDocument();
  });

  it("shows the load error inline with a Retry button", async () => {
    const onRetry = vi.fn();
    render(<DataTable {...base} rows={undefined} error="Error loading shows. Please try again later." onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading shows. Please try again later.");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows the empty state with its action when there are no rows", () => {
    render(
      <DataTable
        {...base}
        rows={[]}
        empty={<EmptyState title="No shows" description="Get started by adding your first show." action={<Button>Add Show</Button>} />}
      />,
    );
    expect(screen.getByText("No shows")).toBeInTheDocument();
    expect(screen.getByText("Get started by adding your first show.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Show" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("renders one row per record with the row class hook", () => {
    const rows = [
      { id: 1, venue: "The Pinhook", active: true },
      { id: 2, venue: "Cat's Cradle", active: false },
    ];
    render(<DataTable {...base} rows={rows} rowClassName={(s) => (s.active ? "" : "opacity-50")} />);
    const bodyRows = screen.getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(within(bodyRows[0]).getByRole("cell", { name: "The Pinhook" })).toBeInTheDocument();
    expect(within(bodyRows[1]).getByRole("button", { name: "Edit Cat's Cradle" })).toBeInTheDocument();
    expect(bodyRows[1]).toHaveClass("opacity-50");
    expect(bodyRows[0]).not.toHaveClass("opacity-50");
    expect(screen.queryByTestId("skeleton-row")).not.toBeInTheDocument();
  });

  it("makes the headers of sortable columns buttons that report the sort with aria-sort", async () => {
    const onSort = vi.fn();
    const sortable: Column<Show>[] = [{ header: "Venue", cell: (s) => s.venue, sortKey: "venue" }, columns[1]];
    render(<DataTable {...base} columns={sortable} rows={[{ id: 1, venue: "Cat's Cradle", active: true }]} sort={{ key: "venue", dir: "desc", onSort }} />);
    const header = screen.getByRole("columnheader", { name: "Venue" });
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: "Actions" })).not.toHaveAttribute("aria-sort");
    await userEvent.click(within(header).getByRole("button", { name: "Venue" }));
    expect(onSort).toHaveBeenCalledWith("venue");
  });
});

describe("DataTable on a phone and with an admin's order", () => {
  const phone = stubPhone;
  afterEach(() => vi.unstubAllGlobals());

  it("below 640 px the rows become cards: a title, labelled fields and the actions in full", () => {
    phone(true);
    const cols: Column<Show>[] = [{ header: "Venue", cell: (s) => s.venue }, { header: "City", cell: () => "Durham, NC" }, columns[1]];
    render(<DataTable {...base} columns={cols} rows={[{ id: 1, venue: "The Pinhook", active: true }]} />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(screen.getByRole("list", { name: "Shows" })).getByRole("listitem");
    expect(within(card).getByText("The Pinhook")).toBeInTheDocument();
    expect(within(card).getByRole("term")).toHaveTextContent("City");
    expect(within(card).getByRole("definition")).toHaveTextContent("Durham, NC");
    expect(within(card).getByRole("button", { name: "Edit The Pinhook" })).toBeInTheDocument();
  });

  it("moves a row by keyboard with Move up / Move down, across the whole order", async () => {
    phone(false);
    const onReorder = vi.fn();
    const rows = [
      { id: 1, venue: "Tee", active: true },
      { id: 2, venue: "Hoodie", active: true },
      { id: 3, venue: "Poster", active: true },
    ];
    render(<DataTable {...base} rows={rows} reorder={{ ids: [1, 2, 3], onReorder, label: (s) => s.venue }} />);
    expect(screen.getByRole("button", { name: "Move Tee up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Poster down" })).toBeDisabled();
    screen.getByRole("button", { name: "Move Hoodie down" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(onReorder).toHaveBeenLastCalledWith([1, 3, 2]);
    expect(screen.getByRole("button", { name: "Reorder Hoodie" })).toHaveAttribute("aria-roledescription", "sortable");
  });

  it("turns the order off with the reason while sorted or searched", () => {
    phone(false);
    const rows = [
      { id: 1, venue: "Tee", active: true },
      { id: 2, venue: "Hoodie", active: true },
    ];
    render(<DataTable {...base} rows={rows} reorder={{ ids: [1, 2], onReorder: vi.fn(), label: (s) => s.venue, disabledReason: "Clear the search to reorder." }} />);
    expect(screen.getByText("Clear the search to reorder.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move Tee down" })).toBeDisabled();
  });
});
