import { Link } from "wouter";
import type { Release } from "@shared/api/releases";
import { RELEASE_TYPE_LABELS, releaseDay } from "@shared/release-services";
import { useSetting } from "@client/lib/settings";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { useReleases } from "./api";
import { useReleaseOut } from "./release-clock";

export const NO_RELEASES = "No releases yet. New music is on the way.";
const RELEASES_ERROR = "Failed to load releases. Please try again later.";

/** /releases (issue 25): every published release, newest first. */
export default function ReleasesPage() {
  usePageTitle("Releases");
  const { data, isLoading, error } = useReleases();
  return (
    <main>
      <PageHero kicker="Music" title="Releases" lead="Singles, EPs and albums. Stream them where you listen." />
      <section aria-labelledby="all-releases" className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="all-releases" className="sr-only">All releases</h2>
        {isLoading ? (
          <LoadingBlocks count={3} fillScreen className="gap-6 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-80" />
        ) : error ? (
          <StateMessage tone="error">{RELEASES_ERROR}</StateMessage>
        ) : !data?.length ? (
          <StateMessage>{NO_RELEASES}</StateMessage>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((r) => (
              <li key={r.id}>
                <ReleaseCard release={r} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** A release's cover, title and when; the card is its page's link. Also the home page's latest release. */
export function ReleaseCard({ release, headingLevel = "h3" }: { release: Release; headingLevel?: "h3" | "h2" }) {
  const out = useReleaseOut(release);
  const timeZone = useSetting("timezone").value;
  const day = releaseDay(release.releaseAt, timeZone);
  const Heading = headingLevel;
  return (
    <Link href={`/releases/${release.slug}`} className="group block border border-smoke bg-coal transition hover:border-bone">
      <div className="aspect-square overflow-hidden bg-ash">
        <ImageWithFallback src={release.coverImage} variants={release.cover} sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, calc(100vw - 2rem)" alt="" width={release.cover?.width ?? 640} height={release.cover?.height ?? 640} className="h-full w-full object-cover transition group-hover:scale-[1.02]" fallback={<div aria-hidden="true" className="halftone h-full w-full" />} />
      </div>
      <div className="p-4">
        <p className="text-xs font-bold tracking-[0.2em] text-dust uppercase">
          {RELEASE_TYPE_LABELS[release.type]} · {out ? day : `Out ${day}`}
        </p>
        <Heading className="mt-1 font-display text-3xl leading-tight uppercase">{release.title}</Heading>
      </div>
    </Link>
  );
}
