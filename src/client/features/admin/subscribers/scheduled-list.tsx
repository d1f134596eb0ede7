import { CalendarClock, Pencil } from "lucide-react";
import { useState } from "react";
import type { NewsletterProgress } from "@shared/api/newsletter";
import { formatScheduledAt } from "@shared/newsletter-schedule";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { useCancelScheduledNewsletter, useNewsletters } from "./api";
import { audienceOf } from "./audience";


/**
 * Newsletters waiting for their time, soonest first, each with Edit (it opens in the composer
 * above, issue 21) and Cancel (confirmed) until the server starts it; then it moves to Delivery
 * Progress. Recipients are chosen when it starts.
 */
export function ScheduledList({ timeZone, editingId, onEdit }: { timeZone: string; editingId: number | null; onEdit: (id: number) => void }) {
  const list = useNewsletters();
  const cancel = useCancelScheduledNewsletter();
  const [target, setTarget] = useState<NewsletterProgress | null>(null);
  const scheduled = (list.data ?? []).filter((n) => n.status === "scheduled").sort((a, b) => String(a.scheduledAt).localeCompare(String(b.scheduledAt)));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Scheduled</CardTitle>
        <CardDescription>Sent at their time in the band&apos;s time zone ({timeZone}). Recipients are chosen when sending starts.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <div role="status" aria-label="Loading scheduled newsletters" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : list.error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-400">
            Failed to load scheduled newsletters.
            <Button variant="outline" size="sm" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        ) : scheduled.length === 0 ? (
          <p className="text-sm text-dust">Nothing scheduled. Choose &apos;Schedule&apos; in the Send tab to send a newsletter later.</p>
        ) : (
          <ul className="divide-y divide-smoke/70" aria-label="Scheduled newsletters">
            {scheduled.map((n) => (
              <li key={n.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="scheduled-newsletter">
                <div className="min-w-0 space-y-1">
                  <p className="break-words font-medium">{n.subject}</p>
                  <p className="flex items-center gap-1.5 text-xs text-dust">
                    <CalendarClock className="size-3.5 shrink-0" aria-hidden />
                    {n.scheduledAt ? formatScheduledAt(n.scheduledAt, timeZone) : "No time set"}
                  </p>
                  <p className="text-xs text-dust">
                    To: {audienceOf(n)} · recipients counted when it starts
                  </p>
                </div>
                <div className="flex gap-2 self-start sm:self-center">
                  {editingId === n.id ? (
                    <p className="flex h-8 items-center text-xs font-semibold text-bone">Editing above</p>
                  ) : (
                    <Button variant="outline" size="sm" onClick={() => onEdit(n.id)} aria-label={`Edit scheduled newsletter ${n.subject}`}>
                      <Pencil className="size-3.5" aria-hidden /> Edit
                    </Button>
                  )}
                  <Button variant="outline" size="sm" onClick={() => setTarget(n)} aria-label={`Cancel scheduled newsletter ${n.subject}`}>
                    Cancel
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Cancel this newsletter?"
        description={target ? `'${target.subject}' will not be sent. This cannot be undone.` : ""}
        confirmLabel="Cancel newsletter"
        pendingLabel="Cancelling..."
        cancelLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() => target && cancel.mutate(target.id, { onSettled: () => setTarget(null) })}
      />
    </Card>
  );
}
