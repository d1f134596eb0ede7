import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { ApiError } from "@client/lib/api-client";
import { NotFoundPage } from "@client/components/not-found-page";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { useLyrics } from "./api";
import { LyricLines } from "./lyric-lines";
import { LYRICS_ERROR, LYRICS_NOT_FOUND } from "./lyrics-text";

const backClass = "inline-flex items-center gap-2 border-2 border-bone px-4 py-2 font-display text-lg uppercase transition hover:bg-bone hover:text-ink";

export default function LyricDetailPage({ params }: { params: { id?: string } }) {
  const id = params.id ?? "";
  const valid = /^\d{1,9}$/.test(id);
  const { data, isLoading, error } = useLyrics(id, valid);
  const notFound = !valid || (error instanceof ApiError && (error.status === 404 || error.status === 400)) || (!isLoading && !error && !data);
  usePageTitle(data?.title ? `${data.title} Lyrics` : notFound ? LYRICS_NOT_FOUND : "Lyrics");

  // no lyric's address at all ('/lyrics/abc'): the site's "not found" page, as the server drew it (one for every such path)
  if (!valid) return <NotFoundPage />;
  if (valid && isLoading) return <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16"><LoadingBlocks count={2} fillScreen itemClassName="first:h-40 h-96" /></main>;
  if (notFound) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-start justify-center gap-6 px-4 py-16 sm:px-6">
        <h1 className="font-display text-6xl leading-none uppercase sm:text-7xl">{LYRICS_NOT_FOUND}</h1>
        <p className="text-dust">These words got lost somewhere between the van and the venue.</p>
        <Link href="/lyrics" className={backClass}><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Lyrics</Link>
      </main>
    );
  }
  if (error || !data) return <main className="mx-auto max-w-3xl px-4 py-16"><StateMessage tone="error">{LYRICS_ERROR}</StateMessage></main>;

  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link href="/lyrics" className="inline-flex items-center gap-2 text-sm font-bold tracking-wider text-dust uppercase hover:text-bone">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All lyrics
      </Link>
      <header className="mt-8 border-b-2 border-bone pb-6">
        <h1 className="font-display text-6xl leading-[0.9] uppercase sm:text-8xl">{data.title}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-2"><dt className="text-dust">Song</dt><dd className="font-semibold">{data.songName}</dd></div>
          {data.albumName && <div className="flex gap-2"><dt className="text-dust">Album</dt><dd className="font-semibold">{data.albumName}</dd></div>}
          {data.releaseYear && <div className="flex gap-2"><dt className="text-dust">Year</dt><dd className="font-semibold">{data.releaseYear}</dd></div>}
        </dl>
      </header>
      {/* line breaks are kept as written; the text is rendered as text, never as HTML */}
      <LyricLines text={data.lyricsText} className="mt-8 text-xl leading-relaxed sm:text-2xl" />
    </main>
  );
}
