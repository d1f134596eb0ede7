import { Link } from "wouter";
import { RELEASE_TYPE_LABELS, releaseDay } from "@shared/release-services";
import { ImageWithFallback } from "@client/components/ui/image-with-fallback";
import { useSetting } from "@client/lib/settings";
import { useReleases } from "./api";
import { useReleaseOut } from "./release-clock";

/** The home page's music section (issue 25): the latest release, out or counting down, leading to its page. Nothing when there is none. */
export function LatestRelease() {
  const { data } = useReleases();
  const latest = data?.[0];
  return latest ? <LatestCard release={latest} more={data.length > 1} /> : null;
}

function LatestCard({ release, more }: { release: NonNullable<ReturnType<typeof useReleases>["data"]>[number]; more: boolean }) {
  const out = useReleaseOut(release);
  const timeZone = useSetting("timezone").value;
  const kind = RELEASE_TYPE_LABELS[release.type];
  return (
    <article aria-labelledby="latest-release-title" className="mb-6 grid grid-cols-[6.5rem_1fr] items-center gap-4 border border-smoke bg-coal p-3 sm:grid-cols-[9rem_1fr] sm:gap-6">
      <div className="aspect-square overflow-hidden bg-ash">
        <ImageWithFallback src={release.coverImage} variants={release.cover} sizes="(min-width: 640px) 9rem, 6.5rem" alt="" width={release.cover?.width ?? 320} height={release.cover?.height ?? 320} className="h-full w-full object-cover" fallback={<div aria-hidden="true" className="halftone h-full w-full" />} />
      </div>
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-[0.2em] text-dust uppercase">{out ? `New ${kind}` : `${kind} · out ${releaseDay(release.releaseAt, timeZone)}`}</p>
        <h3 id="latest-release-title" className="mt-1 truncate font-display text-3xl uppercase sm:text-4xl">{release.title}</h3>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
          <Link href={`/releases/${release.slug}`} className="inline-flex min-h-11 items-center font-bold tracking-wider uppercase underline underline-offset-4 hover:text-blood">
            {out ? "Listen now" : "Get told when it's out"}
          </Link>
          {more && (
            <Link href="/releases" className="inline-flex min-h-11 items-center text-sm text-dust underline underline-offset-4 hover:text-bone">
              All releases
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
