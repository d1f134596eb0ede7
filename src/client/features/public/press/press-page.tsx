import { useBandName } from "@client/lib/band-name";
import { NotFoundPage } from "@client/components/not-found-page";
import { PageHero } from "../ui/page-hero";
import { LoadingBlocks, StateMessage } from "../ui/state-message";
import { usePageTitle } from "../ui/use-page-title";
import { usePressKit, useUpcomingShows } from "./api";
import { PressKitView } from "./press-kit-view";

/** /press (issue 25): the press kit, public unless the band switched it off (then the site's "not found"). */
export default function PressPage() {
  usePageTitle("Press Kit");
  const band = useBandName();
  const { data: kit, isLoading, error } = usePressKit();
  const shows = useUpcomingShows();
  if (kit === null) return <NotFoundPage />;
  return (
    <main>
      <PageHero kicker="For press and promoters" title="Press Kit" lead={`Everything to write about or book ${band}: bios, photos, logos, quotes, the stage plot and who to talk to.`} />
      {isLoading ? (
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <LoadingBlocks count={3} itemClassName="h-40" />
        </div>
      ) : error || !kit ? (
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <StateMessage tone="error">Failed to load the press kit. Please try again later.</StateMessage>
        </div>
      ) : (
        <PressKitView kit={kit} band={band} shows={shows.data ?? []} />
      )}
    </main>
  );
}
