import { AdSlot } from "@/components/ui/ad-slot";
import { usePageMeta } from "@/lib/page-meta";
import { CoverageStats } from "./coverage-stats";
import { FeaturedCities } from "./featured-cities";
import { Hero } from "./hero";
import { PopularMaterials } from "./popular-materials";
import { WhyChoose } from "./why-choose";

// The first page phones load: plain sections, a few single icons, no chart library.
export function Component() {
  usePageMeta({
    title: "ScrapIndex - Real Time Scrap Metal Prices and Scrap Yard Directory",
    description:
      "Real-time scrap metal prices and scrap yard directories across major cities worldwide. Compare copper, brass, aluminum and steel prices and find local scrap yards.",
    keywords: "scrap metal prices, scrap yards, copper prices, aluminum prices, scrap yard directory",
  });
  return (
    <div className="space-y-12">
      <Hero />
      <AdSlot id="home-ad-1" />
      <WhyChoose />
      <CoverageStats />
      <FeaturedCities />
      <AdSlot id="home-ad-2" />
      <PopularMaterials />
      <AdSlot id="home-ad-3" />
    </div>
  );
}
