import { AlertDialog } from "radix-ui";
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";
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
  /** where focus goes when the opener went with what was deleted (default: its nearest ancestor still there) */
  focusWhenOpenerGone?: RefObject<HTMLElement | null>;
}

const buttonBase =
  "inline-flex h-10 cursor-pointer items-center justify-center rounded-md px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Where focus goes when the dialog closes. Radix returns it to an AlertDialog.Trigger, but this
 * dialog is opened from table rows without one, so without this focus fell to <body>. The
 * button that opened it gets focus back; when a delete removed that button (with its row),
 * the nearest part of the page that is still there (the table, or the list's card) does.
 */
function restoreFocus(opener: HTMLElement | null, ancestors: HTMLElement[], fallback: HTMLElement | null | undefined) {
  if (opener?.isConnected) return opener.focus();
  const target = fallback?.isConnected ? fallback : ancestors.find((el) => el.isConnected && el !== document.body);
  if (!target) return;
  // a container is not focusable by itself: -1 makes it focusable by script only (not by Tab)
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) {
    target.setAttribute("tabindex", "-1");
    target.addEventListener("blur", () => target.removeAttribute("tabindex"), { once: true });
  }
  target.focus({ preventScroll: true });
}

/**
 * Destructive confirmation (Radix AlertDialog). The confirm button does NOT close the dialog:
 * the caller closes it when the mutation settles, so 'Deleting...' stays visible while pending.
 * Keyboard: focus moves to Cancel on open, Escape closes, and focus returns to the opener.
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
  focusWhenOpenerGone,
}: ConfirmDialogProps) {
  const opener = useRef<{ element: HTMLElement | null; ancestors: HTMLElement[] }>({ element: null, ancestors: [] });
  // Layout effect: runs before Radix moves focus into the dialog, so activeElement is still the opener.
  useLayoutEffect(() => {
    if (!open) return;
    const element = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const ancestors: HTMLElement[] = [];
    for (let el = element?.parentElement; el; el = el.parentElement) ancestors.push(el);
    opener.current = { element, ancestors };
  }, [open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-[1px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus(opener.current.element, opener.current.ancestors, focusWhenOpenerGone?.current);
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-smoke bg-coal p-6 shadow-xl focus:outline-none">
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
