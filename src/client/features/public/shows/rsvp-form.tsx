import { ChevronDown } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { RSVP_SUCCESS, rsvpsApi } from "@shared/api/rsvps";
import type { Show } from "@shared/api/shows";
import { cn } from "@client/lib/cn";
import { answerText, useFormAnswer } from "@client/lib/form-answer";
import { useHydrated } from "@client/lib/use-hydrated";
import { EmailField, Field, FormError, Honeypot, inputClass } from "../contact/form-parts";
import { emailError, usePublicForm } from "../contact/use-public-form";
import { PRIVACY_SECTIONS, PrivacyLink } from "../privacy/privacy-link";

export const RSVP_FAILED = "Failed to save. Please try again.";
const againClass = "mt-3 text-sm font-bold tracking-wider text-[#f0687a] uppercase underline-offset-4 hover:underline";

/**
 * 'I'm going' on an upcoming show's card (issue 24): a native <details>, so it opens without
 * JavaScript too, holding a small form (e-mail, optional name, 'also join the mailing list')
 * that posts as JSON in the app or as an ordinary form without it (the answer comes back drawn
 * on the same page, this card's form open). The server answers the same whatever the address,
 * then mails a link that confirms.
 */
export function RsvpForm({ show, className }: { show: Show; className?: string }) {
  const [path] = useLocation();
  // posted without JavaScript: the page comes back with this card's answer when it was this card's form
  const posted = useFormAnswer("rsvp");
  const answer = posted && answerText(posted, "show") === String(show.id) ? posted : null;
  const id = `rsvp-${show.id}`;
  const [open, setOpen] = useState(answer !== null);
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [name, setName] = useState(() => answerText(answer, "name"));
  const [subscribe, setSubscribe] = useState(() => answerText(answer, "subscribe") === "yes");
  const [website, setWebsite] = useState("");
  const form = usePublicForm({ url: rsvpsApi.rsvp(show.id), failed: RSVP_FAILED, success: RSVP_SUCCESS, answer, fieldIds: { email: `${id}-email`, name: `${id}-name` } });
  const going = show.rsvps ?? 0;
  const hydrated = useHydrated();

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    void form.submit({ [`${id}-email`]: emailError(trimmed) }, { email: trimmed, name: name.trim(), subscribe, website, page: location.pathname, referrer: document.referrer });
  }

  function again() {
    setEmail("");
    setName("");
    setSubscribe(false);
    form.reset(`${id}-email`);
  }

  return (
    <details id={id} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className={cn("group/rsvp", className)}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex min-h-11 items-center gap-2 border-2 border-bone px-4 py-1.5 font-display text-lg tracking-wide uppercase transition group-open/rsvp:bg-bone group-open/rsvp:text-ink hover:bg-bone hover:text-ink">
          I'm going
          <ChevronDown aria-hidden="true" className="h-4 w-4 transition group-open/rsvp:rotate-180" />
        </span>
        {going > 0 && <span className="text-sm text-dust">{going === 1 ? "1 fan is going" : `${going.toLocaleString("en-US")} fans are going`}</span>}
      </summary>
      <div className="mt-3 max-w-xl border-l-4 border-blood bg-coal/70 p-4">
        {form.status === "success" ? (
          <div role="status">
            <p className="font-bold">{form.message}</p>
            <p className="mt-1 text-sm text-dust">The link in the email works for 48 hours.</p>
            {hydrated ? (
              <button type="button" onClick={again} className={againClass}>
                Use another address
              </button>
            ) : (
              // the answer to a form posted without JavaScript: back to the card, an ordinary link
              <a href={`${path}#${id}`} className={`inline-block ${againClass}`}>
                Use another address
              </a>
            )}
          </div>
        ) : (
          // action and names: the same form works as an ordinary post without JavaScript
          <form onSubmit={submit} action={`${rsvpsApi.rsvp(show.id)}#${id}`} method="post" noValidate className="relative grid gap-4" aria-label={`I'm going to ${show.venue}`}>
            <input type="hidden" name="show" value={show.id} />
            <input type="hidden" name="page" value={path} />
            <div className="grid gap-4 sm:grid-cols-2">
              <EmailField id={`${id}-email`} name="email" value={email} onChange={setEmail} error={form.fieldErrors[`${id}-email`]} />
              <Field id={`${id}-name`} label="Name" hint="(optional)" error={form.fieldErrors[`${id}-name`]}>
                <input id={`${id}-name`} name="name" className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={100} placeholder="Your name" />
              </Field>
            </div>
            <label className="flex cursor-pointer items-start gap-2 text-sm">
              <input id={`${id}-subscribe`} name="subscribe" value="yes" type="checkbox" className="mt-0.5 size-5 shrink-0 accent-blood" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
              <span>Also join the mailing list for news of our shows</span>
            </label>
            <Honeypot value={website} onChange={setWebsite} />
            <FormError error={form.error} />
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
              <button type="submit" disabled={form.busy} className="bg-blood-dark px-5 py-2.5 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark/80 disabled:opacity-60">
                {form.busy ? "Sending..." : "Count me in"}
              </button>
              <PrivacyLink section={PRIVACY_SECTIONS.rsvps} />
            </div>
            <p className="text-xs text-dust">We'll email you a link to confirm, a reminder the day before, and news if the show changes.</p>
          </form>
        )}
      </div>
    </details>
  );
}
