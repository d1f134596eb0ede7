import { useId, type ReactElement, type ReactNode, cloneElement } from "react";
import { Label } from "./label";

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** the control; it receives id, aria-invalid and aria-describedby */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** Label + control + hint + error, wired for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const controlId = (children.props.id as string | undefined) ?? id;
  return (
    <div className={className ?? "space-y-1.5"}>
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, { id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-dust">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
