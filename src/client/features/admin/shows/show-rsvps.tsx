import { Download } from "lucide-react";
import { useState } from "react";
import { downloadCsv } from "@client/lib/download-csv";
import { rsvpsApi } from "@shared/api/rsvps";
import type { Show } from "@shared/schemas/shows";
import { formatDate, formatDateTime } from "@shared/format";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { useRsvps } from "./api";

/** What the RSVP line reads of a show (the admin table's row or a public record). */
type RsvpShow = Pick<Show, "id" | "venue" | "date" | "rsvps">;

/**
 * Under a show's venue in the table (issue 24): how many fans confirmed they're going ('3 going'),
 * a button that opens the list of everyone who said so (confirmed or still to confirm) with its
 * CSV export.
 */
export function ShowRsvps({ show }: { show: RsvpShow }) {
  const [open, setOpen] = useState(false);
  const count = show.rsvps ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // the visible words first, so a voice user saying "3 going" reaches it (WCAG 2.5.3, axe label-content-name-mismatch)
        aria-label={`${count.toLocaleString("en-US")} going to the show at ${show.venue}: who they are`}
        className="mt-0.5 block min-h-6 cursor-pointer text-left text-xs text-dust underline decoration-dust/50 underline-offset-4 hover:text-bone"
      >
        {count.toLocaleString("en-US")} going
      </button>
      {open && <RsvpsDialog show={show} onClose={() => setOpen(false)} />}
    </>
  );
}

function RsvpsDialog({ show, onClose }: { show: RsvpShow; onClose: () => void }) {
  const rsvps = useRsvps(show.id);
  const rows = rsvps.data ?? [];
  const waiting = rows.filter((r) => !r.confirmed).length;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Going to ${show.venue}, ${formatDate(show.date)}`}
      description={rsvps.data ? `${rows.length - waiting} confirmed${waiting ? `, ${waiting} still to confirm by the link in their email` : ""}.` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void downloadRsvpsCsv(show.id)} disabled={!rows.length}>
            <Download className="size-4" aria-hidden /> Export CSV
          </Button>
        </>
      }
    >
      {rsvps.isLoading ? (
        <p className="text-sm text-dust">Loading...</p>
      ) : rsvps.error ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to load the list. Please try again.
        </p>
      ) : !rows.length ? (
        <p className="text-sm text-dust">Nobody has said they're going yet.</p>
      ) : (
        <ul className="divide-y divide-smoke" aria-label="Fans going">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate text-bone">{r.name || r.email}</span>
                {r.name && <span className="block truncate text-dust">{r.email}</span>}
              </span>
              {r.confirmed ? (
                <Badge variant="green" title={r.confirmedAt ? `Confirmed ${formatDateTime(r.confirmedAt)}` : undefined}>
                  Confirmed
                </Badge>
              ) : (
                <Badge variant="outline">Not confirmed</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** The server's CSV of one show's RSVPs, saved under the name the server gives. */
const downloadRsvpsCsv = (showId: number): Promise<void> => downloadCsv(rsvpsApi.exportCsv(showId), "rsvps.csv");
