import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

/** Loading, empty and error states of the public sections, with the spec's words. */
export function StateMessage({ tone = "muted", children, className }: { tone?: "muted" | "error"; children: ReactNode; className?: string }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "border-l-4 px-4 py-5 text-base",
        tone === "error" ? "border-blood bg-blood/10 text-bone" : "border-smoke bg-coal/60 text-dust",
        className,
      )}
    >
      {children}
    </p>
  );
}

export function LoadingBlocks({ count = 3, className }: { count?: number; className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={cn("grid gap-4", className)}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-28 animate-pulse bg-coal" />
      ))}
    </div>
  );
}
