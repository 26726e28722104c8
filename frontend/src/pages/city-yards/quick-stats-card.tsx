import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import type { City } from "@/api/client";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatRating } from "@/lib/format";
import { cityPath } from "@/lib/paths";

type Props = {
  city: City;
  /** All the city's yards, whatever the search and status filters (the API's unfilteredTotal). */
  total: number;
  /** Mean rating of the rated yards on this page; null when none is rated. */
  averageRating: number | null;
  /** Yards on this page open right now. */
  openNow: number;
};

function Stat({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-700">
        {label}
        {hint && <span className="block text-xs text-slate-600">{hint}</span>}
      </dt>
      <dd className="text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

export function QuickStatsCard({ city, total, averageRating, openNow }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Stats</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl>
          <Stat label="Total Scrap Yards">{formatCount(total)}</Stat>
          <Stat label="Average Rating" hint="Yards on this page">
            {formatRating(averageRating)}
          </Stat>
          <Stat label="Currently Open" hint="Yards on this page">
            {formatCount(openNow)}
          </Stat>
        </dl>
        <ButtonLink to={cityPath(city)} variant="outline" className="w-full">
          View {city.name} Prices <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
