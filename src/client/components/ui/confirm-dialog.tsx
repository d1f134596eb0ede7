import { AlertDialog } from "radix-ui";
import { useCallback, useState, type ReactNode } from "react";
import { cn } from "@client/lib/cn";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}

const buttonBase =
  "inline-flex h-10 cursor-pointer items-center justify-center rounded-md px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Destructive confirmation (Radix AlertDialog). The confirm button does NOT close the dialog:
 * the caller closes it when the mutation settles, so 'Deleting...' stays visible while pending.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
  cancelLabel = "Cancel",
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-smoke bg-coal p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-bone">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-dust">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel disabled={pending} className={cn(buttonBase, "border border-smoke bg-transparent text-bone hover:bg-ash")}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={onConfirm}
              className={cn(buttonBase, "bg-red-700 text-white hover:bg-red-800")}
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Holds which row is being deleted. Usage:
 *   const del = useConfirmDelete<Show>();
 *   <Button onClick={() => del.ask(show)}>Delete</Button>
 *   <ConfirmDialog {...del.dialogProps} title="Are you sure?" description="..." pending={m.isPending}
 *     onConfirm={() => m.mutate(del.target!.id, { onSettled: del.close })} />
 */
export function useConfirmDelete<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const ask = useCallback((row: T) => setTarget(row), []);
  const close = useCallback(() => setTarget(null), []);
  return {
    target,
    ask,
    close,
    dialogProps: { open: target !== null, onOpenChange: (open: boolean) => !open && setTarget(null) },
  };
}
