import { Eye, EyeOff, Pencil, Plus, Trash2, Wand2 } from "lucide-react";
import { Link } from "wouter";
import type { Lyrics } from "@shared/schemas/lyrics";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { useDeleteLyrics, useLyrics, usePublishLyrics } from "./api";
import { RecordName } from "../components/record-name";
import { ListTable } from "../components/list-table";

const addLyrics = (label: string) => (
  <Button asChild>
    <Link href="/lyrics/add">
      <Plus className="size-4" aria-hidden /> {label}
    </Link>
  </Button>
);

export default function LyricsPage() {
  const lyrics = useLyrics();
  const del = useConfirmDelete<Lyrics>();
  const publish = usePublishLyrics();
  const remove = useDeleteLyrics();

  const columns: Column<Lyrics>[] = [
    { header: "Title", sortKey: "title", cell: (l) => <RecordName name={l.title} demo={{ resource: "lyrics", id: l.id }} /> },
    { header: "Song Name", sortKey: "songName", cell: (l) => l.songName },
    { header: "Album", sortKey: "album", cell: (l) => l.albumName || <span className="text-dust">-</span> },
    { header: "Year", sortKey: "year", cell: (l) => l.releaseYear || <span className="text-dust">-</span> },
    { header: "Status", sortKey: "status", cell: (l) => (l.isPublished ? <Badge variant="green">Published</Badge> : <Badge>Draft</Badge>) },
    {
      header: "Actions",
      className: "text-right",
      cell: (l) => (
        <RowActions>
          <IconButton
            label={l.isPublished ? "Unpublish" : "Publish"}
            aria-label={`${l.isPublished ? "Unpublish" : "Publish"} ${l.title}`}
            // not disabled while saving: that would drop a keyboard user's focus on <body>
            onClick={() => {
              if (!(publish.isPending && publish.variables?.id === l.id)) publish.mutate({ id: l.id, isPublished: !l.isPublished });
            }}
          >
            {l.isPublished ? <EyeOff /> : <Eye />}
          </IconButton>
          <IconLink href={`/lyrics/edit/${l.id}`} label="Edit" aria-label={`Edit ${l.title}`}>
            <Pencil />
          </IconLink>
          <IconButton label="Delete" aria-label={`Delete ${l.title}`} tone="danger" onClick={() => del.ask(l)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  const actions = (
    <>
      <Button variant="outline" asChild>
        <Link href="/lyrics/auto-add">
          <Wand2 className="size-4" aria-hidden /> Auto-Add Homepage Lyrics
        </Link>
      </Button>
      {addLyrics("Add New Lyrics")}
    </>
  );

  return (
    <div>
      <PageHeader title="Lyrics" subtitle="Manage the song lyrics fans can read on the website." actions={actions} />
      <ListTable
        list={lyrics}
        // search, sort and pages in memory: this list stays small, and the server sends it whole
        table={{ searchText: (l) => `${l.title} ${l.songName} ${l.albumName ?? ""}`, sortBy: { title: (l) => l.title, songName: (l) => l.songName, album: (l) => l.albumName, year: (l) => l.releaseYear, status: (l) => (l.isPublished ? 0 : 1) } }}
        columns={columns}
        words={{ caption: "Lyrics", search: "Title, song or album", noMatches: "No lyrics match", error: () => "Failed to load lyrics. Please try again later.", loading: "Loading lyrics..." }}
        rowClassName={(l) => (l.isPublished ? undefined : "opacity-70")}
        empty={<EmptyState description="No lyrics found." action={addLyrics("Add Your First Lyrics")} />}
      />
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`This will permanently delete the lyrics “${del.target?.title ?? ""}”. This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
