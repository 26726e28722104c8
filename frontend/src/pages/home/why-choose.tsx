import { ChartLine, Globe, MapPin, TrendingUp } from "lucide-react";
import { Card } from "@/components/ui/card";

const FEATURES = [
  {
    icon: TrendingUp,
    title: "Real-Time Prices",
    text: "Daily updated scrap metal prices from verified sources, by city and by material.",
  },
  {
    icon: MapPin,
    title: "Local Scrap Yards",
    text: "Find scrap yards near you with their contact details, opening hours and ratings.",
  },
  {
    icon: ChartLine,
    title: "Price Analytics",
    text: "Follow historical price trends and compare what markets pay for the same material.",
  },
  {
    icon: Globe,
    title: "Global Coverage",
    text: "Prices and scrap yards for major cities in several countries, each in its own currency.",
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-choose" className="space-y-6">
      <h2 id="why-choose" className="text-2xl font-bold text-slate-900">
        Why Choose ScrapIndex
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full p-5">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
