import type { NewsletterProgress } from "@shared/schemas/newsletter";
import { formatDateTime } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { useNewsletters } from "./api";
import { audienceOf } from "./audience";

function Bar({ n }: { n: NewsletterProgress }) {
  const total = Math.max(n.totalRecipients, 1);
  const part = (v: number, cls: string) => (v > 0 ? <div className={cls} style={{ width: `${(v / total) * 100}%` }} /> : null);
  return (
    <div className="flex h-2 w-full overflow-hidden rounded-full bg-smoke" aria-hidden="true">
      {part(n.sent, "bg-emerald-500")}
      {part(n.failed, "bg-red-500")}
      {part(n.unknown, "bg-amber")}
      {part(n.skipped, "bg-dust/50")}
    </div>
  );
}

const STATUS = {
  scheduled: ["Scheduled", "amber"],
  cancelled: ["Cancelled", "outline"],
  queued: ["Queued", "outline"],
  sending: ["Sending", "blue"],
  done: ["Done", "green"],
} as const;

/**
 * Delivery progress of the running and past newsletters. Polls every second while one is
 * still sending; 'unknown' counts mails whose outcome was lost in a server crash (never resent).
 */
export function NewsletterProgressCard() {
  const list = useNewsletters();
  // scheduled ones wait in the Scheduled list (scheduled-list.tsx) until they start
  const started = list.data?.filter((n) => n.status !== "scheduled");
  if (!started?.length && !list.error) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery Progress</CardTitle>
        <CardDescription>Newsletters are delivered in the background; you can leave this page.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.error && (
          <p role="alert" className="text-sm text-red-400">
            Failed to load delivery progress.
          </p>
        )}
        <ul className="divide-y divide-smoke/70">
          {started?.map((n) => {
            const [label, variant] = STATUS[n.status] ?? STATUS.queued;
            return (
              <li key={n.id} className="space-y-2 py-3" data-testid="newsletter-progress">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{n.subject}</p>
                  <Badge variant={variant}>{label}</Badge>
                </div>
                {n.near ? <p className="text-xs text-dust">To: {audienceOf(n)}</p> : null}
                {n.status === "cancelled" ? (
                  <p className="text-xs text-dust">Cancelled before it started: nothing was sent.</p>
                ) : (
                  <>
                    <Bar n={n} />
                    <p className="text-xs text-dust" aria-live="polite">
                      {formatDateTime(n.createdAt)}: {n.sent} sent / {n.failed} failed / {n.pending} pending of {n.totalRecipients}
                      {n.skipped > 0 && ` / ${n.skipped} skipped (unsubscribed)`}
                    </p>
                  </>
                )}
                {n.unknown > 0 && (
                  <p className="text-xs text-amber">
                    {n.unknown} delivery outcome{n.unknown === 1 ? "" : "s"} unknown: the server stopped while sending to {n.unknown === 1 ? "this recipient" : "these recipients"}. They were not resent, to avoid duplicates.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
