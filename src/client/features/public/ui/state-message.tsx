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

interface BlocksProps {
  count?: number;
  className?: string;
  /** the shape of one block (default 7 rem high), close to the item it stands for */
  itemClassName?: string;
  /**
   * A page's main content (not a home section): at least a screen high, so the footer stays
   * out of view until the content arrives instead of being pushed down by it (layout shift).
   */
  fillScreen?: boolean;
}

export function LoadingBlocks({ count = 3, className, itemClassName = "h-28", fillScreen }: BlocksProps) {
  return (
    <div role="status" aria-label="Loading" className={cn("grid gap-4", fillScreen && "min-h-dvh content-start", className)}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cn("animate-pulse bg-coal", itemClassName)} />
      ))}
    </div>
  );
}
