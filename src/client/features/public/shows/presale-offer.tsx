import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { showsApi, type Show } from "@shared/api/shows";
import { formatDateTime } from "@shared/format";
import { PRESALE_ANSWER } from "@shared/show-sale";
import { answerText, useFormAnswer } from "@client/lib/form-answer";
import { FieldError, FormError, Honeypot, inputClass, invalidProps } from "../contact/form-parts";
import { emailError, usePublicForm } from "../contact/use-public-form";
import { SectionLink } from "../layout/section-link";

export const PRESALE_TITLE = "Presale for the mailing list";
export const PRESALE_FAILED = "Failed to send the code. Please try again.";

/**
 * 'Presale for the mailing list' on a show (issue 24): a fan enters their e-mail and, if it is a
 * confirmed address on the list, the code comes by mail. The answer is the same for every
 * address, with the way onto the list. A disclosure, so the card stays small; without
 * JavaScript the form posts as an ordinary form and its answer opens this card's disclosure
 * again (decision 026).
 */
export function PresaleOffer({ show, timeZone }: { show: Pick<Show, "id" | "venue" | "presaleStartsAt">; timeZone: string }) {
  const [page] = useLocation();
  const posted = useFormAnswer("presale");
  // one answer per page: the card whose form was posted shows it
  const answer = posted && answerText(posted, "show") === String(show.id) ? posted : null;
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [website, setWebsite] = useState("");
  const emailId = `presale-email-${show.id}`;
  const form = usePublicForm({ url: showsApi.presale(show.id), failed: PRESALE_FAILED, success: PRESALE_ANSWER, answer, fieldIds: { email: emailId } });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    void form.submit({ [emailId]: emailError(trimmed) }, { email: trimmed, website });
  }

  const error = form.fieldErrors[emailId];
  return (
    <details open={answer ? true : undefined} className="group/presale mt-3 max-w-md text-sm">
      <summary className="inline-flex min-h-6 cursor-pointer list-none items-center gap-1.5 font-bold text-amber hover:text-bone [&::-webkit-details-marker]:hidden">
        <KeyRound aria-hidden="true" className="h-4 w-4" /> {PRESALE_TITLE}
        <span aria-hidden="true" className="transition group-open/presale:rotate-90">
          ›
        </span>
      </summary>
      <div className="mt-2 border-l-2 border-amber/70 pl-3">
        <p className="text-dust">
          Fans on our mailing list get the code by e-mail.
          {show.presaleStartsAt ? ` Presale from ${formatDateTime(show.presaleStartsAt, timeZone)}.` : null}
        </p>
        {form.status === "success" ? (
          <div role="status" className="mt-2">
            <p>{form.message}</p>
            <SectionLink id="booking" className="mt-1 inline-block font-bold tracking-wider text-[#f0687a] uppercase underline-offset-4 hover:underline">
              Join the mailing list
            </SectionLink>
          </div>
        ) : (
          // action and names: the same form works as an ordinary post without JavaScript (decision 026)
          <form onSubmit={submit} action={`${showsApi.presale(show.id)}#show-${show.id}`} method="post" noValidate className="relative mt-2 grid gap-2" aria-label={`Presale code for ${show.venue}`}>
            <label htmlFor={emailId} className="sr-only">
              Your e-mail
            </label>
            <div className="flex flex-wrap gap-2">
              <input
                id={emailId}
                name="email"
                type="email"
                required
                className={`${inputClass} min-w-0 flex-1 basis-48 py-2`}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                maxLength={254}
                placeholder="you@example.com"
                {...invalidProps(emailId, error)}
              />
              <button type="submit" disabled={form.busy} className="bg-blood-dark px-4 py-2 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark/80 disabled:opacity-60">
                {form.busy ? "Sending..." : "Send me the code"}
              </button>
            </div>
            <FieldError id={emailId} error={error} />
            <FormError error={form.error} />
            <Honeypot value={website} onChange={setWebsite} />
            <input type="hidden" name="show" value={show.id} />
            <input type="hidden" name="page" value={page} />
          </form>
        )}
      </div>
    </details>
  );
}
