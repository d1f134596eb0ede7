import { useEffect, useRef } from "react";
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
  const submit = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Disabling the focused submit button drops focus on <body>. After a failed save (the form
  // stays) a keyboard user gets it back, unless the form moved it (e.g. to a field's error).
  // Whether the button had focus is noted at its click: by the time pending renders, the browser
  // may already have moved focus away.
  useEffect(() => {
    if (pending) return;
    if (refocus.current && (document.activeElement === document.body || document.activeElement === null)) submit.current?.focus();
    refocus.current = false;
  }, [pending]);
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" asChild>
        <Link href={cancelHref}>{cancelLabel}</Link>
      </Button>
      <Button ref={submit} type="submit" onClick={() => (refocus.current = document.activeElement === submit.current)} disabled={pending || disabled} aria-busy={pending || undefined}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
