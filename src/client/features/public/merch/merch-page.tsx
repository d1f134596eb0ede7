import { useSetting } from "@client/lib/settings";
import { PageHero } from "../ui/page-hero";
import { usePageTitle } from "../ui/use-page-title";
import { MerchSection } from "./merch-section";

export default function MerchPage() {
  usePageTitle("Official Merch");
  // the band's words (Settings > Words on the site): how fans get the merch
  const kicker = useSetting("merch-kicker").value.trim();
  const intro = useSetting("merch-intro").value.trim();
  return (
    <main>
      <PageHero kicker={kicker} title="Official Merch" lead={intro} />
      <MerchSection />
    </main>
  );
}
