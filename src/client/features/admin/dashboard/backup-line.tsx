import { Archive } from "lucide-react";
import { formatBytes, formatDateTime } from "@shared/format";
import { useBackupStatus } from "./api";

/**
 * One line under the counts: the last backup (when, how big) or its error. Nothing at all while
 * backups are neither scheduled (BACKUP_SCHEDULE) nor ever taken.
 */
export function BackupLine() {
  const { data, error } = useBackupStatus();
  if (error || !data) return null;
  const { last, schedule } = data;
  if (!last && !schedule) return null;
  let text: string;
  let failed = false;
  if (!last) text = "No backups yet: the first scheduled one has not run.";
  else if (last.error) {
    failed = true;
    text = `Last backup failed on ${formatDateTime(last.at)}: ${last.error}`;
  } else text = `Last backup: ${formatDateTime(last.at)}, ${formatBytes(last.size)}`;
  return (
    <p role="status" aria-label="Backups" className={`mt-4 flex items-start gap-2 text-sm ${failed ? "text-red-400" : "text-dust"}`}>
      <Archive className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}
