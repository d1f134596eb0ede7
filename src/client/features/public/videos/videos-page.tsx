import { usePageTitle } from "../ui/use-page-title";
import { PageHero } from "../ui/page-hero";
import { VideosSection } from "./videos-section";

export default function VideosPage() {
  usePageTitle("Videos");
  return (
    <main>
      <PageHero kicker="Watch" title="Videos" lead="Music videos, live sets and the occasional tour diary." />
      <VideosSection as="page" />
    </main>
  );
}
