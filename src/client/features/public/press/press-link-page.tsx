import { useSearch } from "wouter";
import type { PressLinkPage } from "@shared/api/press";
import { formatDateTime, formatDuration } from "@shared/format";
import { useBandName } from "@client/lib/band-name";
import { useFormAnswer } from "@client/lib/form-answer";
import { useSetting } from "@client/lib/settings";
import { ApiError } from "@client/lib/api-client";
import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { usePressLinkPage } from "./api";
import { PressKitView } from "./press-kit-view";

const UNKNOWN = "This press link is not valid. Check that you copied all of it.";

/**
 * A private press link's page (/press/link?token=.., issue 25): the press kit, and the tracks the
 * band chose to let this recipient hear, streamed (no download link, no file URL). Drawn by the
 * server with the view it counted; an expired or revoked link is its polite 410.
 */
export default function PressLinkPage() {
  usePageTitle("Press");
  const band = useBandName();
  const refused = useFormAnswer("press-link");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { data, isLoading, error } = usePressLinkPage(refused ? "" : token);
  const message = refused?.message ?? (error instanceof ApiError ? error.serverMessage : null) ?? (!token ? UNKNOWN : null);
  return (
    <main>
      <PageHero kicker="Private press link" title="Press Kit" lead={data ? `Prepared for ${data.recipient}.` : undefined} />
      {message ? (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <StateMessage>
            <span className="block text-lg text-bone">{message}</span>
            <span className="mt-2 block">Thanks for your interest in {band}.</span>
          </StateMessage>
        </div>
      ) : isLoading ? (
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <LoadingBlocks count={2} itemClassName="h-40" />
        </div>
      ) : error || !data ? (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <StateMessage tone="error">Failed to load this page. Please try again later.</StateMessage>
        </div>
      ) : (
        <>
          <PrivateTracks page={data} band={band} />
          <PressKitView kit={data.kit} band={band} />
        </>
      )}
    </main>
  );
}

function PrivateTracks({ page, band }: { page: PressLinkPage; band: string }) {
  const timeZone = useSetting("timezone").value;
  return (
    <section aria-labelledby="press-listen" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16">
      {page.tracks.length > 0 && (
        <>
          <h2 id="press-listen" className="mb-2 font-display text-4xl leading-none uppercase sm:text-5xl">
            Listen
          </h2>
          <p className="mb-6 max-w-2xl text-dust">Unreleased music, for you to hear before anyone else. Please don&rsquo;t share this link.</p>
          <ol className="grid max-w-3xl gap-4">
            {page.tracks.map((track, i) => (
              <li key={track.id} className="border border-smoke bg-ash/40 p-4">
                <p className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-bold text-bone">
                    {i + 1}. {track.title}
                    {track.artist && track.artist !== band && <span className="font-normal text-dust"> &middot; {track.artist}</span>}
                  </span>
                  <span className="text-sm text-dust">{formatDuration(track.duration)}</span>
                </p>
                {/* streamed through the link: no download control, no file name */}
                <audio
                  controls
                  preload="none"
                  controlsList="nodownload noplaybackrate"
                  onContextMenu={(e) => e.preventDefault()}
                  src={track.streamUrl}
                  className="w-full"
                  aria-label={`Play ${track.title}`}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      <p className={`${page.tracks.length ? "mt-6" : ""} text-sm text-dust`}>This link is open until {formatDateTime(page.expiresAt, timeZone)}.</p>
    </section>
  );
}
