import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { releasesApi } from "@shared/api/releases";
import { ApiError, apiRequest } from "@client/lib/api-client";
import { answerText, useFormAnswer, type FormName } from "@client/lib/form-answer";
import { usePageTitle } from "../ui/use-page-title";

const MISSING = "This link is incomplete. Open the link in your email again.";
const FAILED = "Failed to confirm. Please try again.";
const ERROR = "An error occurred while confirming. Please try again.";

type State = { status: "loading" } | { status: "success"; message: string } | { status: "error"; message: string };

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 sm:py-28">
      <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">Releases</p>
      <h1 className="font-display text-5xl leading-[0.9] uppercase sm:text-6xl">{title}</h1>
      <div className="mt-8" aria-live="polite">
        {children}
      </div>
      <Link href="/releases" className="mt-8 inline-block bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80">
        All releases
      </Link>
    </main>
  );
}

const Success = ({ children }: { children: React.ReactNode }) => (
  <div role="status" className="border-l-4 border-moss bg-moss/10 px-4 py-5">
    {children}
  </div>
);
const Refusal = ({ message }: { message: string }) => (
  <p role="alert" className="border-l-4 border-blood bg-blood/10 px-4 py-5 text-lg">
    {message}
  </p>
);

/** The outcome the server drew into the page, or (reached inside the app) the one `confirm` fetches. */
function useLinkOutcome(form: FormName, confirm: ((token: string) => Promise<string>) | null): State {
  const search = useSearch();
  const answer = useFormAnswer(form);
  const [state, setState] = useState<State>(answer ? { status: answer.ok ? "success" : "error", message: answer.message } : confirm ? { status: "loading" } : { status: "error", message: MISSING });
  const started = useRef(answer !== null);
  useEffect(() => {
    if (started.current || !confirm) return;
    started.current = true;
    const token = new URLSearchParams(search).get("token");
    if (!token) return setState({ status: "error", message: MISSING });
    confirm(token)
      .then((message) => setState({ status: "success", message }))
      .catch((err) => setState({ status: "error", message: err instanceof ApiError && err.status < 500 ? err.serverMessage || FAILED : ERROR }));
  }, [search, confirm]);
  return state;
}

const confirmNotify = async (token: string) => (await apiRequest("POST", releasesApi.notifyConfirm, { token })).message ?? "";

/** /release/notify?token=: the link of the 'E-mail me when it is out' mail (confirmed by the server as it draws the page). */
export function ReleaseNotifyPage() {
  usePageTitle("Tell me when it's out");
  const state = useLinkOutcome("release-notify", confirmNotify);
  return (
    <Frame title="Tell me when it's out">
      {state.status === "loading" && <p role="status" className="text-dust">Confirming...</p>}
      {state.status === "success" && (
        <Success>
          <p className="text-lg font-bold">{state.message}</p>
        </Success>
      )}
      {state.status === "error" && <Refusal message={state.message} />}
    </Frame>
  );
}

/** /release/download?token=: the download mail's link; the server confirms as it draws the page and gives the personal link once. */
export function ReleaseDownloadPage() {
  usePageTitle("Your free download");
  const answer = useFormAnswer("release-download");
  const state = useLinkOutcome("release-download", null);
  const download = answerText(answer, "download");
  return (
    <Frame title="Your free download">
      {state.status === "success" ? (
        <Success>
          <p className="text-lg font-bold">{state.message}</p>
          {download && (
            <a href={download} className="mt-4 inline-block bg-blood-dark px-6 py-3 font-bold tracking-wider text-bone uppercase hover:bg-blood-dark/80" download>
              Download
            </a>
          )}
        </Success>
      ) : (
        <Refusal message={state.status === "error" ? state.message : MISSING} />
      )}
    </Frame>
  );
}

/** /download/{token} when the link is used up or expired (410): says so politely, and what to do. */
export function ReleaseFilePage() {
  usePageTitle("Download");
  const answer = useFormAnswer("release-file");
  return (
    <Frame title="Download">
      <Refusal message={answer?.message ?? "This download link is not valid. Ask for the download again on the release's page."} />
    </Frame>
  );
}

export default ReleaseNotifyPage;
