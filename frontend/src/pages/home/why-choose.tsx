import { useQuery } from "@tanstack/react-query";
import { ChartLine, Globe, MapPin, TrendingUp } from "lucide-react";
import { statsQueries } from "@/api/queries";
import { Card } from "@/components/ui/card";
import { priceFrequency, priceKindsShown } from "./price-facts";

// DESIGN §6: no claim that is not true as shown ("real-time", "verified"); what the prices card
// says about how often prices come and where from is computed from /api/stats.
const FEATURES = [
  {
    icon: TrendingUp,
    title: "Prices by City",
    text: "Scrap metal prices by city and by material.",
    facts: true,
  },
  {
    icon: MapPin,
    title: "Local Scrap Yards",
    text: "Find scrap yards near you with their contact details, opening hours and ratings.",
    facts: false,
  },
  {
    icon: ChartLine,
    title: "Price Analytics",
    text: "Follow historical price trends and compare what markets pay for the same material.",
    facts: false,
  },
  {
    icon: Globe,
    title: "Global Coverage",
    text: "Prices and scrap yards for major cities in several countries, each in its own currency.",
    facts: false,
  },
];

function PriceFacts() {
  // Embedded in every page's HTML; while it loads or fails the card keeps its plain text.
  const { data: stats } = useQuery(statsQueries.site());
  if (!stats) return null;
  const sentences = [priceFrequency(stats), priceKindsShown(stats)].filter(Boolean);
  return sentences.length > 0 ? <p className="mt-2 text-sm text-slate-600">{sentences.join(" ")}</p> : null;
}

export function WhyChoose() {
  return (
    <section aria-labelledby="why-choose" className="space-y-6">
      <h2 id="why-choose" className="text-2xl font-bold text-slate-900">
        Why Choose ScrapIndex
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text, facts }) => (
          <li key={title}>
            <Card className="h-full p-5">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
              {facts && <PriceFacts />}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
