import { Download, Mail, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { Subscriber } from "@shared/schemas/subscribers";
import { formatDate } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { useDeleteSubscriber, useSubscribers } from "./api";
import { exportSubscribersCsv } from "./export-csv";

export function InterestBadges({ s }: { s: Pick<Subscriber, "showsInterest" | "releasesInterest" | "merchInterest"> }) {
  const chosen = [s.showsInterest && "Shows", s.releasesInterest && "Releases", s.merchInterest && "Merch"].filter(Boolean) as string[];
  if (chosen.length === 0) return <span className="text-dust">None</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {chosen.map((label) => (
        <Badge key={label} variant="outline">
          {label}
        </Badge>
      ))}
    </div>
  );
}

function StatusBadge({ s }: { s: Subscriber }) {
  if (!s.isSubscribed) return <Badge variant="red">Unsubscribed</Badge>;
  return s.isVerified ? <Badge variant="green">Verified</Badge> : <Badge variant="amber">Unverified</Badge>;
}

/** /admin/subscribers (spec section 2): the mailing list, delete, CSV export. */
export default function SubscribersPage() {
  const subscribers = useSubscribers();
  const [exporting, setExporting] = useState(false);
  const del = useConfirmDelete<Subscriber>();
  const remove = useDeleteSubscriber();

  const columns: Column<Subscriber>[] = [
    { header: "Name", cell: (s) => (s.name ? <span className="font-medium text-bone">{s.name}</span> : <span className="text-dust italic">Not provided</span>) },
    {
      header: "Email",
      cell: (s) => (
        <a href={`mailto:${s.email}`} className="text-bone underline-offset-4 hover:text-blood hover:underline">
          {s.email}
        </a>
      ),
    },
    { header: "Interests", cell: (s) => <InterestBadges s={s} /> },
    {
      header: "Subscribed",
      cell: (s) => (
        <div className="flex items-center gap-2 whitespace-nowrap">
          {formatDate(s.subscribedAt)} <StatusBadge s={s} />
        </div>
      ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (s) => (
        <RowActions>
          <IconButton label="Delete" aria-label={`Delete ${s.email}`} tone="danger" onClick={() => del.ask(s)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  const actions = (
    <>
      <Button variant="outline" disabled={exporting} onClick={async () => {
        setExporting(true);
        await exportSubscribersCsv();
        setExporting(false);
      }}>
        <Download className="size-4" aria-hidden /> {exporting ? "Exporting..." : "Export to CSV"}
      </Button>
      <Button asChild>
        <Link href="/subscribers/newsletter">
          <Send className="size-4" aria-hidden /> Send Newsletter
        </Link>
      </Button>
    </>
  );

  return (
    <div>
      <PageHeader title="Subscribers" subtitle="Manage your mailing list subscribers." actions={actions} />
      <Card>
        <DataTable
          caption="Subscribers"
          columns={columns}
          rows={subscribers.data}
          isLoading={subscribers.isLoading}
          loadingText="Loading subscribers..."
          rowKey={(s) => s.id}
          error={subscribers.error ? "Failed to load subscribers. Please try again." : undefined}
          onRetry={() => subscribers.refetch()}
          empty={<EmptyState icon={<Mail className="size-8" aria-hidden />} description="No subscribers found. Share your mailing list signup form to grow your audience." />}
          rowClassName={(s) => (s.isSubscribed ? undefined : "opacity-60")}
        />
      </Card>
      {subscribers.data && subscribers.data.length > 0 && (
        <p className="mt-3 text-sm text-dust">
          Total: {subscribers.data.length} subscriber{subscribers.data.length === 1 ? "" : "s"}
        </p>
      )}
      <ConfirmDialog
        {...del.dialogProps}
        title="Confirm Deletion"
        description="Are you sure you want to remove this subscriber from your mailing list? This action cannot be undone."
        confirmLabel="Remove Subscriber"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
