import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { CSSProperties, Key, ReactNode, Ref } from "react";
import { SKELETON_ROWS } from "@shared/constants";
import { cn } from "@client/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "@client/lib/use-media-query";
import { Button } from "./button";
import { Skeleton } from "./skeleton";
import { SortableRows, useSortableRow, type Reorder } from "./sortable-rows";

export type { Reorder } from "./sortable-rows";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** applied to both the header and the cells of this column (e.g. "text-right w-24") */
  className?: string;
  /** the key the table's `sort` knows this column by: its header becomes a sort button */
  sortKey?: string;
  /**
   * Where the column goes when a phone shows the rows as cards: "title" (the card's heading;
   * by default the first column), "actions" (a full-width row at the bottom; by default the
   * column headed "Actions"), "hidden", or, by default, a labelled line.
   */
  card?: "title" | "actions" | "hidden" | "field";
}

/** Sorting done elsewhere (e.g. by the server): which column, which way, and what a header click asks for. */
export interface TableSort {
  key: string;
  dir: "asc" | "desc";
  onSort: (key: string) => void;
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
  /** sortable headers for the columns with a `sortKey`; the rows come already sorted */
  sort?: TableSort;
  /** rows the admin can reorder (drag handle, keyboard, Move up/down) in a first column */
  reorder?: Reorder<T>;
  /** false keeps the table on a phone too (default: rows become cards below 640 px, so actions never scroll off-screen) */
  cardsOnPhone?: boolean;
}

const cardRoleOf = <T,>(col: Column<T>, index: number) => col.card ?? (col.header === "Actions" ? "actions" : index === 0 ? "title" : "field");

interface RowProps<T> {
  row: T;
  id: Key;
  columns: Column<T>[];
  className?: string;
  reorder?: Reorder<T>;
  layout: "table" | "cards";
}

/** One record: a table row, or a card on a phone (title, labelled fields, then the actions in full). */
function RecordView<T>({ row, columns, className, layout, sortable }: Omit<RowProps<T>, "id" | "reorder"> & { sortable?: { ref: Ref<HTMLElement>; style: CSSProperties; handle: ReactNode; dragging: boolean } | null }) {
  if (layout === "cards") {
    const roles = columns.map(cardRoleOf);
    return (
      <li ref={sortable?.ref as Ref<HTMLLIElement>} style={sortable?.style} className={cn("grid gap-2 border-b border-smoke/60 px-4 py-3 last:border-0", sortable?.dragging && "bg-ash", className)}>
        <div className="flex items-start gap-2">
          {sortable?.handle}
          {/* wrap-anywhere: an unbroken run (a 90-character name) wraps instead of widening the card past the phone */}
          <div className="min-w-0 flex-1 font-medium text-bone wrap-anywhere">{columns.map((col, c) => roles[c] === "title" && <div key={c}>{col.cell(row)}</div>)}</div>
        </div>
        <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {columns.map(
            (col, c) =>
              roles[c] === "field" && (
                <div key={c} className="contents">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-dust">{col.header}</dt>
                  <dd className="min-w-0 wrap-anywhere">{col.cell(row)}</dd>
                </div>
              ),
          )}
        </dl>
        {columns.map(
          (col, c) =>
            roles[c] === "actions" && (
              <div key={c} className="flex flex-wrap justify-end [&>div]:flex-wrap">
                {col.cell(row)}
              </div>
            ),
        )}
      </li>
    );
  }
  return (
    <tr ref={sortable?.ref as Ref<HTMLTableRowElement>} style={sortable?.style} className={cn("border-b border-smoke/60 transition-colors last:border-0 hover:bg-ash/60", sortable?.dragging && "bg-ash", className)}>
      {sortable && <td className="w-px px-2 py-2 align-middle">{sortable.handle}</td>}
      {columns.map((col, c) => (
        <td key={c} className={cn("px-4 py-3 align-middle", col.className)}>
          {col.cell(row)}
        </td>
      ))}
    </tr>
  );
}

function SortableRecord<T>({ id, reorder, ...props }: RowProps<T>) {
  const sortable = useSortableRow(reorder, props.row, id);
  return <RecordView {...props} sortable={sortable} />;
}

function SortHeader({ label, sortKey, sort, outsideHeader }: { label: string; sortKey: string; sort: TableSort; outsideHeader?: boolean }) {
  const active = sort.key === sortKey;
  // in a header, aria-sort tells the state; outside one (cards), the button says it
  const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sort.onSort(sortKey)}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-bone focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-blood",
        // above the cards the buttons wrap into lines: 24 px tall so a finger has room (WCAG 2.5.8)
        outsideHeader && "min-h-6",
        active && "text-bone",
      )}
    >
      {label}
      {outsideHeader && active && <span className="sr-only">{sort.dir === "asc" ? " (ascending)" : " (descending)"}</span>}
      <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
    </button>
  );
}

/**
 * The admin list table: loading skeleton (SKELETON_ROWS rows), inline error with Retry,
 * empty state, rows; optional sortable headers and admin-ordered rows. On a phone the rows
 * become cards (each column a labelled line, the actions in full at the bottom), so edit and
 * delete never sit off-screen; a wide table on a tablet scrolls inside its own box.
 */
export function DataTable<T>({ columns, rows, rowKey, caption, isLoading, loadingText, error, onRetry, empty, rowClassName, className, sort, reorder, cardsOnPhone = true }: DataTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
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
  const layout = cardsOnPhone && phone ? "cards" : "table";
  const records = rows?.map((row) => {
    const id = rowKey(row);
    const props = { row, id, columns, className: rowClassName?.(row), layout } as const;
    return reorder ? <SortableRecord key={id} {...props} reorder={reorder} /> : <RecordView key={id} {...props} />;
  });
  const body = reorder && rows ? <SortableRows reorder={reorder} rows={rows} rowKey={rowKey}>{records}</SortableRows> : records;
  const note = reorder?.disabledReason && <p className="px-4 pt-3 text-xs text-dust">{reorder.disabledReason}</p>;

  if (layout === "cards") {
    return (
      <div className={className}>
        {note}
        {sort && columns.some((col) => col.sortKey) && (
          // no headers on a card: the sort buttons sit above the list
          <div role="group" aria-label="Sort by" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-smoke px-4 py-2 text-xs font-semibold text-dust">
            <span aria-hidden>Sort:</span>
            {columns.map((col, c) => col.sortKey && <SortHeader key={c} label={col.header} sortKey={col.sortKey} sort={sort} outsideHeader />)}
          </div>
        )}
        {isLoading ? (
          <ul aria-label={caption} aria-busy>
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li key={i} data-testid="skeleton-row" className="grid gap-2 border-b border-smoke/60 px-4 py-3 last:border-0">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-4 w-full" />
              </li>
            ))}
          </ul>
        ) : (
          <ul aria-label={caption}>{body}</ul>
        )}
      </div>
    );
  }

  return (
    <div className={cn("w-full max-w-full overflow-x-auto", className)}>
      {note}
      <table className="w-full min-w-max caption-bottom border-collapse text-left text-sm" aria-busy={isLoading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-smoke">
            {reorder && (
              <th scope="col" className="w-px px-2 py-3 text-xs font-semibold uppercase tracking-wide text-dust">
                <span className="sr-only">Order</span>
              </th>
            )}
            {columns.map((col, c) => (
              <th
                key={c}
                scope="col"
                aria-sort={sort && col.sortKey ? (sort.key === col.sortKey ? (sort.dir === "asc" ? "ascending" : "descending") : "none") : undefined}
                className={cn("whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-dust", col.className)}
              >
                {sort && col.sortKey ? <SortHeader label={col.header} sortKey={col.sortKey} sort={sort} /> : col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} data-testid="skeleton-row" className="border-b border-smoke/60 last:border-0">
                  {reorder && <td />}
                  {columns.map((col, c) => (
                    <td key={c} className={cn("px-4 py-3", col.className)}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </td>
                  ))}
                </tr>
              ))
            : body}
        </tbody>
      </table>
    </div>
  );
}
