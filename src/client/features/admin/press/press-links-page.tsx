import { ArrowLeft, Copy, Link2, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import type { PressLink } from "@shared/api/press";
import { formatDateTime } from "@shared/format";
import { PRESS_LIMITS } from "@shared/schemas/press";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import type { Column } from "@client/components/ui/data-table";
import { EmptyState } from "@client/components/ui/empty-state";
import { Field } from "@client/components/ui/field";
import { IconButton, RowActions } from "@client/components/ui/icon-action";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { ApiError } from "@client/lib/api-client";
import { useSetting } from "@client/lib/settings";
import { ListTable } from "../components/list-table";
import { useAllTracks, useCreatePressLink, usePressLinks, useRevokePressLink } from "./api";

const DAY = 86_400_000;
/** 'YYYY-MM-DDTHH:mm' in the browser's time, for a datetime-local input */
const localInput = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * /admin/press/links (issue 25): private press links for a booker, a journalist or a label. Who
 * each is for, until when, what it streams; when it was opened, how often, what was played.
 */
export default function PressLinksPage() {
  const links = usePressLinks();
  const revoke = useRevokePressLink();
  const ask = useConfirmDelete<PressLink>();
  const timeZone = useSetting("timezone").value;
  const when = (at: string | null) => (at ? formatDateTime(at, timeZone) : "Never");

  const columns: Column<PressLink>[] = [
    { header: "Recipient", sortKey: "recipient", card: "title", cell: (l) => <span className="font-medium">{l.recipient}</span> },
    {
      header: "Status",
      sortKey: "status",
      cell: (l) =>
        l.revoked ? <Badge variant="red">Revoked</Badge> : l.expired ? <Badge variant="outline">Expired</Badge> : <Badge variant="green" className="whitespace-normal!">Open until {formatDateTime(l.expiresAt, timeZone)}</Badge>,
    },
    { header: "Views", sortKey: "views", className: "tabular-nums", cell: (l) => l.views },
    {
      header: "Opened",
      sortKey: "last",
      cell: (l) =>
        l.firstViewedAt ? (
          <span className="text-sm">
            <span className="block whitespace-nowrap">First {when(l.firstViewedAt)}</span>
            <span className="block whitespace-nowrap text-dust">Last {when(l.lastViewedAt)}</span>
          </span>
        ) : (
          <span className="text-dust">Not yet</span>
        ),
    },
    {
      header: "Played",
      cell: (l) =>
        l.tracks.length ? (
          <ul className="text-sm">
            {l.tracks.map((t) => (
              <li key={t.id}>
                {t.title}: {t.plays === 1 ? "1 play" : `${t.plays} plays`}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-dust">No tracks</span>
        ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (l) =>
        l.revoked ? null : (
          <RowActions>
            <IconButton label="Revoke" aria-label={`Revoke the link for ${l.recipient}`} tone="danger" onClick={() => ask.ask(l)}>
              <Trash2 />
            </IconButton>
          </RowActions>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <Link href="/press" className="inline-flex items-center gap-1.5 text-sm text-dust hover:text-bone">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Press kit
      </Link>
      <PageHeader title="Private Press Links" subtitle="A link for one booker, journalist or label: the press kit, and unreleased tracks to stream, until it expires or you revoke it." />
      <NewLinkCard />
      <ListTable
        list={links}
        table={{
          searchText: (l) => l.recipient,
          sortBy: { recipient: (l) => l.recipient, status: (l) => (l.revoked ? 2 : l.expired ? 1 : 0), views: (l) => l.views, last: (l) => l.lastViewedAt ?? "" },
        }}
        columns={columns}
        words={{ caption: "Private press links", search: "Recipient", noMatches: "No links match", error: () => "Error loading press links" }}
        rowClassName={(l) => (l.revoked || l.expired ? "opacity-60" : undefined)}
        empty={<EmptyState icon={<Link2 className="h-8 w-8" />} title="No Press Links" description="Make one above for the next person who asks for your music." />}
      />
      <ConfirmDialog
        {...ask.dialogProps}
        title="Revoke Press Link"
        description={`The link for ${ask.target?.recipient ?? ""} stops working at once: it will say it has expired. This cannot be undone.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(ask.target!.id, { onSettled: ask.close })}
      />
    </div>
  );
}

function NewLinkCard() {
  const tracks = useAllTracks();
  const [recipient, setRecipient] = useState("");
  const [expires, setExpires] = useState(() => localInput(new Date(Date.now() + 14 * DAY)));
  const [trackIds, setTrackIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<string | null>(null);
  const create = useCreatePressLink((url) => {
    setMade(url);
    setRecipient("");
    setTrackIds([]);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!recipient.trim()) found.recipient = "Recipient is required";
    const at = new Date(expires);
    if (!expires || Number.isNaN(at.getTime())) found.expiresAt = "Pick when the link expires";
    else if (at.getTime() <= Date.now()) found.expiresAt = "The expiry must be in the future";
    setErrors(found);
    if (Object.keys(found).length) return;
    setMade(null);
    create.mutate({ recipient: recipient.trim(), expiresAt: at.toISOString(), trackIds }, { onError: (err) => err instanceof ApiError && err.body?.errors && setErrors(err.body.errors as Record<string, string>) });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made!);
      toast.success("Link copied");
    } catch {
      toast.error("Error", { description: "Could not copy. Select the link and copy it by hand." });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>New link</CardTitle>
        <CardDescription>Tracks marked Unreleased are never on the site: this link is the only way to hear them. They stream on its page and cannot be downloaded there.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Recipient" error={errors.recipient} hint="Only you see this, and the recipient on their page.">
              <Input value={recipient} maxLength={PRESS_LIMITS.recipient} onChange={(e) => setRecipient(e.target.value)} placeholder="Dana Reyes, Coastal Weekly" />
            </Field>
            <Field label="Expires" error={errors.expiresAt} hint="In your computer's time zone.">
              <Input type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} />
            </Field>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Tracks to stream (optional)</legend>
            {tracks.isLoading ? (
              <p className="text-sm text-dust">Loading tracks...</p>
            ) : tracks.data?.length ? (
              <ul className="grid gap-2 sm:grid-cols-2">
                {tracks.data.map((t) => (
                  <li key={t.id} className="flex items-center gap-2">
                    <Checkbox
                      checked={trackIds.includes(t.id)}
                      onCheckedChange={(on) => setTrackIds((ids) => (on ? [...ids, t.id].slice(0, PRESS_LIMITS.tracks) : ids.filter((id) => id !== t.id)))}
                      label={t.title}
                    />
                    {t.unreleased && <Badge variant="amber">Unreleased</Badge>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-dust">No tracks yet: add them under Audio (switch on Unreleased for music not out yet).</p>
            )}
            {errors.trackIds && (
              <p role="alert" className="text-sm text-red-400">
                {errors.trackIds}
              </p>
            )}
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Link"}
            </Button>
          </div>
        </form>
        {made && (
          <div role="status" className="mt-5 space-y-2 border-l-4 border-moss bg-moss/10 p-4">
            <p className="font-medium">Copy the link now: for safety it is shown only this once.</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={made} aria-label="The new press link" onFocus={(e) => e.target.select()} className="font-mono text-xs" />
              <Button type="button" variant="secondary" onClick={() => void copy()}>
                <Copy className="mr-1.5 h-4 w-4" aria-hidden="true" /> Copy
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
