import { Download, Mail, RotateCcw, SearchX, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { Subscriber, SubscriberSort } from "@shared/api/subscribers";
import { formatDate } from "@shared/format";
import { regionName } from "@shared/regions";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { useDeleteSubscriber, useReactivateSubscriber, useSubscribersPage } from "./api";
import { exportSubscribersCsv } from "./export-csv";
import { ImportCsvButton } from "./import-csv";
import { StartedImports } from "./import-interrupted";
import { NO_FILTERS, SubscriberFilters, hasFilters, type SubscriberFilterValues } from "./subscriber-filters";
import { TablePager } from "@client/components/ui/table-pager";
import { useDebouncedValue } from "@client/lib/use-debounced-value";

export const PAGE_SIZE = 50;
/** how long the search box waits after the last key before asking the server */
export const SEARCH_DEBOUNCE_MS = 300;

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

/** One badge, in the server's order of precedence (see the status filter): bounced, unsubscribed, verified, unverified. */
function StatusBadge({ s }: { s: Subscriber }) {
  if (s.bouncedAt) {
    return (
      <Badge variant="red" title={s.bounceReason ?? undefined}>
        Bounced<span className="sr-only">: {s.bounceReason}</span>
      </Badge>
    );
  }
  if (!s.isSubscribed) return <Badge variant="red">Unsubscribed</Badge>;
  return s.isVerified ? <Badge variant="green">Verified</Badge> : <Badge variant="amber">Unverified</Badge>;
}

/** Newest first by date; names, addresses, regions and statuses from the top. */
const firstDir = (key: SubscriberSort) => (key === "subscribedAt" ? "desc" : "asc");

/**
 * /admin/subscribers (spec section 2, issue 12): the mailing list searched, filtered, sorted and
 * paged by the server; delete, reactivate a bounced address, CSV export and import.
 */
export default function SubscribersPage() {
  const [filters, setFilters] = useState<SubscriberFilterValues>(NO_FILTERS);
  const [sort, setSort] = useState<{ key: SubscriberSort; dir: "asc" | "desc" }>({ key: "subscribedAt", dir: "desc" });
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(filters.q.trim(), SEARCH_DEBOUNCE_MS);
  const subscribers = useSubscribersPage({
    q: q || undefined,
    interest: filters.interest || undefined,
    region: filters.region || undefined,
    status: filters.status || undefined,
    sort: sort.key,
    dir: sort.dir,
    page,
    pageSize: PAGE_SIZE,
  });
  const [exporting, setExporting] = useState(false);
  const del = useConfirmDelete<Subscriber>();
  const remove = useDeleteSubscriber();
  const reactivate = useReactivateSubscriber();

  const changeFilters = (next: SubscriberFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const changeSort = (key: string) => {
    const k = key as SubscriberSort;
    setSort((s) => (s.key === k ? { key: k, dir: s.dir === "asc" ? "desc" : "asc" } : { key: k, dir: firstDir(k) }));
    setPage(1);
  };

  const columns: Column<Subscriber>[] = [
    {
      header: "Name",
      sortKey: "name",
      cell: (s) => (s.name ? <span className="font-medium text-bone">{s.name}</span> : <span className="text-dust italic">Not provided</span>),
    },
    {
      header: "Email",
      sortKey: "email",
      cell: (s) => (
        <a href={`mailto:${s.email}`} className="text-bone underline-offset-4 hover:text-blood hover:underline">
          {s.email}
        </a>
      ),
    },
    { header: "Interests", cell: (s) => <InterestBadges s={s} /> },
    { header: "Region", sortKey: "region", cell: (s) => (s.region ? regionName(s.region) : <span className="text-dust">—</span>) },
    { header: "Subscribed", sortKey: "subscribedAt", cell: (s) => <span className="whitespace-nowrap">{formatDate(s.subscribedAt)}</span> },
    { header: "Status", sortKey: "status", cell: (s) => <StatusBadge s={s} /> },
    {
      header: "Actions",
      // kept in view while a phone scrolls the table sideways
      className: "sticky right-0 bg-coal text-right",
      cell: (s) => (
        <RowActions>
          {s.bouncedAt && (
            <IconButton label="Reactivate" aria-label={`Reactivate ${s.email}`} disabled={reactivate.isPending} onClick={() => reactivate.mutate(s.id)}>
              <RotateCcw />
            </IconButton>
          )}
          <IconButton label="Delete" aria-label={`Delete ${s.email}`} tone="danger" onClick={() => del.ask(s)}>
            <Trash2 />
          </IconButton>
        </RowActions>
      ),
    },
  ];

  const actions = (
    <>
      <Button
        variant="outline"
        disabled={exporting}
        onClick={async () => {
          setExporting(true);
          await exportSubscribersCsv();
          setExporting(false);
        }}
      >
        <Download className="size-4" aria-hidden /> {exporting ? "Exporting..." : "Export to CSV"}
      </Button>
      <ImportCsvButton />
      <Button asChild>
        <Link href="/subscribers/newsletter">
          <Send className="size-4" aria-hidden /> Send Newsletter
        </Link>
      </Button>
    </>
  );

  const filtered = hasFilters(filters);
  const empty = filtered ? (
    <EmptyState
      icon={<SearchX className="size-8" aria-hidden />}
      title="No subscribers match"
      description="Try another search or fewer filters."
      action={
        <Button variant="outline" onClick={() => changeFilters(NO_FILTERS)}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState icon={<Mail className="size-8" aria-hidden />} description="No subscribers found. Share your mailing list signup form to grow your audience." />
  );
  const data = subscribers.data;
  // the last row of the last page deleted (or the list shrank): go to the page that still exists
  const lastPage = data ? Math.max(1, Math.ceil(data.page.total / data.page.pageSize)) : 1;
  useEffect(() => {
    if (data && data.rows.length === 0 && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  return (
    <div>
      <PageHeader title="Subscribers" subtitle="Manage your mailing list subscribers." actions={actions} />
      <StartedImports />
      <SubscriberFilters className="mb-4" value={filters} onChange={changeFilters} />
      <Card className={subscribers.isPlaceholderData ? "opacity-70 transition-opacity" : undefined} aria-busy={subscribers.isFetching || undefined}>
        <DataTable
          caption="Subscribers"
          columns={columns}
          rows={data?.rows}
          isLoading={subscribers.isLoading}
          loadingText="Loading subscribers..."
          rowKey={(s) => s.id}
          error={subscribers.error ? "Failed to load subscribers. Please try again." : undefined}
          onRetry={() => subscribers.refetch()}
          empty={empty}
          sort={{ key: sort.key, dir: sort.dir, onSort: changeSort }}
          rowClassName={(s) => (s.isSubscribed && !s.bouncedAt ? undefined : "opacity-60")}
        />
      </Card>
      {data && data.page.total > 0 && !subscribers.error && <TablePager page={data.page} onPage={setPage} busy={subscribers.isFetching} />}
      <ConfirmDialog
        {...del.dialogProps}
        title="Confirm Deletion"
        description={`Are you sure you want to remove this subscriber from your mailing list? This action cannot be undone.${del.target ? ` ${del.target.name ? `${del.target.name} (${del.target.email})` : del.target.email} will no longer get your mail.` : ""}`}
        confirmLabel="Remove Subscriber"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
