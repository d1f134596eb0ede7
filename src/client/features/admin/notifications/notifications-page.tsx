import { ArrowLeft, Copy, Pause, Play, RotateCcw, Send, Trash2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDelivery, type WebhookEvent } from "@shared/api/webhooks";
import { formatDateTime } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { ConfirmDialog, useConfirmDelete } from "@client/components/ui/confirm-dialog";
import { DataTable } from "@client/components/ui/data-table";
import { Dialog } from "@client/components/ui/dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import { ApiError } from "@client/lib/api-client";
import { useAddWebhook, useDeleteWebhook, useResendDelivery, useTestWebhook, useUpdateWebhook, useWebhooks } from "./api";

const FORMAT_LABELS: Record<Webhook["format"], string> = { standard: "Signed JSON", discord: "Discord", slack: "Slack" };
const STATUS: Record<WebhookDelivery["status"], { label: string; variant: "green" | "red" | "amber" | "blue" }> = {
  delivered: { label: "Delivered", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  pending: { label: "Retrying", variant: "amber" },
  sending: { label: "Sending", variant: "blue" },
};

/**
 * /admin/settings/notifications (issue 26): webhook endpoints. Add one (a URL and the events it
 * wants; the signing secret is shown once), see its latest deliveries (status, time, the
 * receiver's answer code), resend one, send a test, pause or resume, delete.
 */
export default function NotificationsPage() {
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Notifications"
        subtitle="Tell your band's chat, or any other system, when something happens on the site. Discord and Slack webhook links get a readable message; any other address gets signed JSON (Standard Webhooks)."
        actions={
          <Button variant="outline" asChild>
            <Link href="/settings">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Settings
            </Link>
          </Button>
        }
      />
      <AddEndpoint onAdded={setSecret} />
      <section aria-labelledby="endpoints-heading" className="space-y-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold text-bone">
          Endpoints
        </h2>
        {webhooks.isLoading ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading endpoints">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : webhooks.error ? (
          <div role="alert" className="rounded-lg border border-red-500/40 p-4 text-sm text-red-300">
            Error loading endpoints. Please try again later.{" "}
            <Button variant="outline" size="sm" onClick={() => webhooks.refetch()}>
              Retry
            </Button>
          </div>
        ) : webhooks.data?.length ? (
          webhooks.data.map((w) => <EndpointCard key={w.id} webhook={w} />)
        ) : (
          <EmptyState title="No endpoints yet" description="Add a Discord or Slack webhook link above to hear about bookings, new fans and show changes where your band already talks." />
        )}
      </section>
      <Dialog
        open={secret !== null}
        onOpenChange={(open) => !open && setSecret(null)}
        title="Signing secret"
        description="Copy it now: it is not shown again. Receivers use it to check that a delivery came from your site (the webhook-signature header)."
        footer={<Button onClick={() => setSecret(null)}>Done</Button>}
      >
        <SecretBox secret={secret ?? ""} />
      </Dialog>
    </div>
  );
}

function SecretBox({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2">
      <code className="block break-all rounded border border-smoke bg-ash p-3 text-sm text-bone" data-testid="webhook-secret">
        {secret}
      </code>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
        }}
      >
        <Copy className="h-4 w-4" aria-hidden="true" /> {copied ? "Copied" : "Copy"}
      </Button>
      <p aria-live="polite" className="sr-only">
        {copied ? "Secret copied" : ""}
      </p>
    </div>
  );
}

function AddEndpoint({ onAdded }: { onAdded: (secret: string) => void }) {
  const add = useAddWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["message.received"]);
  const [includeMessage, setIncludeMessage] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const urlRef = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const eventsErrorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!url.trim()) local.url = "URL is required";
    if (events.length === 0) local.events = "Choose at least one event";
    setErrors(local);
    if (local.url) return urlRef.current?.focus();
    if (local.events) return;
    add.mutate(
      { url: url.trim(), events, includeMessage },
      {
        onSuccess: (res) => {
          setUrl("");
          setIncludeMessage(false);
          setEvents(["message.received"]);
          onAdded(res.data.secret);
        },
        onError: (err) => {
          const fieldErrors = err instanceof ApiError && err.body?.errors ? (err.body.errors as Record<string, string>) : { url: err.message };
          setErrors(fieldErrors);
          if (fieldErrors.url) urlRef.current?.focus();
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add an endpoint</CardTitle>
        <CardDescription>
          In Discord: channel settings &gt; Integrations &gt; Webhooks &gt; Copy Webhook URL. In Slack: an app&apos;s Incoming Webhooks. Or any https address that accepts signed JSON.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-5">
          <Field label="URL" error={errors.url} hint="Addresses on your own network are refused unless the server allows them (WEBHOOK_ALLOW_PRIVATE).">
            <Input ref={urlRef} type="url" inputMode="url" autoComplete="off" placeholder="https://discord.com/api/webhooks/..." value={url} onChange={(e) => setUrl(e.target.value)} />
          </Field>
          <fieldset aria-describedby={errors.events ? eventsErrorId : undefined} className="space-y-2">
            <legend id={legendId} className="text-sm font-medium text-bone">
              Events
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  checked={events.includes(event)}
                  onCheckedChange={(c) => setEvents((list) => (c === true ? [...list, event] : list.filter((x) => x !== event)))}
                  label={WEBHOOK_EVENT_LABELS[event]}
                />
              ))}
            </div>
            {errors.events && (
              <p id={eventsErrorId} role="alert" className="text-sm text-red-400">
                {errors.events}
              </p>
            )}
          </fieldset>
          <div className="space-y-1">
            <Checkbox checked={includeMessage} onCheckedChange={(c) => setIncludeMessage(c === true)} label="Include the text of fans' messages" />
            <p className="text-xs text-dust">Off: the notification says who wrote and what kind of message it is, and links to the inbox; the words stay on your site.</p>
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Adding..." : "Add Endpoint"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function statusBadge(w: Webhook) {
  if (!w.paused) return <Badge variant="green">Active</Badge>;
  return <Badge variant={w.pausedReason === "failing" ? "red" : "amber"}>{w.pausedReason === "failing" ? "Paused: failing for a day" : "Paused"}</Badge>;
}

function EndpointCard({ webhook: w }: { webhook: Webhook }) {
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const resend = useResendDelivery();
  const remove = useDeleteWebhook();
  const del = useConfirmDelete<Webhook>();
  const host = hostOf(w.url);
  return (
    <Card>
      <CardHeader className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h3" className="break-all text-base">
            {host}
          </CardTitle>
          <Badge variant="outline">{FORMAT_LABELS[w.format]}</Badge>
          {statusBadge(w)}
        </div>
        <p className="break-all text-xs text-dust">{w.url}</p>
        <p className="text-sm text-dust">{w.events.map((e) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e).join(" · ")}</p>
        <Switch
          checked={w.includeMessage}
          disabled={update.isPending}
          onCheckedChange={(on) => update.mutate({ id: w.id, includeMessage: on })}
          label="Include the text of fans' messages"
        />
        {w.paused && w.pausedReason === "failing" && (
          <p className="text-sm text-red-300">Deliveries failed for a day, so it was paused and the admins were mailed. Fix the receiver, send a test, then resume.</p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" variant="outline" disabled={test.isPending} onClick={() => test.mutate(w.id)} aria-label={`Send a test to ${host}`}>
            <Send className="h-4 w-4" aria-hidden="true" /> {test.isPending ? "Sending..." : "Send test"}
          </Button>
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => update.mutate({ id: w.id, paused: !w.paused })} aria-label={`${w.paused ? "Resume" : "Pause"} ${host}`}>
            {w.paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />} {w.paused ? "Resume" : "Pause"}
          </Button>
          <Button size="sm" variant="destructive" onClick={() => del.ask(w)} aria-label={`Delete ${host}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <h4 className="mb-2 text-sm font-medium text-bone">Recent deliveries</h4>
        <DataTable<WebhookDelivery>
          caption={`Recent deliveries to ${host}`}
          rows={w.deliveries}
          rowKey={(d) => d.id}
          empty={<p className="py-3 text-sm text-dust">Nothing sent yet. Send a test to try it.</p>}
          columns={[
            { header: "Event", cell: (d) => <span className="font-mono text-xs">{d.eventType}{d.manual ? ` (${d.manual})` : ""}</span> },
            {
              header: "Status",
              cell: (d) => (
                <span className="flex flex-wrap items-center gap-1">
                  <Badge variant={STATUS[d.status].variant}>{STATUS[d.status].label}</Badge>
                  {d.attempts > 1 && <span className="text-xs text-dust">{d.attempts} tries</span>}
                </span>
              ),
            },
            { header: "Time", cell: (d) => <span className="text-sm">{formatDateTime(d.deliveredAt ?? d.lastAttemptAt ?? d.createdAt)}</span> },
            {
              header: "Answer",
              cell: (d) => (
                <span className="text-sm" title={d.lastError ?? undefined}>
                  {d.lastStatusCode ?? "—"}
                  {d.lastError && d.status !== "delivered" ? <span className="block text-xs text-dust">{d.lastError}</span> : null}
                  {d.status === "pending" && d.nextAttemptAt ? <span className="block text-xs text-dust">next try {formatDateTime(d.nextAttemptAt)}</span> : null}
                </span>
              ),
            },
            {
              header: "Actions",
              className: "text-right",
              cell: (d) => (
                <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ id: w.id, deliveryId: d.id })} aria-label={`Resend ${d.eventType} from ${formatDateTime(d.createdAt)}`}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" /> Resend
                </Button>
              ),
            },
          ]}
        />
      </CardContent>
      <ConfirmDialog
        {...del.dialogProps}
        title="Delete this endpoint?"
        description={`${host} will no longer be told of anything, and its delivery history goes with it.`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(w.id, { onSettled: del.close })}
      />
    </Card>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
