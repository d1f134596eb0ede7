import { FileText } from "lucide-react";
import { useState } from "react";
import type { NewsletterDraft } from "@shared/api/newsletter";
import { formatDateTime } from "@shared/format";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { useDiscardDraft, useDrafts } from "./api";

export const draftTitle = (subject: string) => subject.trim() || "(no subject yet)";

/** 'Discard this draft?': a draft is the band's, so discarding it is asked first. */
export function DiscardDraftDialog({ draft, onClose, onDiscarded }: { draft: { id: number; subject: string } | null; onClose: () => void; onDiscarded?: (id: number) => void }) {
  const discard = useDiscardDraft({ onSuccess: onDiscarded });
  return (
    <ConfirmDialog
      open={draft !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Discard this draft?"
      description={draft ? `'${draftTitle(draft.subject)}' will be deleted for everyone in the band. This cannot be undone.` : ""}
      confirmLabel="Discard draft"
      pendingLabel="Discarding..."
      cancelLabel="Keep it"
      pending={discard.isPending}
      onConfirm={() => draft && discard.mutate(draft.id, { onSettled: onClose })}
    />
  );
}

/**
 * The band's drafts (issue 21), last edited first, each with who edited it last and when: Open
 * continues it in the composer above (the one open there is marked), Discard deletes it after a
 * confirm. Drafts are saved as the band writes and leave this list when sent or scheduled.
 */
export function DraftsList({ currentId, onOpen }: { currentId: number | null; onOpen: (id: number) => void }) {
  const drafts = useDrafts();
  const [target, setTarget] = useState<NewsletterDraft | null>(null);
  const list = drafts.data ?? [];

  return (
    <Card id="newsletter-drafts">
      <CardHeader>
        <CardTitle>Drafts</CardTitle>
        <CardDescription>Saved as you write, for everyone in the band. A draft leaves this list once it is sent or scheduled.</CardDescription>
      </CardHeader>
      <CardContent>
        {drafts.isLoading ? (
          <div role="status" aria-label="Loading drafts" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : drafts.error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-400">
            Failed to load the drafts.
            <Button variant="outline" size="sm" onClick={() => drafts.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-dust">No drafts. What you write above is kept here as you type.</p>
        ) : (
          <ul className="divide-y divide-smoke/70" aria-label="Newsletter drafts">
            {list.map((d) => {
              const open = d.id === currentId;
              const title = draftTitle(d.subject);
              return (
                <li key={d.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="newsletter-draft">
                  <div className="min-w-0 space-y-1">
                    <p className="flex items-center gap-1.5 break-words font-medium">
                      <FileText className="size-4 shrink-0 text-dust" aria-hidden />
                      <span className={d.subject.trim() ? "" : "text-dust"}>{title}</span>
                    </p>
                    <p className="text-xs text-dust">
                      Last edited by {d.updatedBy ?? "someone"}, {formatDateTime(d.updatedAt)}
                    </p>
                  </div>
                  {open ? (
                    <p className="self-start text-xs font-semibold text-bone sm:self-center">Open above</p>
                  ) : (
                    <div className="flex gap-2 self-start sm:self-center">
                      <Button variant="outline" size="sm" onClick={() => onOpen(d.id)} aria-label={`Open draft ${title}`}>
                        Open
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setTarget(d)} aria-label={`Discard draft ${title}`}>
                        Discard
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <DiscardDraftDialog draft={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
