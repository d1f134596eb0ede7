import { PageHero } from "../ui/page-hero";
import { usePageTitle } from "../ui/use-page-title";
import { MerchSection } from "./merch-section";

export default function MerchPage() {
  usePageTitle("Official Merch");
  return (
    <main>
      <PageHero kicker="Printed on demand" title="Official Merch" lead="Shirts, hoodies, hats and things for your wall. Every order ships from our print partner." />
      <MerchSection />
    </main>
  );
}
