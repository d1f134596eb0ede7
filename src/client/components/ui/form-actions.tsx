import { Link } from "wouter";
import { Button } from "./button";

export interface FormActionsProps {
  /** where Cancel goes: inside the admin router (nested at /admin) "/shows", or absolute "~/admin/shows" */
  cancelHref: string;
  submitLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  cancelLabel?: string;
  /** disable submit for other reasons (e.g. an upload in progress) */
  disabled?: boolean;
}

/** The bottom row of a resource form: Cancel (a link back) and Submit ('Saving...' while pending). */
export function FormActions({ cancelHref, submitLabel, pending = false, pendingLabel = "Saving...", cancelLabel = "Cancel", disabled }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" asChild>
        <Link href={cancelHref}>{cancelLabel}</Link>
      </Button>
      <Button type="submit" disabled={pending || disabled} aria-busy={pending || undefined}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
