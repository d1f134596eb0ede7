import { useEffect, useRef, type ReactNode } from "react";

/**
 * Plain building blocks for the two public forms. The public bundle stays light: native inputs,
 * React state and the spec's messages (no form library, no schema library, no Radix).
 *
 * Contrast (WCAG AA): the input border is at least 3:1 against the page, error text and links
 * at least 4.5:1 on ink and coal (the brand red #d7263d is only 3.7-4:1 there, so text uses a
 * lighter red), and light text sits on blood-dark (6:1), not blood (4:1).
 */
export const inputClass =
  "w-full border-2 border-dust/60 bg-coal px-3 py-2.5 text-bone placeholder:text-dust focus:border-blood focus:outline-none aria-[invalid=true]:border-blood";
const redText = "text-[#f0687a]";
const againClass = `text-sm font-bold tracking-wider uppercase underline-offset-4 hover:underline ${redText}`;

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-bold tracking-wider uppercase">
        {label} {hint && <span className="font-normal tracking-normal normal-case text-dust">{hint}</span>}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error text, id `<field id>-error` so the field can point at it (aria-describedby). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={`text-sm ${redText}`}>
      {error}
    </p>
  );
}

/** Props that tie an input to its error text for screen readers. */
export const invalidProps = (id: string, error?: string) => ({ "aria-invalid": Boolean(error), "aria-describedby": error ? `${id}-error` : undefined });

/** The required e-mail field both forms have (spec section 5: an e-mail-type required input). */
export function EmailField({ id, name, value, onChange, error }: { id: string; name?: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field id={id} label="Email" error={error}>
      <input
        id={id}
        name={name}
        type="email"
        required
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="email"
        maxLength={254}
        placeholder="you@example.com"
        {...invalidProps(id, error)}
      />
    </Field>
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

/** The failure text of a submit (spec section 8), announced as it appears. */
export function FormError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="border-l-4 border-blood bg-blood/10 px-3 py-2 text-sm">
      {error}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className="justify-self-start bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark/80 disabled:opacity-60">
      {busy ? busyLabel : label}
    </button>
  );
}

/** A form's button with what sits beside it (the privacy link), wrapping under it on a narrow screen. */
export function SubmitRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-6 gap-y-3">{children}</div>;
}

/**
 * The success state (spec section 4). It takes the focus when it appears: the submit button
 * the keyboard was on is gone, and a screen reader should read the thanks.
 */
export function SuccessPanel({ title, message, againLabel, onAgain, againHref }: { title: string; message: string; againLabel: string; onAgain?: () => void; againHref?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className="border-2 border-bone bg-coal p-6 focus:outline-none">
      <p className="font-display text-3xl uppercase">{title}</p>
      <p className="mt-2 text-dust">{message}</p>
      {againHref ? (
        // a thanks page (a form posted without JavaScript): back to the form, an ordinary link
        <a href={againHref} className={`mt-5 inline-block ${againClass}`}>
          {againLabel}
        </a>
      ) : (
        <button type="button" onClick={onAgain} className={`mt-5 ${againClass}`}>
          {againLabel}
        </button>
      )}
    </div>
  );
}
