import { FileUp } from "lucide-react";
import { useState } from "react";
import type { ImportReport, ImportUpload } from "@shared/api/subscribers";
import { IMPORT_HELP, IMPORT_MAX_BYTES, IMPORT_REJECTED_SHOWN, MAPPING_REQUIRED } from "@shared/schemas/subscriber-import";
import { maxSizeText } from "@shared/upload-limits";
import { errorMessage } from "@client/lib/api-client";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { UploadField } from "@client/components/ui/upload-field";
import { useRunImport, useUploadCsv } from "./api";
import { ImportPreview, MappingSelects, OptedInCheckbox, toMapping, type MappingChoice } from "./import-mapping";
import { ImportReportView } from "./import-report";

type Step = { name: "choose" } | { name: "map"; upload: ImportUpload } | { name: "report"; report: ImportReport };

/** Import CSV on /admin/subscribers (issue 12): choose a file, map its columns, preview, import, read the report. */
export function ImportCsvButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileUp className="h-4 w-4" aria-hidden="true" /> Import CSV
      </Button>
      {open && <ImportCsvDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportCsvDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<MappingChoice>({ email: null, name: null, interests: null, region: null });
  const [optedIn, setOptedIn] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const upload = useUploadCsv();
  const run = useRunImport();
  const busy = upload.isPending || run.isPending;

  const chooseFile = (picked: File | null) => {
    setFile(picked);
    upload.reset();
    if (!picked) return;
    upload.mutate(picked, {
      onSuccess: (data) => {
        setChoice(data.suggestedMapping);
        setOptedIn(false);
        setEmailError(undefined);
        run.reset();
        setStep({ name: "map", upload: data });
      },
    });
  };

  const startImport = (data: ImportUpload) => {
    if (choice.email == null) return setEmailError(MAPPING_REQUIRED);
    run.mutate({ importId: data.importId, body: { mapping: toMapping(choice), alreadyOptedIn: optedIn } }, { onSuccess: (report) => setStep({ name: "report", report }) });
  };

  const again = () => {
    setFile(null);
    upload.reset();
    run.reset();
    setStep({ name: "choose" });
  };

  let body;
  let footer;
  if (step.name === "choose") {
    body = (
      <div className="space-y-4">
        <UploadField
          label="CSV file"
          accept=".csv,text/csv"
          maxBytes={IMPORT_MAX_BYTES}
          hint={`A .csv file saved as UTF-8, ${maxSizeText(IMPORT_MAX_BYTES)}.`}
          file={file}
          onFileChange={chooseFile}
          error={upload.isError ? errorMessage(upload.error) : null}
          disabled={upload.isPending}
        />
        {upload.isPending && (
          <p role="status" className="text-sm text-dust">
            Uploading and checking the file...
          </p>
        )}
        <ImportHelp />
      </div>
    );
    footer = (
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
    );
  } else if (step.name === "map") {
    const data = step.upload;
    body = (
      <div className="space-y-4">
        <p className="text-sm text-dust">
          <span className="text-bone">{data.fileName}</span>: {data.rowCount.toLocaleString("en-US")} rows. Choose which column holds each field.
        </p>
        <MappingSelects
          upload={data}
          choice={choice}
          onChange={(c) => {
            setChoice(c);
            if (c.email != null) setEmailError(undefined);
          }}
          emailError={emailError}
        />
        <ImportPreview upload={data} choice={choice} />
        <OptedInCheckbox checked={optedIn} onChange={setOptedIn} />
        {run.isPending && (
          <p role="status" className="text-sm text-dust">
            Importing {data.rowCount.toLocaleString("en-US")} rows...
          </p>
        )}
        {run.isError && (
          <p role="alert" className="text-sm text-red-400">
            {errorMessage(run.error)}
          </p>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="outline" onClick={again} disabled={busy}>
          Choose another file
        </Button>
        <Button onClick={() => startImport(data)} disabled={busy}>
          {run.isPending ? "Importing..." : "Import"}
        </Button>
      </>
    );
  } else {
    body = <ImportReportView report={step.report} />;
    footer = (
      <>
        <Button variant="outline" onClick={again}>
          Import another file
        </Button>
        <Button onClick={onClose}>Done</Button>
      </>
    );
  }

  return (
    <Dialog
      open
      // an import under way finishes on the server anyway; the dialog stays to show its report
      onOpenChange={(next) => !next && !busy && onClose()}
      title={step.name === "report" ? "Import finished" : "Import CSV"}
      description={step.name === "choose" ? "Add fans from a list you already have." : undefined}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}

function ImportHelp() {
  return (
    <details className="rounded-md border border-smoke p-3 text-sm">
      <summary className="cursor-pointer font-medium text-bone">How the import reads the file</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-dust">
        {IMPORT_HELP.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>The report lists the first {IMPORT_REJECTED_SHOWN.toLocaleString("en-US")} rejected rows with their line number and reason, and counts all of them.</li>
      </ul>
    </details>
  );
}
