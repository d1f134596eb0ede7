import { Music, Pause, Pencil, Play, Plus, Star, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { firstFeaturedTrackId } from "@shared/featured-order";
import { formatDuration } from "@shared/format";
import type { AudioTrack } from "@shared/schemas/audio-tracks";
import { DEFAULT_COVER_ART } from "@shared/settings-defaults";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { Switch } from "@client/components/ui/switch";
import { Tooltip } from "@client/components/ui/tooltip";
import { cn } from "@client/lib/cn";
import { useDeleteTrack, useToggleActive, useToggleFeatured, useTracks } from "./api";
import { mediaUrl } from "@client/lib/media-url";
import { useTrackPreview } from "./use-track-preview";
import { RecordName } from "../components/record-name";
import { ListTable } from "../components/list-table";

const AddTrack = ({ label = "Add Track" }: { label?: string }) => (
  <Button asChild>
    <Link href="/audio/add">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  </Button>
);

export default function AudioPage() {
  const tracks = useTracks();
  const preview = useTrackPreview();
  const featured = useToggleFeatured();
  const active = useToggleActive();
  const remove = useDeleteTrack();
  const del = useConfirmDelete<AudioTrack>();
  const playsFirst = firstFeaturedTrackId(tracks.data ?? []);

  const columns: Column<AudioTrack>[] = [
    {
      header: "Play",
      className: "w-14",
      cell: (t) => {
        const playing = preview.playingId === t.id;
        return (
          <Button variant={playing ? "primary" : "outline"} size="icon" onClick={() => preview.toggle(t)} aria-label={playing ? `Stop ${t.title}` : `Play ${t.title}`} aria-pressed={playing}>
            {playing ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
          </Button>
        );
      },
    },
    {
      header: "Cover",
      className: "w-16",
      cell: (t) => (
        <ImageWithFallback
          src={t.coverArtUrl ? mediaUrl(t.coverArtUrl) : DEFAULT_COVER_ART}
          fallbackSrc={DEFAULT_COVER_ART}
          alt={`Cover art of ${t.title}`}
          className="h-10 w-10 rounded object-cover"
          fallback={<div className="grid h-10 w-10 place-items-center rounded bg-ash"><Music className="h-4 w-4 text-dust" aria-hidden="true" /></div>}
        />
      ),
    },
    {
      header: "Title",
      sortKey: "title",
      cell: (t) => (
        <RecordName name={t.title} demo={{ resource: "audioTracks", id: t.id }}>
          {t.unreleased && (
            <span className="rounded border border-sky-500/50 px-1.5 py-0.5 text-xs font-semibold text-sky-300" title="Not on the site: streamed only on the private press links it is added to">
              Unreleased
            </span>
          )}
          {t.id === playsFirst && (
            <span className="rounded border border-amber/60 px-1.5 py-0.5 text-xs font-semibold text-amber" title="The featured player on the site starts with this track (the featured track updated last)">
              Plays first
            </span>
          )}
        </RecordName>
      ),
    },
    { header: "Artist", sortKey: "artist", cell: (t) => t.artist },
    { header: "Duration", sortKey: "duration", cell: (t) => <span className="tabular-nums">{formatDuration(t.duration)}</span> },
    {
      header: "Featured", sortKey: "featured",
      cell: (t) => (
        <Tooltip content={t.isFeatured ? "Featured: click to unfeature" : "Click to feature"}>
          <Button variant="ghost" size="icon" onClick={() => featured.mutate(t)} aria-label={`Featured: ${t.title}`} aria-pressed={t.isFeatured}>
            <Star className={cn("h-5 w-5", t.isFeatured ? "fill-amber text-amber" : "text-dust")} aria-hidden="true" />
          </Button>
        </Tooltip>
      ),
    },
    { header: "Active", sortKey: "active", cell: (t) => <Switch checked={t.isActive} onCheckedChange={() => active.mutate(t)} aria-label={`Active: ${t.title}`} /> },
    {
      header: "Actions",
      className: "text-right",
      cell: (t) => (
        <RowActions>
          <IconLink href={`/audio/edit/${t.id}`} label="Edit" aria-label={`Edit ${t.title}`}>
            <Pencil />
          </IconLink>
          <IconButton label="Delete" aria-label={`Delete ${t.title}`} tone="danger" onClick={() => del.ask(t)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Audio Tracks" subtitle="Manage your tracks and choose what the header player features." actions={<AddTrack />} />
      <ListTable
        list={tracks}
        // search, sort and pages in memory: this list stays small, and the server sends it whole
        table={{ searchText: (t) => `${t.title} ${t.artist}`, sortBy: { title: (t) => t.title, artist: (t) => t.artist, duration: (t) => t.duration, featured: (t) => (t.isFeatured ? 0 : 1), active: (t) => (t.isActive ? 0 : 1) } }}
        columns={columns}
        words={{ caption: "Audio tracks", search: "Title or artist", noMatches: "No tracks match", error: () => "Error loading audio tracks" }}
        rowClassName={(t) => (t.isActive ? undefined : "opacity-60")}
        empty={<EmptyState icon={<Music className="h-8 w-8" />} title="No Audio Tracks" description="Upload a track or link one to get started." action={<AddTrack label="Add Your First Track" />} />}
      />
      <ConfirmDialog
        {...del.dialogProps}
        title="Delete Audio Track"
        description={`Are you sure you want to delete the audio track “${del.target?.title ?? ""}”? This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
