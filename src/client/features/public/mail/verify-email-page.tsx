import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { subscribersApi } from "@shared/api/subscribers";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { usePageTitle } from "../ui/use-page-title";
import { useFormAnswer } from "@client/lib/form-answer";

const MISSING = "Invalid verification link. Missing token or email.";
const FAILED = "Failed to verify your email. Please try again.";
const ERROR = "An error occurred while verifying your email. Please try again.";
const SUCCESS = "Your email has been verified successfully!";

type State = { status: "loading" } | { status: "success"; message: string } | { status: "error"; message: string };

/** /verify-email?email=..&token=.. (spec sections 2, 4, 8): loading, then success or error. */
export default function VerifyEmailPage() {
  usePageTitle("Verify your email");
  const search = useSearch();
  // the server verified the link when it drew the page (issue 21: it works without JavaScript)
  const answer = useFormAnswer("verify-email");
  const [state, setState] = useState<State>(answer ? { status: answer.ok ? "success" : "error", message: answer.message } : { status: "loading" });
  const started = useRef(answer !== null);

  useEffect(() => {
    if (started.current) return; // one request even under StrictMode's double effect
    started.current = true;
    const params = new URLSearchParams(search);
    const email = params.get("email");
    const token = params.get("token");
    if (!email || !token) {
      setState({ status: "error", message: MISSING });
      return;
    }
    apiRequest("GET", subscribersApi.verify(email, token))
      .then((res) => setState(res.success ? { status: "success", message: res.message || SUCCESS } : { status: "error", message: res.message || FAILED }))
      .catch((err) => {
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        setState({ status: "error", message: refused ? err.serverMessage || FAILED : ERROR });
      });
  }, [search]);

  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">Mailing list</p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">Verify your email</h1>
      <div className="mt-8" aria-live="polite">
        {state.status === "loading" && (
          <p role="status" className="flex items-center gap-3 text-dust">
            <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-smoke border-t-blood" />
            Verifying your email...
          </p>
        )}
        {state.status === "success" && (
          <div role="status" className="border-l-4 border-moss bg-moss/10 px-4 py-5">
            <p className="text-lg font-bold">{state.message}</p>
            <p className="mt-1 text-dust">You're on the list. Watch your inbox for shows, releases and merch news.</p>
          </div>
        )}
        {state.status === "error" && (
          <p role="alert" className="border-l-4 border-blood bg-blood/10 px-4 py-5 text-lg">
            {state.message}
          </p>
        )}
      </div>
      {state.status !== "loading" && (
        <Link href={state.status === "error" ? "/#booking" : "/"} className="mt-8 inline-block bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80">
          {state.status === "error" ? "Back to the signup form" : "Back to the site"}
        </Link>
      )}
    </main>
  );
}
