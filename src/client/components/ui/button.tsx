import { Slot } from "radix-ui";
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "@client/lib/cn";
import { FOCUS_RING } from "./focus-ring";

const variants = {
  primary: "bg-blood text-white hover:bg-blood-dark", // white, not bone: bone on blood is 4.0:1, under AA for 14 px text
  secondary: "bg-smoke text-bone hover:bg-ash",
  outline: "border border-smoke bg-transparent text-bone hover:bg-ash",
  ghost: "bg-transparent text-bone hover:bg-ash",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  link: "bg-transparent text-blood underline-offset-4 hover:underline px-0",
} as const;

const sizes = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-9 w-9 p-0",
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** render the child element (a Link, an anchor) with button styling */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", asChild, className, type, ...props },
  ref,
) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : (type ?? "button")}
      className={cn(
        "inline-flex cursor-pointer items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50",
        FOCUS_RING,
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
