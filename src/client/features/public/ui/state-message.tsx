import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";

interface Props {
  tone?: "muted" | "error";
  children: ReactNode;
  className?: string;
  /** on the bone-coloured section: dark text, so it keeps its contrast */
  light?: boolean;
}

/** Loading, empty and error states of the public sections, with the spec's words. */
export function StateMessage({ tone = "muted", children, className, light }: Props) {
  const colours = light
    ? tone === "error" ? "border-blood bg-blood/10 text-ink" : "border-ink/40 bg-ink/5 text-ink"
    : tone === "error" ? "border-blood bg-blood/10 text-bone" : "border-smoke bg-coal/60 text-dust";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={cn("border-l-4 px-4 py-5 text-base", colours, className)}>
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
