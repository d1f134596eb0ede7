import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { AdminRelease } from "@shared/api/releases";
import { formatDateTime } from "@shared/format";
import { RELEASE_TYPE_LABELS } from "@shared/release-services";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { useSetting } from "@client/lib/settings";
import { ListTable } from "../components/list-table";
import { RecordName } from "../components/record-name";
import { useDeleteRelease, useReleases } from "./api";

const addRelease = (label: string) => (
  <Button asChild>
    <Link href="/releases/add">
      <Plus className="size-4" aria-hidden /> {label}
    </Link>
  </Button>
);

const isOut = (r: AdminRelease) => new Date(r.releaseAt).getTime() <= Date.now();

/** /admin/releases (issue 25): every release, with what it brought (notify-me addresses, downloads, fans who joined the list). */
export default function ReleasesPage() {
  const releases = useReleases();
  const del = useConfirmDelete<AdminRelease>();
  const remove = useDeleteRelease();
  const timeZone = useSetting("timezone").value;

  const columns: Column<AdminRelease>[] = [
    { header: "Title", sortKey: "title", cell: (r) => <RecordName name={r.title} /> },
    { header: "Type", sortKey: "type", cell: (r) => RELEASE_TYPE_LABELS[r.type] },
    // the list's cells do not wrap unless capped (DataTable): the day over the time, and the fans'
    // counts over each other, so the actions stay in view at 1280 px beside the sidebar
    { header: "Release time", sortKey: "releaseAt", cell: (r) => <span className="inline-block sm:max-w-[7rem]">{formatDateTime(String(r.releaseAt), timeZone)}</span> },
    {
      header: "Status",
      sortKey: "status",
      cell: (r) => (!r.published ? <Badge>Draft</Badge> : isOut(r) ? <Badge variant="green">Out</Badge> : <Badge variant="blue">Counting down</Badge>),
    },
    {
      // who asked to hear first, and the free download's takers: one column, a line each
      header: "Fans",
      cell: (r) => (
        <span className="inline-block sm:max-w-[10rem]">
          {isOut(r) ? `${r.notified} told it's out` : `${r.notifyConfirmed} waiting to hear`}
          {(r.downloadTrackId || r.downloadFile) && <span className="block text-dust">{`${r.downloads} downloads · ${r.joinedList} joined the list`}</span>}
        </span>
      ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (r) => (
        <RowActions>
          {r.published && (
            <IconLink href={`/releases/${r.slug}`} external label="View page" aria-label={`View the page of ${r.title}`}>
              <ExternalLink />
            </IconLink>
          )}
          <IconLink href={`/releases/edit/${r.id}`} label="Edit" aria-label={`Edit ${r.title}`}>
            <Pencil />
          </IconLink>
          <IconButton label="Delete" aria-label={`Delete ${r.title}`} tone="danger" onClick={() => del.ask(r)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Releases" subtitle="Singles, EPs and albums: their pages, the countdown, and who asked to hear first." actions={addRelease("Add Release")} />
      <ListTable
        list={releases}
        table={{
          searchText: (r) => `${r.title} ${r.slug} ${RELEASE_TYPE_LABELS[r.type]}`,
          sortBy: { title: (r) => r.title, type: (r) => r.type, releaseAt: (r) => String(r.releaseAt), status: (r) => (!r.published ? 2 : isOut(r) ? 0 : 1) },
        }}
        columns={columns}
        words={{ caption: "Releases", search: "Title or address", noMatches: "No releases match", error: () => "Failed to load releases. Please try again later.", loading: "Loading releases..." }}
        rowClassName={(r) => (r.published ? undefined : "opacity-70")}
        empty={<EmptyState description="No releases yet." action={addRelease("Add Your First Release")} />}
      />
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`This will permanently delete the release “${del.target?.title ?? ""}”, its page, and the addresses waiting to be told. This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
