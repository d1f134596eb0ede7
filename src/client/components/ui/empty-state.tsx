import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** e.g. the 'Add Show' button */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing: title, one line of text and the next step. */
export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-2 px-4 py-10 text-center", className)}>
      {icon && <div className="mb-1 text-dust">{icon}</div>}
      {title && <p className="text-base font-semibold text-bone">{title}</p>}
      {description && <p className="max-w-sm text-sm text-dust">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
