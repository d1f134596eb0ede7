import type { Key, ReactNode } from "react";
import { SKELETON_ROWS } from "@shared/constants";
import { cn } from "@client/lib/cn";
import { Button } from "./button";
import { Skeleton } from "./skeleton";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** applied to both the header and the cells of this column (e.g. "text-right w-24") */
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows?: T[];
  rowKey: (row: T) => Key;
  /** a screen-reader caption, e.g. "Shows" */
  caption: string;
  isLoading?: boolean;
  /** a loading sentence the spec gives for this list (e.g. 'Loading lyrics...'), shown instead of the skeleton rows */
  loadingText?: string;
  /** inline load error text (role=alert); shown instead of the rows */
  error?: string;
  onRetry?: () => void;
  /** shown when rows is an empty array: usually an <EmptyState /> */
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

/**
 * The admin list table: loading skeleton (SKELETON_ROWS rows), inline error with Retry,
 * empty state, rows. It scrolls horizontally inside its own box, so a phone page never overflows.
 */
export function DataTable<T>({ columns, rows, rowKey, caption, isLoading, loadingText, error, onRetry, empty, rowClassName, className }: DataTableProps<T>) {
  if (isLoading && loadingText) {
    return (
      <p role="status" className={cn("px-4 py-10 text-center text-sm text-dust", className)}>
        {loadingText}
      </p>
    );
  }
  if (error && !isLoading) {
    return (
      <div role="alert" className={cn("flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-red-400", className)}>
        <p>{error}</p>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    );
  }
  if (!isLoading && rows && rows.length === 0 && empty !== undefined) {
    return <div className={className}>{empty}</div>;
  }
  return (
    <div className={cn("w-full max-w-full overflow-x-auto", className)}>
      <table className="w-full min-w-max caption-bottom border-collapse text-left text-sm" aria-busy={isLoading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-smoke">
            {columns.map((col, c) => (
              <th key={c} scope="col" className={cn("whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-dust", col.className)}>
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} data-testid="skeleton-row" className="border-b border-smoke/60 last:border-0">
                  {columns.map((col, c) => (
                    <td key={c} className={cn("px-4 py-3", col.className)}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </td>
                  ))}
                </tr>
              ))
            : rows?.map((row) => (
                <tr key={rowKey(row)} className={cn("border-b border-smoke/60 transition-colors last:border-0 hover:bg-ash/60", rowClassName?.(row))}>
                  {columns.map((col, c) => (
                    <td key={c} className={cn("px-4 py-3 align-middle", col.className)}>
                      {col.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
