import type { UseQueryResult } from "@tanstack/react-query";
import type { Key, ReactNode } from "react";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { TablePager } from "@client/components/ui/table-pager";
import { NoMatches, TableSearch } from "@client/components/ui/table-search";
import { useClientTable, type ClientTableOptions } from "@client/lib/use-client-table";

/** Rows the admin drags into the order fans see: while a search or a column sort is on, the drag is off. */
export interface ListOrder<T> {
  /** the resource's reorder mutation: gets the new whole order */
  save: { mutate: (ids: Key[]) => void; isPending: boolean };
  /** the row's name for the drag handle's words ("Move Tour Shirt up") */
  label: (row: T) => string;
  /** the button that drops the column sort: "Show the public order" */
  restoreLabel: string;
  /** why the drag is off while searching or sorted */
  blockedReason: string;
}

/** The list's words: the table's caption, the search box's hint, a search that matches nothing, a list that cannot be read. */
export interface ListWords {
  caption: string;
  search: string;
  noMatches: string;
  error: (error: Error) => string;
  loading?: string;
}

interface ListTableProps<T extends { id: number }> {
  /** the whole list, from the resource's hook (the server sends it whole, as the spec says) */
  list: UseQueryResult<T[] | null | undefined, Error>;
  /** what a search looks in and what each sortable column sorts by */
  table: ClientTableOptions<T>;
  columns: Column<T>[];
  words: ListWords;
  /** when the list is empty (a search that matches nothing says `words.noMatches`) */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  order?: ListOrder<T>;
  /** inside the card, above and below the table (a heading, a total) */
  cardTop?: ReactNode;
  cardBottom?: ReactNode;
}

/**
 * An admin list kept in memory (merchandise, videos, band members, audio, lyrics, users): search, column sort and
 * pages in the browser (useClientTable), the table in a card, and optionally the drag-and-drop
 * order the public pages follow.
 */
export function ListTable<T extends { id: number }>({ list, table: options, columns, words, empty, rowClassName, order, cardTop, cardBottom }: ListTableProps<T>) {
  const rows = list.data ?? undefined;
  const table = useClientTable(rows, options);
  return (
    <>
      {(rows?.length ?? 0) > 0 && (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TableSearch className="min-w-0 flex-1" value={table.q} onChange={table.setQuery} placeholder={words.search} />
          {order && table.sortState && (
            <Button variant="ghost" onClick={table.clearSort}>
              {order.restoreLabel}
            </Button>
          )}
        </div>
      )}
      <Card>
        {cardTop}
        <DataTable
          caption={words.caption}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => row.id}
          sort={table.sort}
          reorder={
            order && rows && rows.length > 1
              ? {
                  ids: rows.map((row) => row.id),
                  onReorder: (ids) => order.save.mutate(ids),
                  label: order.label,
                  busy: order.save.isPending,
                  disabledReason: table.sortState || table.searching ? order.blockedReason : undefined,
                }
              : undefined
          }
          isLoading={list.isLoading}
          loadingText={words.loading}
          error={list.error ? words.error(list.error) : undefined}
          onRetry={() => list.refetch()}
          rowClassName={rowClassName}
          empty={table.searching ? <NoMatches title={words.noMatches} onClear={() => table.setQuery("")} /> : empty}
        />
        {cardBottom}
      </Card>
      {table.paged && <TablePager page={table.page} onPage={table.setPage} />}
    </>
  );
}
