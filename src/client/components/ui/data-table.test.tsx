import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { DataTable, type Column } from "./data-table";
import { EmptyState } from "./empty-state";

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
});
