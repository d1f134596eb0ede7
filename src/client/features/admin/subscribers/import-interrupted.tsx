import { AlertTriangle, Loader2, Play, Trash2 } from "lucide-react";
import { useState } from "react";
import type { ImportReport, ImportState } from "@shared/api/subscribers";
import { formatDate } from "@shared/format";
import { errorMessage } from "@client/lib/api-client";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Dialog } from "@client/components/ui/dialog";
import { useDiscardImport, useResumeImport, useStartedImports } from "./api";
import { ImportReportView } from "./import-report";

const n = (x: number) => x.toLocaleString("en-US");

/** '124,000 of 307,156 rows (40%)', or '124,000 rows' when the file's length is not known. */
export function importProgressText(s: ImportState) {
  if (s.totalRows == null || s.totalRows === 0) return `${n(s.processedRows)} rows`;
  return `${n(s.processedRows)} of ${n(s.totalRows)} rows (${Math.floor((s.processedRows / s.totalRows) * 100)}%)`;
}

/**
 * Above the subscriber list (issue 20): an import that stopped halfway (its server was stopped or
 * it failed) says so, how far it got, and offers Resume or Discard; one still running says how far
 * it is. Nothing shows when there is none.
 */
export function StartedImports() {
  const started = useStartedImports();
  const [report, setReport] = useState<ImportReport | null>(null);
  if (!started.data?.length && !report) return null;
  return (
    <div className="mb-4 space-y-3">
      {started.data?.map((s) => (s.state === "interrupted" ? <InterruptedImport key={s.importId} state={s} onDone={setReport} /> : <RunningImport key={s.importId} state={s} />))}
      {report && (
        <Dialog
          open
          onOpenChange={(open) => !open && setReport(null)}
          title="Import finished"
          footer={<Button onClick={() => setReport(null)}>Done</Button>}
        >
          <ImportReportView report={report} />
        </Dialog>
      )}
    </div>
  );
}

function RunningImport({ state }: { state: ImportState }) {
  return (
    <Card role="status" className="flex items-start gap-3 p-4 text-sm">
      <Loader2 className="mt-0.5 h-4 w-4 shrink-0 animate-spin text-dust" aria-hidden="true" />
      <p className="text-dust">
        Importing <span className="text-bone">{state.fileName}</span>: {importProgressText(state)} done so far. Reload the page to see how far it got.
      </p>
    </Card>
  );
}

function InterruptedImport({ state, onDone }: { state: ImportState; onDone: (report: ImportReport) => void }) {
  const resume = useResumeImport();
  const discard = useDiscardImport();
  const [confirming, setConfirming] = useState(false);
  const busy = resume.isPending || discard.isPending;
  const titleId = `interrupted-${state.importId}`;
  return (
    <Card role="region" aria-labelledby={titleId} className="border-amber-500/60 p-4">
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-400" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2 text-sm">
          <h2 id={titleId} className="text-base font-semibold text-bone">
            An import was interrupted
          </h2>
          <p className="text-dust">
            <span className="break-all text-bone">{state.fileName}</span>, started {formatDate(state.startedAt.slice(0, 10))}, stopped after {importProgressText(state)}.
          </p>
          <p className="text-dust">
            So far: {n(state.added)} added, {n(state.updated)} updated, {n(state.duplicates)} duplicates skipped, {n(state.rejected)} rejected. Resume it to import the
            rest of the file, or discard it: the file is deleted and the fans already imported stay on the list.
          </p>
          {resume.isPending && <p role="status">Importing the rest of the file...</p>}
          {resume.isError && (
            <p role="alert" className="text-red-400">
              {errorMessage(resume.error)}
            </p>
          )}
          <div className="flex flex-wrap gap-2 pt-1">
            <Button onClick={() => resume.mutate(state.importId, { onSuccess: onDone })} disabled={busy}>
              <Play className="h-4 w-4" aria-hidden="true" /> {resume.isPending ? "Resuming..." : "Resume import"}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Discard
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this import?"
        description={`The uploaded file ${state.fileName} is deleted. The ${n(state.added + state.updated)} fans imported before it stopped stay on the list.`}
        confirmLabel="Discard"
        pendingLabel="Discarding..."
        pending={discard.isPending}
        onConfirm={() => discard.mutate(state.importId, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  );
}
