import { BookOpen, Building2, LineChart, type LucideIcon, Scale } from "lucide-react";
import { Card } from "@/components/ui/card";

type Feature = { icon: LucideIcon; title: string; text: string };

const FEATURES: Feature[] = [
  {
    icon: LineChart,
    title: "Daily prices by city",
    text: "Prices for copper, brass, aluminum, steel and more in every city we cover, per kg, per lb or per tonne, with the change since the day before.",
  },
  {
    icon: Building2,
    title: "Scrap yard directory",
    text: "Local scrap yards with addresses, phone numbers, opening hours, ratings and directions.",
  },
  {
    icon: Scale,
    title: "Local rules, explained",
    text: "Short summaries of each country's scrap trading rules: licensing, identification, record keeping and restricted materials.",
  },
  {
    icon: BookOpen,
    title: "Guides and history",
    text: "Price history charts and practical articles on catalytic converters, aluminum, vehicles and precious metals.",
  },
];

export function FeatureCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full p-5">
            <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
            <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-700">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
