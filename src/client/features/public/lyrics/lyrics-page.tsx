import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { LyricCard } from "./lyric-card";
import { useLyricsList } from "./api";
import { LYRICS_ERROR, NO_LYRICS } from "./lyrics-text";

export default function LyricsPage() {
  usePageTitle("Lyrics");
  const { lyrics, isLoading, error } = useLyricsList();
  return (
    <main>
      <PageHero kicker="Words" title="Lyrics" lead="Every song, every word. Learn them, then scream them back at us." />
      <section aria-labelledby="all-lyrics" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="all-lyrics" className="sr-only">All lyrics</h2>
        {isLoading ? (
          <LoadingBlocks count={4} fillScreen className="gap-5 md:grid-cols-2 lg:grid-cols-3" itemClassName="h-72" />
        ) : error ? (
          <StateMessage tone="error">{LYRICS_ERROR}</StateMessage>
        ) : !lyrics.length ? (
          <StateMessage>{NO_LYRICS}</StateMessage>
        ) : (
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {lyrics.map((l) => (
              <LyricCard key={l.id} lyric={l} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
