import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { Merchandise } from "@shared/schemas/merchandise";
import { formatPrice } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { useDeleteMerchandise, useMerchandise, useReorderMerchandise } from "./api";
import { RecordName } from "../components/record-name";
import { ListTable } from "../components/list-table";

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
      <RecordName name={item.name} demo={{ resource: "merchandise", id: item.id }}>
        {item.isFeatured && <Star className="size-4 shrink-0 fill-amber text-amber" role="img" aria-label="Featured" />}
      </RecordName>
    </div>
  );
}

export default function MerchandisePage() {
  const items = useMerchandise();
  const del = useConfirmDelete<Merchandise>();
  const remove = useDeleteMerchandise();
  const reorder = useReorderMerchandise();
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
      <ListTable
        list={items}
        // in memory: a band's merch stays small; without a sort the rows are the public order
        table={{ searchText: (m) => `${m.name} ${m.category}`, sortBy: { name: (m) => m.name, category: (m) => m.category, price: (m) => Number(m.price) } }}
        columns={columns}
        words={{ caption: "Merchandise", search: "Name or category", noMatches: "No items match", error: () => "Error loading merchandise. Please try again later." }}
        empty={<EmptyState title="No merchandise" description="Get started by adding your first merchandise item." action={addItem} />}
        order={{ save: reorder, label: (m) => m.name, restoreLabel: "Show the public order", blockedReason: "Clear the search and the column sort to drag items into the order fans see." }}
      />
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
