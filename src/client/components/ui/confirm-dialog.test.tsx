import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog, useConfirmDelete } from "./confirm-dialog";

const texts = { title: "Are you sure?", description: "This action cannot be undone. This will permanently delete the show." };

describe("ConfirmDialog", () => {
  it("shows Cancel and Delete and calls onConfirm", async () => {
    const onConfirm = vi.fn();
    render(<ConfirmDialog open onOpenChange={() => {}} {...texts} onConfirm={onConfirm} />);
    const dialog = screen.getByRole("alertdialog", { name: "Are you sure?" });
    expect(dialog).toHaveAccessibleDescription(texts.description);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("reads 'Deleting...' and is disabled while pending", async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDialog open onOpenChange={onOpenChange} {...texts} pending onConfirm={onConfirm} />);
    const confirm = screen.getByRole("button", { name: "Deleting..." });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("takes custom labels (subscribers: 'Remove Subscriber' / 'Removing...')", () => {
    render(
      <ConfirmDialog open onOpenChange={() => {}} title="Confirm Deletion" description="..." confirmLabel="Remove Subscriber" pendingLabel="Removing..." pending onConfirm={() => {}} />,
    );
    expect(screen.getByRole("button", { name: "Removing..." })).toBeDisabled();
  });
});

function Harness({ onDelete }: { onDelete: (id: number) => void }) {
  const del = useConfirmDelete<{ id: number; venue: string }>();
  const [rows] = useState([
    { id: 1, venue: "The Pinhook" },
    { id: 2, venue: "Local 506" },
  ]);
  return (
    <>
      {rows.map((r) => (
        <button key={r.id} type="button" onClick={() => del.ask(r)}>
          Delete {r.venue}
        </button>
      ))}
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`Delete ${del.target?.venue ?? ""}?`}
        onConfirm={() => {
          onDelete(del.target!.id);
          del.close();
        }}
      />
    </>
  );
}

describe("useConfirmDelete", () => {
  it("remembers the row, confirms it, and Cancel closes without deleting", async () => {
    const onDelete = vi.fn();
    render(<Harness onDelete={onDelete} />);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete Local 506" }));
    expect(screen.getByRole("alertdialog")).toHaveAccessibleDescription("Delete Local 506?");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Delete Local 506" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith(2);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});

/** A list whose rows really go away when deleted, as an admin list does after its refetch. */
function ListHarness() {
  const del = useConfirmDelete<{ id: number; venue: string }>();
  const [rows, setRows] = useState([
    { id: 1, venue: "The Pinhook" },
    { id: 2, venue: "Local 506" },
  ]);
  return (
    <>
      <section aria-label="Shows list">
        <ul>
          {rows.map((r) => (
            <li key={r.id}>
              <button type="button" onClick={() => del.ask(r)}>
                Delete {r.venue}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description="This action cannot be undone."
        onConfirm={() => {
          setRows((all) => all.filter((r) => r.id !== del.target!.id));
          del.close();
        }}
      />
    </>
  );
}

describe("ConfirmDialog focus (keyboard use)", () => {
  it("moves focus into the dialog, and Escape or Cancel gives it back to the button that opened it", async () => {
    const user = userEvent.setup();
    render(<ListHarness />);
    const trigger = screen.getByRole("button", { name: "Delete Local 506" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it("after the row is deleted, focus lands on the list that held it, not on the page body", async () => {
    const user = userEvent.setup();
    render(<ListHarness />);
    screen.getByRole("button", { name: "Delete Local 506" }).focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(screen.queryByRole("button", { name: "Delete Local 506" })).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole("list")).toContainElement(document.activeElement as HTMLElement);
  });
});
