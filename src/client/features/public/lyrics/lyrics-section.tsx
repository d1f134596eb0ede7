import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { SectionHeading } from "../ui/section-heading";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { LyricCard } from "./lyric-card";
import { useLyricsList } from "./api";
import { LYRICS_ERROR, NO_LYRICS } from "./lyrics-text";

const HOME_LIMIT = 3;

export function LyricsSection() {
  const { lyrics, isLoading, error } = useLyricsList();
  return (
    <section id="lyrics" aria-labelledby="lyrics-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="lyrics" index="05" title="Lyrics" kicker="Sing it back">
        {lyrics.length > 0 && (
          <Link href="/lyrics" className="inline-flex items-center gap-2 border-2 border-bone px-4 py-2 font-display text-lg uppercase transition hover:bg-bone hover:text-ink">
            All lyrics <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        )}
      </SectionHeading>
      {isLoading ? (
        <LoadingBlocks count={3} className="md:grid-cols-3" />
      ) : error ? (
        <StateMessage tone="error">{LYRICS_ERROR}</StateMessage>
      ) : !lyrics.length ? (
        <StateMessage>{NO_LYRICS}</StateMessage>
      ) : (
        <ul className="grid gap-5 md:grid-cols-3">
          {lyrics.slice(0, HOME_LIMIT).map((l) => (
            <LyricCard key={l.id} lyric={l} />
          ))}
        </ul>
      )}
    </section>
  );
}
