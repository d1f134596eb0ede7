import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { Video } from "@shared/schemas/videos";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { Switch } from "@client/components/ui/switch";
import { errorMessage } from "@client/lib/api-client";
import { useDeleteVideo, useReorderVideos, useSetVideoActive, useVideos } from "./api";
import { VIDEO_CATEGORY_LABELS, VIDEO_PLACEHOLDER } from "./video-display";
import { RecordName } from "../components/record-name";
import { ListTable } from "../components/list-table";

const addVideo = (
  <Button asChild>
    <Link href="/videos/add">
      <Plus className="size-4" aria-hidden /> Add Video
    </Link>
  </Button>
);

export default function VideosPage() {
  const videos = useVideos();
  const setActive = useSetVideoActive();
  const remove = useDeleteVideo();
  const reorder = useReorderVideos();
  const columns: Column<Video>[] = [
    {
      header: "Thumbnail",
      card: "field",
      cell: (v) => <ImageWithFallback src={v.thumbnailUrl || VIDEO_PLACEHOLDER} fallbackSrc={VIDEO_PLACEHOLDER} alt="" className="aspect-video w-20 rounded object-cover" />,
    },
    {
      header: "Title",
      sortKey: "title",
      card: "title",
      cell: (v) => (
        <div className="whitespace-normal sm:max-w-[11rem]">
          <RecordName name={v.title} demo={{ resource: "videos", id: v.id }} />
          <p className="line-clamp-2 text-xs text-dust">{v.description}</p>
        </div>
      ),
    },
    { header: "Category", sortKey: "category", cell: (v) => <Badge variant="outline">{VIDEO_CATEGORY_LABELS[v.category] ?? v.category}</Badge> },
    { header: "Order", sortKey: "order", cell: (v) => v.sortOrder, className: "text-center" },
    {
      header: "Active",
      sortKey: "active",
      cell: (v) => (
        <Switch
          checked={v.isActive}
          // not disabled while saving: that would drop a keyboard user's focus on <body>
          aria-busy={(setActive.isPending && setActive.variables?.id === v.id) || undefined}
          onCheckedChange={() => {
            if (!(setActive.isPending && setActive.variables?.id === v.id)) setActive.mutate({ id: v.id, isActive: !v.isActive });
          }}
          aria-label={`Active: ${v.title}`}
        />
      ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (v) => (
        <RowActions>
          <IconLink href={v.embedUrl} external label="View" aria-label={`View ${v.title} in a new tab`}>
            <ExternalLink />
          </IconLink>
          <IconLink href={`/videos/edit/${v.id}`} label="Edit" aria-label={`Edit ${v.title}`}>
            <Pencil />
          </IconLink>
          <IconButton
            label="Delete"
            aria-label={`Delete ${v.title}`}
            tone="danger"
            disabled={remove.isPending && remove.variables === v.id}
            onClick={() => {
              // The spec asks for the browser's own confirm here (unlike the other lists).
              // The spec's sentence, then the video it means.
              if (window.confirm(`Are you sure you want to delete this video?\n\n“${v.title}” will be permanently deleted.`)) remove.mutate(v.id);
            }}
          >
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Videos" subtitle="Manage the videos shown on the website." actions={addVideo} />
      <ListTable
        list={videos}
        // in memory: a band's videos stay few; without a sort the rows are in the admin's order
        table={{
          searchText: (v) => `${v.title} ${v.description} ${VIDEO_CATEGORY_LABELS[v.category] ?? v.category}`,
          sortBy: { title: (v) => v.title, category: (v) => VIDEO_CATEGORY_LABELS[v.category] ?? v.category, order: (v) => v.sortOrder, active: (v) => (v.isActive ? 0 : 1) },
        }}
        columns={columns}
        words={{ caption: "Videos", search: "Title, description or category", noMatches: "No videos match", error: (error) => `Error loading videos: ${errorMessage(error)}` }}
        rowClassName={(v) => (v.isActive ? undefined : "opacity-60")}
        empty={<EmptyState description="No videos found. Add your first video to get started." action={addVideo} />}
        order={{ save: reorder, label: (v) => v.title, restoreLabel: "Show the playing order", blockedReason: "Clear the search and the column sort to drag videos into the order fans see." }}
      />
    </div>
  );
}
