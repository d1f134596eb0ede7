import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { rsvpsApi } from "@shared/api/rsvps";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { useFormAnswer } from "@client/lib/form-answer";
import { usePageTitle } from "../ui/use-page-title";

const MISSING = "This link is incomplete. Open the link in your email again.";
const FAILED = "Failed to confirm. Please try again.";
const ERROR = "An error occurred while confirming. Please try again.";

type State = { status: "loading" } | { status: "success"; message: string } | { status: "error"; message: string };

/**
 * /rsvp/confirm?token=.. (issue 24), the link of the mail that confirms 'I'm going'. The server
 * confirms when it draws the page (it works without JavaScript); reached any other way, the app
 * asks POST /api/rsvps/confirm.
 */
export default function RsvpConfirmPage() {
  usePageTitle("I'm going");
  const search = useSearch();
  const answer = useFormAnswer("rsvp-confirm");
  const [state, setState] = useState<State>(answer ? { status: answer.ok ? "success" : "error", message: answer.message } : { status: "loading" });
  const started = useRef(answer !== null);

  useEffect(() => {
    if (started.current) return; // one request even under StrictMode's double effect
    started.current = true;
    const token = new URLSearchParams(search).get("token");
    if (!token) {
      setState({ status: "error", message: MISSING });
      return;
    }
    apiRequest("POST", rsvpsApi.confirm, { token })
      .then((res) => setState(res.success ? { status: "success", message: res.message || "" } : { status: "error", message: res.message || FAILED }))
      .catch((err) => {
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        setState({ status: "error", message: refused ? err.serverMessage || FAILED : ERROR });
      });
  }, [search]);

  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">Shows</p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">I'm going</h1>
      <div className="mt-8" aria-live="polite">
        {state.status === "loading" && (
          <p role="status" className="flex items-center gap-3 text-dust">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-smoke border-t-blood" />
            Confirming...
          </p>
        )}
        {state.status === "success" && (
          <div role="status" className="border-l-4 border-moss bg-moss/10 px-4 py-5">
            <p className="text-lg font-bold">{state.message}</p>
            <p className="mt-1 text-dust">See you there.</p>
          </div>
        )}
        {state.status === "error" && (
          <p role="alert" className="border-l-4 border-blood bg-blood/10 px-4 py-5 text-lg">
            {state.message}
          </p>
        )}
      </div>
      {state.status !== "loading" && (
        <Link href="/shows" className="mt-8 inline-block bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80">
          All our shows
        </Link>
      )}
    </main>
  );
}
