import { Megaphone, Pencil, Plus, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { Show } from "@shared/schemas/shows";
import { formatDate, formatPrice, todayIso } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { Select } from "@client/components/ui/select";
import type { ShowStatus } from "@shared/show-status";
import { useDeleteShow, useSetShowStatus, useShows } from "./api";
import { STATUS_OPTIONS } from "./status-options";

const addShow = (
  <Button asChild>
    <Link href="/shows/add">
      <Plus className="size-4" aria-hidden /> Add Show
    </Link>
  </Button>
);

export default function ShowsPage() {
  const shows = useShows();
  const today = todayIso();
  const del = useConfirmDelete<Show>();
  const remove = useDeleteShow();
  const setStatus = useSetShowStatus();

  const columns: Column<Show>[] = [
    { header: "Date", cell: (s) => <span className="whitespace-nowrap">{formatDate(s.date)}</span> },
    { header: "Venue", cell: (s) => <span className="font-medium text-bone">{s.venue}</span> },
    { header: "Location", cell: (s) => s.location },
    { header: "Time", cell: (s) => <span className="whitespace-nowrap">{s.time}</span> },
    { header: "Price", cell: (s) => formatPrice(s.price) },
    {
      header: "Actions",
      className: "text-right",
      cell: (s) => (
        <RowActions>
          {/* compact: the Select's own classes set h-10 w-full, so the box sizes it */}
          <div className="w-32 [&>button]:h-8 [&>button]:text-xs">
            <Select
              aria-label={`Status of the show at ${s.venue}`}
              options={STATUS_OPTIONS}
              value={s.status ?? "scheduled"}
              onValueChange={(status) => status !== s.status && setStatus.mutate({ show: s, status: status as ShowStatus })}
            />
          </div>
          {s.date >= today ? (
            <IconLink href={`/subscribers/newsletter?announce=${s.id}`} label="Announce" aria-label={`Announce the show at ${s.venue} to subscribers`}>
              <Megaphone />
            </IconLink>
          ) : (
            // past shows are not announced; the gap keeps the columns of icons aligned
            <span aria-hidden="true" className="h-9 w-9" />
          )}
          <IconLink href={`/shows/edit/${s.id}`} label="Edit" aria-label={`Edit show at ${s.venue}`}>
            <Pencil />
          </IconLink>
          <IconButton label="Delete" aria-label={`Delete show at ${s.venue}`} tone="danger" onClick={() => del.ask(s)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Shows" subtitle="Manage your band's performances and tour dates." actions={addShow} />
      <Card>
        <DataTable
          caption="Shows"
          columns={columns}
          rows={shows.data}
          rowKey={(s) => s.id}
          isLoading={shows.isLoading}
          error={shows.error ? "Error loading shows. Please try again later." : undefined}
          onRetry={() => shows.refetch()}
          // past shows stay listed (they can be corrected) but step back
          rowClassName={(s) => (s.date < today ? "opacity-60" : undefined)}
          empty={<EmptyState title="No shows" description="Get started by adding your first show." action={addShow} />}
        />
      </Card>
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete the show."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
