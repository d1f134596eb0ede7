import { NOT_PLACED } from "@shared/api/places";
import { nearbyStatus } from "./show-placement";
import { TownRequestsCard } from "./town-requests-card";
import { useSetting } from "@client/lib/settings";
import { ChevronDown, ChevronRight, Megaphone, Pencil, Plus, SearchX, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { ShowSort, ShowTableQuery } from "@shared/api/shows";
import type { AdminShow } from "@shared/schemas/shows";
import { formatDate, formatPrice, todayIso } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { IconButton, IconLink, RowActions } from "@client/components/ui/icon-action";
import { PageHeader } from "@client/components/ui/page-header";
import { Select } from "@client/components/ui/select";
import { TablePager } from "@client/components/ui/table-pager";
import { TableSearch } from "@client/components/ui/table-search";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import type { ShowStatus } from "@shared/show-status";
import { useDeleteShow, useSetShowStatus, useShowsPage } from "./api";
import { ShowRsvps } from "./show-rsvps";
import { STATUS_OPTIONS } from "./status-options";
import { RecordName } from "../components/record-name";

const addShow = (
  <Button asChild>
    <Link href="/shows/add">
      <Plus className="size-4" aria-hidden /> Add Show
    </Link>
  </Button>
);

export const SHOWS_PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

/** 'the show at The Pour House on Dec 5, 2025': how a delete dialog names a show. */
export const showName = (s: Pick<AdminShow, "venue" | "date">) => `the show at ${s.venue} on ${formatDate(s.date)}`;

/**
 * /admin/shows: upcoming shows first (soonest first), the past ones in their own group, closed
 * until asked for ('Past shows (N)'). Both are searched, sorted and paged by the server (a band's
 * archive grows every year); one search box and one sort serve both.
 */
export default function ShowsPage() {
  const [search, setSearch] = useState("");
  // none: by date, upcoming soonest first and the past newest first (the server's defaults)
  const [sort, setSort] = useState<{ key: ShowSort; dir: "asc" | "desc" } | null>(null);
  const [upcomingPage, setUpcomingPage] = useState(1);
  const [pastPage, setPastPage] = useState(1);
  const [pastOpen, setPastOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const common: ShowTableQuery = { q, sort: sort?.key, dir: sort?.dir, pageSize: SHOWS_PAGE_SIZE };
  const upcoming = useShowsPage({ upcoming: "true", ...common, page: upcomingPage });
  // always asked (one small page): its total is the group's '(N)'
  const past = useShowsPage({ past: "true", ...common, page: pastPage });
  const changeSearch = (next: string) => {
    setSearch(next);
    setUpcomingPage(1);
    setPastPage(1);
  };
  const changeSort = (key: string) => {
    const k = key as ShowSort;
    setSort((s) => (s?.key === k ? { key: k, dir: s.dir === "asc" ? "desc" : "asc" } : { key: k, dir: "asc" }));
    setUpcomingPage(1);
    setPastPage(1);
  };
  const tableSort = { key: sort?.key ?? "", dir: sort?.dir ?? "asc", onSort: changeSort } as const;
  const today = todayIso();
  const del = useConfirmDelete<AdminShow>();
  const remove = useDeleteShow();
  const setStatus = useSetShowStatus();
  const timeZone = useSetting("timezone").value || "America/New_York";

  const columns: Column<AdminShow>[] = [
    { header: "Date", sortKey: "date", card: "field", cell: (s) => <span className="whitespace-nowrap">{formatDate(s.date)}</span> },
    { header: "Venue", sortKey: "venue", card: "title", cell: (s) => (
        <>
          <RecordName name={s.venue} demo={{ resource: "shows", id: s.id }}>
            {s.presaleCode && (
              <Badge variant="blue" title="Fans on the mailing list can ask for this show's presale code">
                Presale
              </Badge>
            )}
          </RecordName>
          {/* how many fans confirmed they're going (issue 24), opening who and the CSV: a line, not a column, so the table keeps its width */}
          <ShowRsvps show={s} />
        </>
      ),
    },
    {
      header: "Location",
      sortKey: "location",
      // capped from 640 px up, where the list's cells do not wrap (DataTable): the 'Told N fans
      // nearby on ...' line and a long time ('Doors 6:30 PM, music at 7:30 PM') wrap instead of
      // pushing the actions off the table at 1280 px
      cell: (s) => {
        const nearby = nearbyStatus(s, new Date(), timeZone);
        return (
          <span className="inline-block sm:max-w-[7.5rem]">
            {s.location}
            {s.lat == null ? <span className="block text-xs text-dust">{NOT_PLACED}</span> : null}
            {nearby ? <span className="block text-xs text-dust">{nearby}</span> : null}
          </span>
        );
      },
    },
    { header: "Time", cell: (s) => <span className="inline-block sm:max-w-[5rem]">{s.time}</span> },
    { header: "Price", sortKey: "price", cell: (s) => formatPrice(s.price) },
    {
      header: "Actions",
      className: "text-right",
      cell: (s) => (
        <RowActions>
          {/* compact: the Select's own classes set h-10 w-full, so the box sizes it */}
          <div className="w-28 [&>button]:h-8 [&>button]:text-xs">
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

  const upcomingData = upcoming.data;
  const pastData = past.data;
  const pastTotal = pastData?.page.total ?? 0;
  const nothingAtAll = !q && upcomingData?.page.total === 0 && pastTotal === 0;
  const error = upcoming.error || past.error ? "Error loading shows. Please try again later." : undefined;
  const retry = () => {
    upcoming.refetch();
    past.refetch();
  };

  return (
    <div>
      <PageHeader title="Shows" subtitle="Manage your band's performances and tour dates." actions={addShow} />
      {!nothingAtAll && <TableSearch className="mb-4" value={search} onChange={changeSearch} placeholder="Venue, location or supporting acts" />}
      <Card className={upcoming.isPlaceholderData ? "opacity-70 transition-opacity" : undefined}>
        <DataTable
          caption="Upcoming shows"
          columns={columns}
          rows={upcomingData?.rows}
          rowKey={(s) => s.id}
          isLoading={upcoming.isLoading}
          error={error}
          onRetry={retry}
          sort={tableSort}
          empty={
            nothingAtAll ? (
              <EmptyState title="No shows" description="Get started by adding your first show." action={addShow} />
            ) : q ? (
              <EmptyState icon={<SearchX className="size-8" aria-hidden />} title="No upcoming shows match" description="Try another search." action={<Button variant="outline" onClick={() => changeSearch("")}>Clear search</Button>} />
            ) : (
              <p className="px-4 py-8 text-center text-sm text-dust">No upcoming shows.</p>
            )
          }
        />
      </Card>
      {upcomingData && upcomingData.page.total > SHOWS_PAGE_SIZE && <TablePager page={upcomingData.page} onPage={setUpcomingPage} busy={upcoming.isFetching} />}
      {pastTotal > 0 && !error && (
        <section className="mt-6" aria-label="Past shows">
          <Button variant="ghost" aria-expanded={pastOpen} aria-controls={pastOpen ? "past-shows" : undefined} onClick={() => setPastOpen((o) => !o)} className="mb-2 px-2">
            {pastOpen ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
            Past shows ({pastTotal.toLocaleString("en-US")})
          </Button>
          {pastOpen && (
            <div id="past-shows">
              <Card className={past.isPlaceholderData ? "opacity-70 transition-opacity" : undefined}>
                {/* past shows stay editable (a correction) but step back */}
                <DataTable caption="Past shows" columns={columns} rows={pastData?.rows} rowKey={(s) => s.id} sort={tableSort} rowClassName={() => "opacity-70"} />
              </Card>
              {pastData && pastTotal > SHOWS_PAGE_SIZE && <TablePager page={pastData.page} onPage={setPastPage} busy={past.isFetching} />}
            </div>
          )}
        </section>
      )}
      <TownRequestsCard />
      <ConfirmDialog
        {...del.dialogProps}
        title="Are you sure?"
        description={`This action cannot be undone. This will permanently delete ${del.target ? showName(del.target) : "the show"}.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(del.target!.id, { onSettled: del.close })}
      />
    </div>
  );
}
