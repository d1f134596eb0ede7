import type { ReactNode } from "react";
import { ApiError } from "@client/lib/api-client";

/**
 * Plain building blocks for the two public forms. The public bundle stays light: native inputs,
 * React state and the spec's messages (no form library, no schema library, no Radix).
 */
export const inputClass =
  "w-full border-2 border-smoke bg-coal px-3 py-2.5 text-bone placeholder:text-dust/70 focus:border-blood focus:outline-none aria-[invalid=true]:border-blood";

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-bold tracking-wider uppercase">
        {label} {hint && <span className="font-normal tracking-normal normal-case text-dust">{hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-blood" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Off-screen field that people never see or reach; bots fill it in and are quietly ignored. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

export const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/**
 * Spec section 8: the server's own message when it sent one (a field error in plain words),
 * else `failed` for a refused request, else the generic text for network and other errors.
 */
export function failureMessage(err: unknown, failed: string): string {
  if (err instanceof ApiError) {
    const fieldError = err.body?.errors && Object.values(err.body.errors)[0];
    return fieldError || err.serverMessage || failed;
  }
  return "An error occurred. Please try again.";
}
