import type { HTMLAttributes } from "react";
import { cn } from "@client/lib/cn";

const variants = {
  default: "border-transparent bg-smoke text-bone",
  /** message type Booking (spec: blue) */
  blue: "border-transparent bg-sky-500/15 text-sky-300 ring-1 ring-inset ring-sky-500/40",
  /** message type Press (spec: amber) */
  amber: "border-transparent bg-amber/15 text-amber ring-1 ring-inset ring-amber/40",
  green: "border-transparent bg-emerald-500/15 text-emerald-300 ring-1 ring-inset ring-emerald-500/40",
  red: "border-transparent bg-red-500/15 text-red-300 ring-1 ring-inset ring-red-500/40",
  outline: "border-smoke bg-transparent text-dust",
} as const;

export type BadgeVariant = keyof typeof variants;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

/** Small status label: `<Badge variant="green">Active</Badge>`. */
export function Badge({ variant = "default", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn("inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold", variants[variant], className)}
      {...props}
    />
  );
}
