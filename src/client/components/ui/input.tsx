import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "@client/lib/cn";
import { FOCUS_RING } from "./focus-ring";

// Focus is the amber outline (FOCUS_RING), errors the red border: the two never look alike.
const base = cn(
  "w-full rounded-md border border-smoke bg-coal px-3 text-bone placeholder:text-dust disabled:opacity-50 aria-[invalid=true]:border-red-500",
  FOCUS_RING,
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(base, "h-10", className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(base, "min-h-24 py-2", className)} {...props} />;
});
