import type { ReactNode } from "react";

/** The heading row of an admin page: title, subtitle and the page's main actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    // data-page-header: the browser tests find the row by it (tests/e2e/admin-a11y.ts)
    <div data-page-header="" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-dust">{subtitle}</p>}
      </div>
      {/* beside the title, the actions keep their one line and a long subtitle wraps instead */}
      {actions && <div className="flex flex-wrap gap-2 sm:shrink-0">{actions}</div>}
    </div>
  );
}
