import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { Merchandise } from "@shared/schemas/merchandise";
import { formatPrice } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { TablePager } from "@client/components/ui/table-pager";
import { TableSearch } from "@client/components/ui/table-search";
import { useClientTable } from "@client/lib/use-client-table";
import { useDeleteMerchandise, useMerchandise, useReorderMerchandise } from "./api";
import { DemoBadge } from "../components/demo-badge";

const addItem = (
  <Button asChild>
    <Link href="/merchandise/add">
      <Plus className="size-4" aria-hidden /> Add Item
    </Link>
  </Button>
);

function NameCell({ item }: { item: Merchandise }) {
  return (
    <div className="flex items-center gap-3">
      <ImageWithFallback src={item.imageUrl || undefined} alt="" className="size-10 shrink-0 rounded object-cover" fallback={<div className="size-10 shrink-0 rounded bg-ash" aria-hidden />} />
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-bone">{item.name}</span>
        {item.isFeatured && <Star className="size-4 shrink-0 fill-amber text-amber" role="img" aria-label="Featured" />}
        <DemoBadge resource="merchandise" id={item.id} />
      </span>
    </div>
  );
}

export default function MerchandisePage() {
  const items = useMerchandise();
  const del = useConfirmDelete<Merchandise>();
  const remove = useDeleteMerchandise();
  const reorder = useReorderMerchandise();
  // in memory: a band's merch stays small; without a sort the rows are the public order
  const table = useClientTable(items.data, {
    searchText: (m) => `${m.name} ${m.category}`,
    sortBy: { name: (m) => m.name, category: (m) => m.category, price: (m) => Number(m.price) },
  });

  const columns: Column<Merchandise>[] = [
    { header: "Name", sortKey: "name", cell: (m) => <NameCell item={m} /> },
    { header: "Category", sortKey: "category", cell: (m) => m.category },
    { header: "Price", sortKey: "price", cell: (m) => formatPrice(m.price) },
    {
      header: "Status",
      cell: (m) => (
        <div className="flex gap-1.5">
          {m.isNew && <Badge variant="green">New</Badge>}
          {m.comingSoon && <Badge variant="amber">Coming Soon</Badge>}
          {!m.isNew && !m.comingSoon && <span className="text-dust">-</span>}
        </div>
      ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (m) => (
        <RowActions>
          <IconLink href={`/merchandise/edit/${m.id}`} label="Edit" aria-label={`Edit ${m.name}`}>
            <Pencil />
          </IconLink>
          <IconButton label="Delete" aria-label={`Delete ${m.name}`} tone="danger" onClick={() => del.ask(m)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Merchandise" subtitle="Manage your band's merchandise and print-on-demand products." actions={addItem} />
      {(items.data?.length ?? 0) > 0 && (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TableSearch className="min-w-0 flex-1" value={table.q} onChange={table.setQuery} placeholder="Name or category" />
          {table.sortState && (
            <Button variant="ghost" onClick={table.clearSort}>
              Show the public order
            </Button>
          )}
        </div>
      )}
      <Card>
        <DataTable
          caption="Merchandise"
          columns={columns}
          rows={table.rows}
          rowKey={(m) => m.id}
          sort={table.sort}
          reorder={
            items.data && items.data.length > 1
              ? {
                  ids: items.data.map((m) => m.id),
                  onReorder: (ids) => reorder.mutate(ids),
                  label: (m) => m.name,
                  busy: reorder.isPending,
                  disabledReason: table.sortState || table.searching ? "Clear the search and the column sort to drag items into the order fans see." : undefined,
                }
              : undefined
          }
          isLoading={items.isLoading}
          error={items.error ? "Error loading merchandise. Please try again later." : undefined}
          onRetry={() => items.refetch()}
          empty={
            table.searching ? (
              <EmptyState title="No items match" description="Try another search." action={<Button variant="outline" onClick={() => table.setQuery("")}>Clear search</Button>} />
            ) : (
              <EmptyState title="No merchandise" description="Get started by adding your first merchandise item." action={addItem} />
            )
          }
        />
      </Card>
      {table.paged && <TablePager page={table.page} onPage={table.setPage} />}
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`This action cannot be undone. This will permanently delete the merchandise item “${del.target?.name ?? ""}”.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
