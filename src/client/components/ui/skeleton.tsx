import type { HTMLAttributes } from "react";
import { cn } from "@client/lib/cn";

/** A pulsing placeholder block; size it with classes: `<Skeleton className="h-4 w-24" />`. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-smoke/70", className)} {...props} />;
}
