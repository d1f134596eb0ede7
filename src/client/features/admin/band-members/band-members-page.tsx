import { Pencil, Plus, Trash2, UserCheck, UserX } from "lucide-react";
import { Link } from "wouter";
import { formatDate } from "@shared/format";
import type { BandMember } from "@shared/schemas/band-members";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { CardFooter } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHeader } from "@client/components/ui/page-header";
import { mediaUrl } from "@client/lib/media-url";
import { AboutCard } from "./about-card";
import { useDeleteMember, useMembers, useToggleMemberActive } from "./api";
import { BiosSwitch } from "./bios-switch";
import { RecordName } from "../components/record-name";
import { ListTable } from "../components/list-table";

const Initial = ({ name }: { name: string }) => (
  <div className="grid h-10 w-10 place-items-center rounded-full bg-smoke font-semibold text-bone" aria-hidden="true">
    {name.trim().charAt(0).toUpperCase() || "?"}
  </div>
);

export default function BandMembersPage() {
  const members = useMembers();
  const toggle = useToggleMemberActive();
  const remove = useDeleteMember();
  const del = useConfirmDelete<BandMember>();
  const count = members.data?.length ?? 0;

  const columns: Column<BandMember>[] = [
    {
      header: "Image",
      className: "w-16",
      cell: (m) =>
        m.imageUrl ? (
          <ImageWithFallback src={mediaUrl(m.imageUrl)} alt={m.altText || m.name} className="h-10 w-10 rounded-full object-cover" fallback={<Initial name={m.name} />} />
        ) : (
          <Initial name={m.name} />
        ),
    },
    { header: "Name", sortKey: "name", cell: (m) => <RecordName name={m.name} demo={{ resource: "bandMembers", id: m.id }} /> },
    { header: "Role", sortKey: "role", cell: (m) => m.role },
    { header: "Status", sortKey: "status", cell: (m) => <Badge variant={m.isActive ? "green" : "outline"}>{m.isActive ? "Active" : "Inactive"}</Badge> },
    { header: "Join Date", sortKey: "joinDate", cell: (m) => formatDate(m.joinDate) || "-" },
    {
      header: "Actions",
      className: "text-right",
      cell: (m) => (
        <RowActions>
          <IconButton label={m.isActive ? "Set inactive" : "Set active"} aria-label={`${m.isActive ? "Set inactive" : "Set active"}: ${m.name}`} onClick={() => toggle.mutate(m)}>
            {m.isActive ? <UserX /> : <UserCheck />}
          </IconButton>
          <IconLink href={`/band-members/edit/${m.id}`} label="Edit" aria-label={`Edit ${m.name}`}>
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
    <div className="space-y-6">
      <PageHeader
        title="Band Members"
        subtitle="Manage the band's lineup and the About section of the website."
        actions={
          <Button asChild>
            <Link href="/band-members/add">
              <Plus className="h-4 w-4" aria-hidden="true" /> Add Band Member
            </Link>
          </Button>
        }
      />
      <AboutCard />
      <ListTable
        list={members}
        // search, sort and pages in memory: this list stays small, and the server sends it whole
        table={{ searchText: (m) => `${m.name} ${m.role}`, sortBy: { name: (m) => m.name, role: (m) => m.role, status: (m) => (m.isActive ? 0 : 1), joinDate: (m) => m.joinDate } }}
        columns={columns}
        words={{ caption: "Band members", search: "Name or role", noMatches: "No band members match", error: () => "Error loading band members" }}
        rowClassName={(m) => (m.isActive ? undefined : "opacity-50")}
        empty={<EmptyState description="No band members found. Add your first band member to get started." />}
        cardTop={
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-smoke p-4">
            <h2 className="text-lg font-semibold">Members</h2>
            <BiosSwitch />
          </div>
        }
        cardBottom={
          count > 0 && (
            <CardFooter className="text-sm text-dust">
              {/* the spec's wording, verbatim */}
              Total: {count} band member(s)
            </CardFooter>
          )
        }
      />
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={
          <>
            This will permanently delete {del.target?.name ?? "this band member"}. This action cannot be undone. To take them off the website but keep their
            details, set the member inactive instead.
          </>
        }
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
