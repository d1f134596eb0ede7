import type { ImportReport } from "@shared/api/subscribers";
import { DataTable, type Column } from "@client/components/ui/data-table";

type Rejected = ImportReport["rejectedRows"][number];

const n = (x: number) => x.toLocaleString("en-US");

/** What an import did: the counts, and the rejected rows with their line in the file and the reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const counts = [
    { label: "Added", value: report.added },
    { label: "Updated", value: report.updated },
    { label: "Skipped as duplicates", value: report.duplicates },
    { label: "Rejected", value: report.rejected },
  ];
  const columns: Column<Rejected>[] = [
    { header: "Line", cell: (r) => n(r.line), className: "w-16 tabular-nums" },
    { header: "Email", cell: (r) => r.email || <span className="italic text-dust">empty</span> },
    { header: "Reason", cell: (r) => <span className="whitespace-normal">{r.reason}</span> },
  ];
  return (
    <div className="space-y-4" role="status">
      <dl className="grid grid-cols-2 gap-2">
        {counts.map((c) => (
          <div key={c.label} className="rounded-md border border-smoke p-3">
            <dt className="text-xs text-dust">{c.label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-bone">{n(c.value)}</dd>
          </div>
        ))}
      </dl>
      {report.verificationMails > 0 && (
        <p className="text-sm text-dust">
          {n(report.verificationMails)} new {report.verificationMails === 1 ? "fan gets" : "fans get"} the verification mail in the background; they are
          mailed newsletters once they confirm.
        </p>
      )}
      {report.rejectedRows.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-bone">Rejected rows</h3>
          {report.rejected > report.rejectedRows.length && (
            <p className="text-xs text-dust">
              Showing the first {n(report.rejectedRows.length)} of {n(report.rejected)} rejected rows.
            </p>
          )}
          <DataTable caption="Rejected rows" columns={columns} rows={report.rejectedRows} rowKey={(r) => r.line} className="max-h-72 overflow-y-auto rounded-md border border-smoke" />
        </div>
      )}
    </div>
  );
}
