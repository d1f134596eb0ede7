import { useState } from "react";
import type { ActivityEntry, ActivityFilters } from "@shared/api/activity";
import { DEFAULT_ACTIVITY_PAGE_SIZE } from "@shared/schemas/activity";
import { formatDateTime } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { Field } from "@client/components/ui/field";
import { PageHeader } from "@client/components/ui/page-header";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { useActivity } from "./api";

const ALL = "all";

/** The log's resources as the Resource filter names them (an unknown one: its name, spaced). */
const RESOURCE_LABELS: Record<string, string> = {
  shows: "Shows",
  merchandise: "Merch",
  videos: "Videos",
  lyrics: "Lyrics",
  "band-members": "Band members",
  "audio-tracks": "Music",
  settings: "Settings",
  "band-photo": "Band photo",
  uploads: "Uploads",
  newsletter: "Newsletters",
  "newsletter draft": "Newsletter drafts",
  subscribers: "Fans",
  messages: "Messages",
  users: "Admins",
  account: "Own password",
  session: "Sign-ins",
  "demo-content": "Demo content",
  "press-kit": "Press kit",
  "press-links": "Press links",
};
const resourceLabel = (resource: string) => RESOURCE_LABELS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1).replace(/-/g, " ");

/** 'ageRestriction' -> 'age restriction', 'band-name' -> 'band name' */
const fieldLabel = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * One entry as a sentence ('Jamie marked the show at The Pour House on Dec 8 as Sold Out'), when,
 * and the new values folded under it.
 */
function EntryRow({ entry }: { entry: ActivityEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  return (
    <li className="border-b border-smoke px-4 py-3 last:border-b-0">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="min-w-0 break-words text-sm text-bone">
          <span className="font-semibold">{entry.username}</span> {entry.description}
        </p>
        <time dateTime={entry.createdAt} className="shrink-0 text-xs text-dust">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {changes.length > 0 && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-dust hover:text-bone">
            {changes.length === 1 ? "New value" : "New values"}
            {changes.length > 4 ? ` (${changes.length})` : `: ${changes.map(([k]) => fieldLabel(k)).join(", ")}`}
          </summary>
          <dl className="mt-2 grid grid-cols-[minmax(0,8rem)_1fr] gap-x-3 gap-y-1">
            {changes.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="truncate text-dust">{fieldLabel(key)}</dt>
                <dd className="min-w-0 break-words text-bone">{showValue(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}

/** /admin/activity: who changed what, newest first, by person and resource (issue 13). */
export default function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1 });
  const { data, isPending, isError, error, refetch, isFetching } = useActivity(filters);
  const setFilter = (key: "username" | "resource", value: string) => setFilters((f) => ({ ...f, [key]: value === ALL ? undefined : value, page: 1 }));
  const filtered = Boolean(filters.username || filters.resource);

  const page = data?.page ?? { total: 0, page: 1, pageSize: DEFAULT_ACTIVITY_PAGE_SIZE };
  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  const people = data?.filters.usernames ?? [];
  const resources = data?.filters.resources ?? [];

  return (
    <div>
      <PageHeader title="Activity" subtitle="Who changed what in the back office, newest first." />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <Field label="Person">
          <Select
            value={filters.username ?? ALL}
            onValueChange={(v) => setFilter("username", v)}
            options={[{ value: ALL, label: "Everyone" }, ...people.map((u) => ({ value: u, label: u }))]}
          />
        </Field>
        <Field label="Resource">
          <Select
            value={filters.resource ?? ALL}
            onValueChange={(v) => setFilter("resource", v)}
            options={[{ value: ALL, label: "All resources" }, ...resources.map((r) => ({ value: r, label: resourceLabel(r) }))]}
          />
        </Field>
      </div>

      <Card aria-busy={isFetching}>
        {isPending ? (
          <div className="space-y-3 p-4" aria-label="Loading activity">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : isError ? (
          <EmptyState
            title="Could not load the activity"
            description={error.message}
            action={
              <Button variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            }
          />
        ) : data.data.length === 0 ? (
          <EmptyState
            title={filtered ? "No activity matches" : "No activity yet"}
            description={filtered ? "Nothing was recorded for this person and resource." : "Changes made in the back office will be listed here."}
            action={
              filtered && (
                <Button variant="outline" onClick={() => setFilters({ page: 1 })}>
                  Clear filters
                </Button>
              )
            }
          />
        ) : (
          <ol aria-label="Activity entries">
            {data.data.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </Card>

      {!isPending && !isError && page.total > 0 && (
        <nav aria-label="Activity pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-dust">
            {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {page.total.toLocaleString("en-US")}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) - 1 }))}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={last >= page.total} onClick={() => setFilters((f) => ({ ...f, page: (f.page ?? 1) + 1 }))}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
