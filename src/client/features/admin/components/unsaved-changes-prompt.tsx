import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { useUnsavedChanges } from "@client/lib/use-unsaved-changes";

/**
 * Put once in an admin form: `<UnsavedChangesPrompt when={form.formState.isDirty && !save.isSuccess} />`.
 * While `when` holds, leaving by a link or Back asks 'Leave without saving?' (Stay / Leave), and
 * closing the tab gets the browser's prompt.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const guard = useUnsavedChanges(when);
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => !open && guard.stay()}
      title="Leave without saving?"
      description="Your changes on this page have not been saved. If you leave now, they are lost."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onConfirm={guard.leave}
    />
  );
}
