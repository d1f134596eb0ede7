import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { refusalText, type FormAnswer } from "@client/lib/form-answer";
import { prepareToast, showToast } from "../ui/toasts";

type Status = "idle" | "submitting" | "success";
/** Field errors keyed by the input's id, so the first one can take the focus. */
export type FieldErrors = Record<string, string | undefined>;

export interface PublicFormOptions {
  url: string;
  /** spec section 8: shown when the server refuses without a message of its own */
  failed: string;
  /** spec section 8: the thanks text, shown once, in the form's success panel (issue 13: no toast over it) */
  success: string;
  /** the server's answer to this form posted without JavaScript (issue 21): the form starts from it */
  answer?: FormAnswer | null;
  /** which input shows the error of each API field ('email' -> 'subscribe-email') */
  fieldIds?: Record<string, string>;
}

/**
 * The state both public forms share (spec section 4): idle, submitting, success, with the
 * section 8 failure texts. Invalid fields and the first of them take the focus, so keyboard
 * and screen-reader users land on what needs fixing.
 */
export function usePublicForm({ url, failed, success, answer = null, fieldIds = {} }: PublicFormOptions) {
  const [status, setStatus] = useState<Status>(answer?.ok ? "success" : "idle");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(() => fieldErrorsOf(answer, fieldIds));
  // a field's error is said beside it; the form-wide line is for what belongs to no field shown
  const [error, setError] = useState<string | undefined>(() => (answer && !answer.ok && !Object.keys(fieldErrorsOf(answer, fieldIds)).length ? refusalText(answer) : undefined));
  const focusAfterReset = useRef<string>(undefined);

  async function submit(errors: FieldErrors, body: object) {
    setError(undefined);
    setFieldErrors(errors);
    const firstInvalid = Object.keys(errors).find((id) => errors[id]);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    setStatus("submitting");
    prepareToast();
    try {
      const res = await apiRequest("POST", url, body);
      if (!res.success) throw new RefusedError(res.message || failed);
      // the success panel that replaces the form says it; a toast on top would say it twice
      setStatus("success");
    } catch (err) {
      const text = failureMessage(err, failed);
      setError(text);
      setStatus("idle");
      void showToast("error", text);
    }
  }

  /** Back to an empty form ('subscribe another', 'send another'), focus on its first field. */
  function reset(firstFieldId: string) {
    setFieldErrors({});
    setError(undefined);
    setStatus("idle");
    focusAfterReset.current = firstFieldId;
  }

  // The field exists again only after the form re-renders. An effect (not a timer) does it, so
  // nothing fires after the form has gone (a timer did, and stole the focus from the next form).
  useEffect(() => {
    if (status !== "idle" || !focusAfterReset.current) return;
    document.getElementById(focusAfterReset.current)?.focus();
    focusAfterReset.current = undefined;
  }, [status]);

  // The thanks is always the spec's text (section 8), whatever the server words it as.
  return { status, busy: status === "submitting", fieldErrors, error, message: success, submit, reset };
}

class RefusedError extends Error {}

/** The answer's field errors on the inputs that show them. */
function fieldErrorsOf(answer: FormAnswer | null, fieldIds: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(answer?.errors ?? {})) if (fieldIds[field]) errors[fieldIds[field]] = text;
  return errors;
}

/**
 * Spec section 8: the server's own message when it sent one (a field error in plain words),
 * else `failed` for a refused request, else the generic text for network and other errors.
 */
export function failureMessage(err: unknown, failed: string): string {
  if (err instanceof RefusedError) return err.message;
  if (err instanceof ApiError) {
    const fieldError = err.body?.errors && Object.values(err.body.errors)[0];
    return fieldError || err.serverMessage || failed;
  }
  return "An error occurred. Please try again.";
}

export const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** Spec section 5: 'Email is required', then a plain word on a malformed address. */
export function emailError(email: string): string | undefined {
  if (!email) return "Email is required";
  return looksLikeEmail(email) ? undefined : "Please enter a valid email address";
}
