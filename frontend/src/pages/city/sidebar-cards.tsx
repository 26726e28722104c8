import { useQuery } from "@tanstack/react-query";
import { ArrowRight, BarChart3, Calculator, Lightbulb, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { City } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { calculatorPath, cityPath, cityYardsPath, materialPath } from "@/lib/paths";
import { useUnit } from "@/lib/use-unit";
import { copperInsight } from "./market-insight";

const LINK = "inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline";

function LinesSkeleton({ label, count }: { label: string; count: number }) {
  return (
    <LoadingRegion label={label}>
      <div className="space-y-2">
        {[1, 2, 3, 4, 5].slice(0, count).map((n) => (
          <Skeleton key={n} className="h-9" />
        ))}
      </div>
    </LoadingRegion>
  );
}

export function OtherCitiesCard({ city }: { city: City }) {
  const query = useQuery(cityQueries.others(city.slug));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Other Cities</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <QueryState query={query} loading={<LinesSkeleton label="Loading other cities" count={3} />}>
          {(data) => (
            <ul className="space-y-1">
              {data.map((other) => (
                <li key={other.slug}>
                  <Link
                    to={cityPath(other)}
                    className="flex items-center justify-between gap-2 rounded-md px-2 py-2 hover:bg-slate-50"
                  >
                    <span className="flex items-center gap-2">
                      <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" />
                      <span className="font-medium text-slate-900">{other.name}</span>
                    </span>
                    <span className="text-xs text-slate-600">{other.country.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Link to="/cities" className={LINK}>
          View all cities <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

export function QuickLinksCard({ city }: { city: City }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Links</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <ButtonLink to={cityYardsPath(city)} variant="outline" className="justify-start">
          <MapPin aria-hidden="true" className="h-4 w-4" /> Find Scrap Yards
        </ButtonLink>
        <ButtonLink to={materialPath({ slug: "copper" })} variant="outline" className="justify-start">
          <BarChart3 aria-hidden="true" className="h-4 w-4" /> View Price Trends
        </ButtonLink>
        <ButtonLink to={calculatorPath({ city: city.slug })} variant="outline" className="justify-start">
          <Calculator aria-hidden="true" className="h-4 w-4" /> What is your scrap worth here?
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

/** Market Insight, written from the city's real copper price (never a fixed claim). */
export function MarketInsightCard({ city }: { city: City }) {
  const query = useQuery(cityQueries.prices(city.slug));
  const [unit] = useUnit();
  return (
    <Card className="border-brand-100 bg-brand-50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb aria-hidden="true" className="h-5 w-5 text-brand-700" /> Market Insight
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <LinesSkeleton label="Loading market insight" count={2} />
        ) : query.isError ? (
          <p className="text-sm text-slate-700">Market insight is unavailable while prices cannot be loaded.</p>
        ) : (
          <p className="text-sm text-slate-800">{copperInsight(query.data, city.name, unit)}</p>
        )}
        <Link to="/insights" className={LINK}>
          View market insights <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
