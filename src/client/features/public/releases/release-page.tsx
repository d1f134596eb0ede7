import { ArrowLeft, Download, Pause, Play } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { outboundLinks } from "@shared/api/stats";
import type { Release } from "@shared/api/releases";
import { formatDuration } from "@shared/format";
import { RELEASE_TYPE_LABELS, SERVICE_LABELS } from "@shared/release-services";
import { ApiError } from "@client/lib/api-client";
import { useSetting } from "@client/lib/settings";
import { NotFoundPage } from "@client/components/not-found-page";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { useRelease } from "./api";
import { Countdown } from "./countdown";
import { useReleaseOut } from "./release-clock";
import { DownloadForm, NotifyForm } from "./release-forms";

export const RELEASE_NOT_FOUND = "Release not found";
const RELEASE_ERROR = "Failed to load this release. Please try again later.";
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
const COVER_SIZES = "(min-width: 768px) 22rem, calc(100vw - 2rem)";

/** /releases/{slug} (issue 25): before releaseAt a countdown and 'E-mail me'; after it, a button per service and the player. */
export default function ReleasePage({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? "";
  const valid = SLUG.test(slug);
  const { data, isLoading, error } = useRelease(slug, valid);
  const notFound = !valid || (error instanceof ApiError && error.status === 404) || (!isLoading && !error && !data);
  usePageTitle(data ? `${data.title} (${RELEASE_TYPE_LABELS[data.type]})` : notFound ? RELEASE_NOT_FOUND : "Releases");

  if (!valid) return <NotFoundPage />;
  if (isLoading) return <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6"><LoadingBlocks count={2} fillScreen itemClassName="first:h-80 h-64" /></main>;
  if (notFound) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-start justify-center gap-6 px-4 py-16 sm:px-6">
        <h1 className="font-display text-6xl leading-none uppercase sm:text-7xl">{RELEASE_NOT_FOUND}</h1>
        <p className="text-dust">This one isn't out there, or not yet.</p>
        <Link href="/releases" className="inline-flex items-center gap-2 border-2 border-bone px-4 py-2 font-display text-lg uppercase hover:bg-bone hover:text-ink">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All releases
        </Link>
      </main>
    );
  }
  if (error || !data) return <main className="mx-auto max-w-3xl px-4 py-16"><StateMessage tone="error">{RELEASE_ERROR}</StateMessage></main>;
  return <ReleaseView release={data} />;
}

function ReleaseView({ release }: { release: Release }) {
  const timeZone = useSetting("timezone").value;
  const out = useReleaseOut(release);
  const kind = RELEASE_TYPE_LABELS[release.type];
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Link href="/releases" className="inline-flex min-h-11 items-center gap-2 text-sm font-bold tracking-wider text-dust uppercase hover:text-bone">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All releases
      </Link>
      <div className="mt-6 grid gap-8 md:grid-cols-[22rem_1fr] md:items-start">
        <div className="aspect-square w-full max-w-[22rem] overflow-hidden border border-smoke bg-coal">
          <ImageWithFallback
            src={release.coverImage}
            variants={release.cover}
            sizes={COVER_SIZES}
            alt={`Cover of ${release.title}`}
            loading="eager"
            fetchPriority="high"
            width={release.cover?.width ?? 640}
            height={release.cover?.height ?? 640}
            className="h-full w-full object-cover"
            fallback={<div aria-hidden="true" className="halftone h-full w-full" />}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <header>
            <p className="tape inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">{out ? `New ${kind}` : `${kind} · coming soon`}</p>
            <h1 className="mt-3 font-display text-5xl leading-[0.9] break-words uppercase sm:text-7xl">{release.title}</h1>
          </header>
          {out ? <ServiceLinks release={release} /> : <Countdown releaseAt={String(release.releaseAt)} timeZone={timeZone} />}
          {release.description && <p className="max-w-prose text-lg whitespace-pre-line text-dust">{release.description}</p>}
        </div>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <Tracklist release={release} out={out} />
        <div className="space-y-8">
          {!out && <NotifyForm release={release} />}
          {release.hasDownload && <DownloadForm release={release} />}
        </div>
      </div>
    </main>
  );
}

/** One button per service, each through its counted link. */
function ServiceLinks({ release }: { release: Release }) {
  if (release.links.length === 0) return <p className="text-dust">Out now. Links to the streaming services are on their way.</p>;
  return (
    <nav aria-label={`Listen to ${release.title}`}>
      <p className="mb-3 text-xs font-bold tracking-[0.2em] text-dust uppercase">Out now · listen on</p>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="service-links">
        {release.links.map((l) => (
          <li key={l.service}>
            <a href={outboundLinks.release(release.id, l.service)} rel="noopener" className="flex min-h-12 items-center justify-between border-2 border-bone px-4 py-2 font-display text-xl uppercase transition hover:bg-bone hover:text-ink">
              {SERVICE_LABELS[l.service]} <span aria-hidden="true">→</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tracks in order, each with its lyrics when there are any; once out, a play button per track (one audio element, nothing loaded before a press). */
function Tracklist({ release, out }: { release: Release; out: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  if (release.tracks.length === 0) return <div />;
  function toggle(index: number) {
    const el = audio.current;
    const track = release.tracks[index];
    if (!el || !track.audioUrl) return;
    if (playing === index) {
      el.pause();
      return;
    }
    const src = /^(https?:|\/)/i.test(track.audioUrl) ? track.audioUrl : `/${track.audioUrl}`;
    if (el.getAttribute("src") !== src) el.src = src;
    void el.play().catch(() => setPlaying(null));
  }
  return (
    <section aria-labelledby="tracklist-title">
      <h2 id="tracklist-title" className="font-display text-3xl uppercase">Tracklist</h2>
      <ol className="mt-3 divide-y divide-smoke border-y border-smoke">
        {release.tracks.map((t, i) => (
          <li key={t.id} className="flex min-h-12 items-center gap-3 py-2">
            {out && t.audioUrl ? (
              <button type="button" onClick={() => toggle(i)} aria-label={`${playing === i ? "Pause" : "Play"} ${t.title}`} className="grid size-11 shrink-0 place-items-center border border-smoke hover:border-bone">
                {playing === i ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
              </button>
            ) : (
              <span className="w-11 shrink-0 text-center font-display text-xl text-dust tabular-nums">{t.position}</span>
            )}
            <span className="min-w-0 flex-1 truncate font-semibold">{t.title}</span>
            {t.lyricsId !== null && (
              <Link href={`/lyrics/${t.lyricsId}`} className="inline-flex min-h-11 items-center text-sm text-dust underline underline-offset-4 hover:text-bone" aria-label={`Lyrics of ${t.title}`}>
                Lyrics
              </Link>
            )}
            <span className="w-12 text-right text-sm text-dust tabular-nums">{formatDuration(t.duration)}</span>
          </li>
        ))}
      </ol>
      {out && <audio ref={audio} preload="none" onPlay={(e) => setPlaying(release.tracks.findIndex((t) => e.currentTarget.src.endsWith(t.audioUrl ?? "\0")))} onPause={() => setPlaying(null)} onEnded={() => setPlaying(null)} className="hidden" />}
      {release.hasDownload && (
        <p className="mt-3 flex items-center gap-2 text-sm text-dust">
          <Download aria-hidden="true" className="size-4" /> Free download for the mailing list: see below.
        </p>
      )}
    </section>
  );
}
