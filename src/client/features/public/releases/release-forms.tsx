import { useState, type FormEvent } from "react";
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT, DOWNLOAD_SUCCESS, NOTIFY_SUCCESS, releasesApi, type Release } from "@shared/api/releases";
import { answerText, useFormAnswer } from "@client/lib/form-answer";
import { useHydrated } from "@client/lib/use-hydrated";
import { EmailField, FormError, Honeypot } from "../contact/form-parts";
import { emailError, usePublicForm } from "../contact/use-public-form";
import { PRIVACY_SECTIONS, PrivacyLink } from "../privacy/privacy-link";

const FAILED = "Failed to save. Please try again.";
const buttonClass = "bg-blood-dark px-5 py-2.5 font-bold tracking-wider text-bone uppercase transition hover:bg-blood-dark/80 disabled:opacity-60";
const againClass = "mt-3 text-sm font-bold tracking-wider text-[#f0687a] uppercase underline-offset-4 hover:underline";

/**
 * 'E-mail me when it is out' (issue 25): an address confirmed by a mailed link gets one mail the
 * minute the release is out. It joins the mailing list only when ticked (the list's own signup).
 */
export function NotifyForm({ release }: { release: Release }) {
  const id = `notify-${release.id}`;
  // posted without JavaScript: the page comes back with this form's answer
  const answer = useFormAnswer("release-notify-form");
  const hydrated = useHydrated();
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [subscribe, setSubscribe] = useState(() => answerText(answer, "subscribe") === "yes");
  const [website, setWebsite] = useState("");
  const form = usePublicForm({ url: releasesApi.notify(release.id), failed: FAILED, success: NOTIFY_SUCCESS, answer, fieldIds: { email: `${id}-email` } });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    void form.submit({ [`${id}-email`]: emailError(trimmed) }, { email: trimmed, subscribe, website, page: location.pathname, referrer: document.referrer });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="border-l-4 border-blood bg-coal/70 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-3xl uppercase">E-mail me when it is out</h2>
      {form.status === "success" ? (
        <div role="status" className="mt-3">
          <p className="font-bold">{form.message}</p>
          <p className="mt-1 text-sm text-dust">The link in the email works for 48 hours.</p>
          {hydrated && (
            <button type="button" className={againClass} onClick={() => (setEmail(""), form.reset(`${id}-email`))}>
              Use another address
            </button>
          )}
        </div>
      ) : (
        // action and names: the same form works as an ordinary post without JavaScript
        <form onSubmit={submit} action={`${releasesApi.notify(release.id)}#${id}-title`} method="post" noValidate className="relative mt-3 grid gap-4" aria-label={`E-mail me when ${release.title} is out`}>
          <input type="hidden" name="page" value={`/releases/${release.slug}`} />
          <EmailField id={`${id}-email`} name="email" value={email} onChange={setEmail} error={form.fieldErrors[`${id}-email`]} />
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input name="subscribe" value="yes" type="checkbox" className="mt-0.5 size-5 shrink-0 accent-blood" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
            <span>Also join the mailing list for news of new music</span>
          </label>
          <Honeypot value={website} onChange={setWebsite} />
          <FormError error={form.error} />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <button type="submit" disabled={form.busy} className={buttonClass}>
              {form.busy ? "Sending..." : "Tell me"}
            </button>
            <PrivacyLink section={PRIVACY_SECTIONS.releases} />
          </div>
          <p className="text-xs text-dust">We'll email you a link to confirm, then one mail the minute it's out. Nothing else unless you tick the box.</p>
        </form>
      )}
    </section>
  );
}

/** The free download for the list: confirming the address puts it on the mailing list and mails a personal link. */
export function DownloadForm({ release }: { release: Release }) {
  const id = `download-${release.id}`;
  const answer = useFormAnswer("release-download-form");
  const [email, setEmail] = useState(() => answerText(answer, "email"));
  const [website, setWebsite] = useState("");
  const form = usePublicForm({ url: releasesApi.download(release.id), failed: FAILED, success: DOWNLOAD_SUCCESS, answer, fieldIds: { email: `${id}-email` } });

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    void form.submit({ [`${id}-email`]: emailError(trimmed) }, { email: trimmed, website, page: location.pathname, referrer: document.referrer });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="border-2 border-smoke p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-display text-3xl uppercase">Free download for the list</h2>
      {form.status === "success" ? (
        <p role="status" className="mt-3 font-bold">
          {form.message}
        </p>
      ) : (
        <form onSubmit={submit} action={`${releasesApi.download(release.id)}#${id}-title`} method="post" noValidate className="relative mt-3 grid gap-4" aria-label={`Free download of ${release.title}`}>
          <input type="hidden" name="page" value={`/releases/${release.slug}`} />
          <p className="text-sm text-dust">
            Join the mailing list and get it free: confirm your address and you get a personal link (it works {DOWNLOAD_LIMIT} times over {DOWNLOAD_DAYS} days).
          </p>
          <EmailField id={`${id}-email`} name="email" value={email} onChange={setEmail} error={form.fieldErrors[`${id}-email`]} />
          <Honeypot value={website} onChange={setWebsite} />
          <FormError error={form.error} />
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <button type="submit" disabled={form.busy} className={buttonClass}>
              {form.busy ? "Sending..." : "Join and download"}
            </button>
            <PrivacyLink section={PRIVACY_SECTIONS.releases} />
          </div>
        </form>
      )}
    </section>
  );
}
