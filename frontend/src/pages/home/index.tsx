import { AdSlot } from "@/components/ui/ad-slot";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { CoverageStats } from "./coverage-stats";
import { FeaturedCities } from "./featured-cities";
import { Hero } from "./hero";
import { PopularMaterials } from "./popular-materials";
import { WhyChoose } from "./why-choose";

// The first page phones load: plain sections, a few single icons, no chart library.
export function Component() {
  usePageMeta(pageText("home"));
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
