import type { ImportMapping, ImportUpload } from "@shared/api/subscribers";
import { readImportRow, type ImportField } from "@shared/schemas/subscriber-import";
import { regionName } from "@shared/regions";
import { Checkbox } from "@client/components/ui/checkbox";
import { DataTable, type Column } from "@client/components/ui/data-table";
import { Field } from "@client/components/ui/field";
import { Select } from "@client/components/ui/select";

const NONE = "none";
const FIELD_LABELS: Record<ImportField, string> = { email: "Email (required)", name: "Name", interests: "Interests", region: "Region" };

export type MappingChoice = Record<ImportField, number | null>;

/** The mapping the server takes: email required, the others only when chosen. */
export function toMapping(choice: MappingChoice): ImportMapping {
  return { email: choice.email, name: choice.name, interests: choice.interests, region: choice.region };
}

/** One select per field, the upload's suggestion preselected; a column serves one field at most. */
export function MappingSelects({ upload, choice, onChange, emailError }: { upload: ImportUpload; choice: MappingChoice; onChange: (c: MappingChoice) => void; emailError?: string }) {
  const columnLabel = (i: number) => upload.columns[i] || `Column ${i + 1}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(Object.keys(FIELD_LABELS) as ImportField[]).map((field) => {
        const takenElsewhere = new Set(Object.entries(choice).filter(([f, c]) => f !== field && c != null).map(([, c]) => c));
        const options = upload.columns.map((_, i) => i).filter((i) => !takenElsewhere.has(i)).map((i) => ({ value: String(i), label: columnLabel(i) }));
        if (field !== "email") options.unshift({ value: NONE, label: "Not imported" });
        const value = choice[field];
        return (
          <Field key={field} label={FIELD_LABELS[field]} error={field === "email" ? emailError : undefined}>
            <Select
              options={options}
              value={value == null ? (field === "email" ? "" : NONE) : String(value)}
              placeholder="Choose a column"
              onValueChange={(v) => onChange({ ...choice, [field]: v === NONE ? null : Number(v) })}
            />
          </Field>
        );
      })}
    </div>
  );
}

type PreviewRow = { key: number; cells: string[] };

/** The first rows as the import will read them under the chosen mapping, rejections with their reason. */
export function ImportPreview({ upload, choice }: { upload: ImportUpload; choice: MappingChoice }) {
  if (choice.email == null) return <p className="text-sm text-dust">Choose the email column to see the first rows as they will be imported.</p>;
  const mapping = { ...choice, email: choice.email };
  const read = (row: PreviewRow) => readImportRow(row.cells, mapping);
  const columns: Column<PreviewRow>[] = [
    {
      header: "Email",
      cell: (r) => {
        const result = read(r);
        return result.ok ? <span className="text-bone">{result.value.email}</span> : <span className="text-red-400">Rejected: {result.reason}</span>;
      },
    },
    { header: "Name", cell: (r) => shown(read(r), (v) => v.name ?? "") },
    {
      header: "Interests",
      cell: (r) =>
        shown(read(r), (v) =>
          v.interests ? [v.interests.shows && "Shows", v.interests.releases && "Releases", v.interests.merch && "Merch"].filter(Boolean).join(", ") || "None" : "All three (new fans)",
        ),
    },
    { header: "Region", cell: (r) => shown(read(r), (v) => regionName(v.region)) },
  ];
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-bone">Preview: the first {upload.rows.length} of {upload.rowCount.toLocaleString("en-US")} rows</h3>
      <DataTable caption="Preview of the first rows" columns={columns} rows={upload.rows.map((cells, key) => ({ key, cells }))} rowKey={(r) => r.key} className="rounded-md border border-smoke" />
    </div>
  );
}

function shown<T>(result: { ok: true; value: T } | { ok: false }, text: (v: T) => string) {
  return result.ok ? text(result.value) : <span className="text-dust">-</span>;
}

export const OPTED_IN_LABEL = "These people already opted in";

/** The consent the admin gives by ticking, in words they read before they do. */
export function OptedInCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="space-y-1 rounded-md border border-smoke p-3">
      <Checkbox checked={checked} onCheckedChange={(c) => onChange(c === true)} label={OPTED_IN_LABEL} aria-describedby="import-opted-in-hint" />
      <p id="import-opted-in-hint" className="pl-7 text-xs text-dust">
        Tick this only if everyone in the file asked to get the band&apos;s mail (for example on your old list). They are marked verified at once, and the
        consent is recorded as given by you, now. Unticked, each new fan gets the normal verification mail and is only mailed newsletters once they confirm.
      </p>
    </div>
  );
}
