import { Pencil, Plus, Power, PowerOff, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { PRIMARY_ADMIN_ID } from "@shared/constants";
import type { AdminUser } from "@shared/schemas/users";
import { formatDate } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { getStoredAdmin } from "@client/lib/auth-storage";
import { ListTable } from "../components/list-table";
import { useDeleteUser, useToggleUserActive, useUsers } from "./api";

const addAdmin = (
  <Button asChild>
    <Link href="/users/add">
      <Plus className="size-4" aria-hidden /> Add Admin
    </Link>
  </Button>
);

/** /admin/users (spec section 2). The primary admin (id 1) can be edited but never toggled or deleted; nor can your own account. */
export default function UsersPage() {
  const users = useUsers();
  const stored = getStoredAdmin();
  const myId = stored.state === "ok" ? stored.admin.id : null;
  const del = useConfirmDelete<AdminUser>();
  const remove = useDeleteUser();
  const toggle = useToggleUserActive();

  const columns: Column<AdminUser>[] = [
    { header: "ID", sortKey: "id", card: "field", cell: (u) => <span className="tabular-nums text-dust">{u.id}</span>, className: "w-14" },
    { header: "Username", sortKey: "username", card: "title", cell: (u) => <span className="font-medium text-bone">{u.username}</span> },
    { header: "Email", sortKey: "email", cell: (u) => u.email || "-" },
    { header: "Role", cell: (u) => (u.id === PRIMARY_ADMIN_ID ? <Badge variant="amber">Primary Admin</Badge> : <Badge>Admin</Badge>) },
    { header: "Status", sortKey: "status", cell: (u) => (u.isActive ? <Badge variant="green">Active</Badge> : <Badge variant="red">Inactive</Badge>) },
    { header: "Created", sortKey: "created", cell: (u) => <span className="whitespace-nowrap">{u.createdAt ? formatDate(u.createdAt) : "N/A"}</span> },
    {
      header: "Actions",
      className: "text-right",
      cell: (u) => {
        // id 1 can never be toggled or deleted (spec); nobody can lock themselves out (the server refuses too).
        const primary = u.id === PRIMARY_ADMIN_ID;
        const me = u.id === myId;
        return (
          <RowActions>
            <IconLink href={`/users/edit/${u.id}`} label="Edit" aria-label={`Edit ${u.username}`}>
              <Pencil />
            </IconLink>
            <IconButton
              // a disabled button's tooltip says why, not only what it would do
              label={primary ? "The primary admin can't be deactivated" : me && u.isActive ? "You can't deactivate your own account" : u.isActive ? "Deactivate" : "Activate"}
              aria-label={`${u.isActive ? "Deactivate" : "Activate"} ${u.username}`}
              disabled={primary || (me && u.isActive) || (toggle.isPending && toggle.variables?.id === u.id)}
              onClick={() => toggle.mutate(u)}
            >
              {u.isActive ? <PowerOff /> : <Power />}
            </IconButton>
            <IconButton
              label={primary ? "The primary admin can't be deleted" : me ? "You can't delete your own account" : "Delete"}
              aria-label={`Delete ${u.username}`}
              tone="danger"
              disabled={primary || me}
              onClick={() => del.ask(u)}
            >
              <Trash2 />
            </IconButton>
          </RowActions>
        );
      },
    },
  ];

  return (
    <div>
      <PageHeader title="Admin Users" subtitle="Manage who can sign in to the admin panel." actions={addAdmin} />
      <ListTable
        list={users}
        // search, sort and pages in memory: this list stays small, and the server sends it whole
        table={{ searchText: (u) => `${u.username} ${u.email ?? ""}`, sortBy: { id: (u) => u.id, username: (u) => u.username, email: (u) => u.email, status: (u) => (u.isActive ? 0 : 1), created: (u) => u.createdAt } }}
        columns={columns}
        words={{ caption: "Admin users", search: "Username or email", noMatches: "No admin users match", error: (error) => `Error loading users: ${error.message}` }}
        rowClassName={(u) => (u.isActive ? undefined : "opacity-60")}
        empty={<EmptyState title="No admin users found." action={addAdmin} />}
      />
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`This will permanently delete the admin user "${del.target?.username ?? ""}". This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
