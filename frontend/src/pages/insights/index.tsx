import { useQuery } from "@tanstack/react-query";
import type { Insights } from "@/api/client";
import { insightQueries } from "@/api/queries";
import { tableUnitTitle } from "@/components/prices/units";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatDate } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { useUnit, useUnitFor } from "@/lib/use-unit";
import { CountryMoversCard } from "./country-movers";
import { InsightsSkeleton } from "./insights-skeleton";
import { MostTrackedCard } from "./most-tracked";

export function Component() {
  usePageMeta(pageText("insights"));
  const { data, error, isPending, refetch } = useQuery(insightQueries.week());
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("insights")}</h1>
          {data?.asOf && data.comparedWith && (
            <p className="text-slate-700">
              Week to {formatDate(data.asOf)} compared with {formatDate(data.comparedWith)}
            </p>
          )}
        </div>
        <UnitToggle />
      </header>
      {isPending ? (
        <InsightsSkeleton />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <InsightsBody insights={data} />
      )}
    </div>
  );
}

function InsightsBody({ insights }: { insights: Insights }) {
  const [unit] = useUnit();
  const unitFor = useUnitFor();
  const countries = insights.countries.filter((country) => country.risers.length + country.fallers.length > 0);
  // The movers' unit is the weight chosen, "unless marked" when a row (a piece, a troy oz) is not in it.
  const moverUnits = countries.flatMap((country) =>
    [...country.risers, ...country.fallers].map((mover) => unitFor(mover.material.saleUnit)),
  );
  if (countries.length === 0 && insights.mostTracked.length === 0) {
    return <EmptyState title="No price data available" />;
  }
  return (
    <>
      <p className="text-sm text-slate-600">
        Figures come from the stored daily prices: each city's latest price against its price a week earlier. Averages
        across countries are converted to US dollars.
      </p>
      <section aria-labelledby="movers-heading" className="space-y-4">
        <h2 id="movers-heading" className="text-xl font-semibold text-slate-900">
          Biggest Movers by Country ({tableUnitTitle(unit, moverUnits)})
        </h2>
        {countries.length === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          countries.map((country) => (
            <CountryMoversCard key={country.code} country={country} unit={unit} unitFor={unitFor} />
          ))
        )}
      </section>
      {insights.mostTracked.length > 0 && (
        <MostTrackedCard materials={insights.mostTracked} unit={unit} unitFor={unitFor} />
      )}
    </>
  );
}
