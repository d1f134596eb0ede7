import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { subscribersApi } from "@shared/api/subscribers";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { usePageTitle } from "../ui/use-page-title";
import { EmailAddress } from "@client/components/ui/email-address";
import { refusalText, useFormAnswer } from "@client/lib/form-answer";

const MISSING = "Invalid unsubscribe link. Missing token.";

type Status = "idle" | "working" | "done" | "error";

/**
 * /unsubscribe?email=..&token=.. from the link in every mail. It asks before acting, so a mail
 * scanner that opens links cannot unsubscribe anyone; mail clients' one-click POST needs no page.
 */
export default function UnsubscribePage() {
  usePageTitle("Unsubscribe");
  const params = new URLSearchParams(useSearch());
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  // the button posted without JavaScript (issue 21): the page comes back with the outcome
  const answer = useFormAnswer("unsubscribe");
  const [status, setStatus] = useState<Status>(answer ? (answer.ok ? "done" : "error") : token ? "idle" : "error");
  const [message, setMessage] = useState(answer ? (answer.ok ? answer.message : (refusalText(answer) ?? "")) : token ? "" : MISSING);
  // The button the keyboard was on disappears with the answer: the answer takes the focus.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === "done" || (status === "error" && token))
      result.current?.focus();
  }, [status, token]);

  async function unsubscribe(e: FormEvent) {
    e.preventDefault();
    setStatus("working");
    try {
      const res = await apiRequest("POST", subscribersApi.unsubscribe, {
        email,
        token,
      });
      setMessage(res.message || "You have been unsubscribed.");
      setStatus("done");
    } catch (err) {
      setMessage(
        err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : "An error occurred. Please try again.",
      );
      setStatus("error");
    }
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">
        Mailing list
      </p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">
        Unsubscribe
      </h1>
      <div
        ref={result}
        tabIndex={-1}
        className="mt-8 focus:outline-none"
        aria-live="polite"
      >
        {(status === "idle" || status === "working") && (
          <>
            <p className="text-lg">
              Stop newsletters to{" "}
              <strong>
                {email ? <EmailAddress address={email} /> : "this address"}
              </strong>
              ?
            </p>
            {/* an ordinary form too, so the button works without JavaScript (issue 21) */}
            <form method="post" action={subscribersApi.unsubscribe} onSubmit={unsubscribe}>
              <input type="hidden" name="email" value={email} />
              <input type="hidden" name="token" value={token} />
              <button
                type="submit"
                disabled={status === "working"}
                className="mt-6 bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80 disabled:opacity-60"
              >
                {status === "working" ? "Unsubscribing..." : "Unsubscribe"}
              </button>
            </form>
          </>
        )}
        {status === "done" && (
          <div
            role="status"
            className="border-l-4 border-moss bg-moss/10 px-4 py-5"
          >
            <p className="text-lg font-bold">{message}</p>
            <p className="mt-1 text-dust">
              Changed your mind? You can sign up again on the site at any time.
            </p>
          </div>
        )}
        {status === "error" && (
          <p
            role="alert"
            className="border-l-4 border-blood bg-blood/10 px-4 py-5 text-lg"
          >
            {message}
          </p>
        )}
      </div>
      {(status === "done" || status === "error") && (
        <Link
          href="/"
          className="mt-8 inline-block border-2 border-bone px-6 py-3 font-bold tracking-wider uppercase hover:bg-bone hover:text-ink"
        >
          Back to the site
        </Link>
      )}
    </main>
  );
}
