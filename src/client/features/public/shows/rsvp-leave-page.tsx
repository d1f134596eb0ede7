import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { rsvpsApi } from "@shared/api/rsvps";
import { RSVP_LINK_MISSING } from "@shared/schemas/rsvps";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { refusalText, useFormAnswer } from "@client/lib/form-answer";
import { usePageTitle } from "../ui/use-page-title";

type Status = "idle" | "working" | "done" | "error";

/**
 * /rsvp/leave?token=.., the 'Can't make it?' link of an RSVP's reminder and notices. It asks
 * before acting, so a mail scanner that opens links takes no one off the list; the button is an
 * ordinary form too, so it works without JavaScript (the server draws the answer here).
 */
export default function RsvpLeavePage() {
  usePageTitle("Can't make it");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const answer = useFormAnswer("rsvp-leave");
  const [status, setStatus] = useState<Status>(answer ? (answer.ok ? "done" : "error") : token ? "idle" : "error");
  const [message, setMessage] = useState(answer ? (answer.ok ? answer.message : (refusalText(answer) ?? "")) : token ? "" : RSVP_LINK_MISSING);
  // the button the keyboard was on goes with the answer: the answer takes the focus
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === "done" || (status === "error" && token)) result.current?.focus();
  }, [status, token]);

  async function leave(e: FormEvent) {
    e.preventDefault();
    setStatus("working");
    try {
      const res = await apiRequest("POST", rsvpsApi.leave, { token });
      setMessage(res.message || "Your name is off the list.");
      setStatus("done");
    } catch (err) {
      setMessage(err instanceof ApiError && err.serverMessage ? err.serverMessage : "An error occurred. Please try again.");
      setStatus("error");
    }
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">Shows</p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">Can't make it?</h1>
      <div ref={result} tabIndex={-1} className="mt-8 focus:outline-none" aria-live="polite">
        {(status === "idle" || status === "working") && (
          <>
            <p className="text-lg">Take your name off the list for this show? You won't get its reminder or any news of it.</p>
            <form method="post" action={rsvpsApi.leave} onSubmit={leave}>
              <input type="hidden" name="token" value={token} />
              <button
                type="submit"
                disabled={status === "working"}
                className="mt-6 bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80 disabled:opacity-60"
              >
                {status === "working" ? "Taking it off..." : "Take my name off"}
              </button>
            </form>
          </>
        )}
        {status === "done" && (
          <div role="status" className="border-l-4 border-moss bg-moss/10 px-4 py-5">
            <p className="text-lg font-bold">{message}</p>
            <p className="mt-1 text-dust">Changed your mind? Say you're going on the show again.</p>
          </div>
        )}
        {status === "error" && (
          <p role="alert" className="border-l-4 border-blood bg-blood/10 px-4 py-5 text-lg">
            {message}
          </p>
        )}
      </div>
      {(status === "done" || status === "error") && (
        <Link href="/shows" className="mt-8 inline-block border-2 border-bone px-6 py-3 font-bold tracking-wider uppercase hover:bg-bone hover:text-ink">
          All our shows
        </Link>
      )}
    </main>
  );
}
