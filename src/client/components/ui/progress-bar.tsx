import { cn } from "@client/lib/cn";

/**
 * A themed progress bar (role=progressbar) for uploads and other long work:
 * `<ProgressBar value={0.41} label="Audio upload progress" />` (value 0..1).
 */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-smoke", className)}
    >
      <div className="h-full rounded-full bg-blood transition-[width] duration-200" style={{ width: `${percent}%` }} />
    </div>
  );
}
