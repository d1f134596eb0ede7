import { CalendarClock, Send } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Dialog } from "@client/components/ui/dialog";
import { Input } from "@client/components/ui/input";

/** Up to this many fans a tick confirms; above it the number is typed (a mistake then reaches many). */
export const TICK_TO_CONFIRM_UP_TO = 10;

/** What the admin is about to do, as the dialog says it back. */
export interface SendSummary {
  /** the live recipient count when the dialog opened */
  count: number;
  /** fans who match but have not confirmed their address yet (e.g. just imported): they get nothing */
  waiting?: number;
  subject: string;
  /** interest labels ('Shows', 'Releases') */
  interests: string[];
  /** region names; empty: everyone */
  regions: string[];
  /** 'Fri, Dec 5, 7:00 PM EST' for a scheduled send; absent: now */
  scheduledFor?: string;
}

export const fans = (n: number) => `${n} fan${n === 1 ? "" : "s"}`;

interface Props {
  /** null: closed */
  summary: SendSummary | null;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
}

/**
 * 'Send to N fans?' ('Schedule for N fans?') before a newsletter goes out (issue 13): a send cannot be taken back, so
 * the dialog repeats what will happen and the Send button waits for the number to be typed
 * (or, for a few fans, a tick).
 */
export function SendConfirmDialog({ summary, onCancel, onConfirm, pending }: Props) {
  return (
    <Dialog
      open={summary !== null}
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={summary ? (summary.scheduledFor !== undefined ? `Schedule for ${fans(summary.count)}?` : `Send to ${fans(summary.count)}?`) : ""}
      description="A newsletter cannot be called back once it is sent."
    >
      {/* keyed on the summary: every opening starts unconfirmed */}
      {summary && <ConfirmBody key={JSON.stringify(summary)} summary={summary} onCancel={onCancel} onConfirm={onConfirm} pending={pending} />}
    </Dialog>
  );
}

function ConfirmBody({ summary, onCancel, onConfirm, pending }: Props & { summary: SendSummary }) {
  const [typed, setTyped] = useState("");
  const [ticked, setTicked] = useState(false);
  const inputId = useId();
  const { count, scheduledFor } = summary;
  const byTick = count <= TICK_TO_CONFIRM_UP_TO;
  const confirmed = byTick ? ticked : typed.trim() === String(count);
  const later = scheduledFor !== undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed && !pending) onConfirm();
      }}
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-md border border-smoke bg-ash/40 p-4 text-sm">
        <dt className="text-dust">Subject</dt>
        <dd className="break-words font-medium text-bone">{summary.subject}</dd>
        <dt className="text-dust">Interests</dt>
        <dd className="text-bone">{summary.interests.join(", ")}</dd>
        <dt className="text-dust">Regions</dt>
        <dd className="text-bone">{summary.regions.length ? summary.regions.join(", ") : "Everyone"}</dd>
        <dt className="text-dust">When</dt>
        <dd className="text-bone">{scheduledFor ?? "now"}</dd>
      </dl>
      {(summary.waiting ?? 0) > 0 && (
        <p className="mt-2 text-sm text-bone">
          {fans(count)} match; {summary.waiting} more {summary.waiting === 1 ? "is" : "are"} waiting to confirm their address.
        </p>
      )}
      {later && <p className="mt-2 text-xs text-dust">{fans(count)} match today; the list is taken again when it starts.</p>}
      <div className="mt-4 space-y-1.5">
        {byTick ? (
          <Checkbox label={`Yes, ${later ? "schedule it for" : "send it to"} ${fans(count)}`} checked={ticked} onCheckedChange={(c) => setTicked(c === true)} />
        ) : (
          <>
            <label htmlFor={inputId} className="text-sm font-medium text-bone">
              Type {count} to confirm
            </label>
            <Input id={inputId} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} inputMode="numeric" autoComplete="off" autoFocus />
          </>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!confirmed || pending} aria-busy={pending || undefined}>
          {later ? <CalendarClock className="size-4" aria-hidden /> : <Send className="size-4" aria-hidden />}
          {later ? (pending ? "Scheduling..." : "Schedule") : pending ? "Sending..." : "Send"}
        </Button>
      </div>
    </form>
  );
}
