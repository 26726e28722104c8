import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import type { MaterialPriceRow } from "@/api/client";
import { cityQueries, priceQueries } from "@/api/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney, UNIT_LABELS, type Unit } from "@/lib/format";
import { chartAvailability, NO_CHART_TITLE, NO_HISTORY_HINT, prepareChartData, summarizeTrend } from "./chart-data";
import { cityOptions, defaultCitySlug, groupByCountry } from "./city-options";

// recharts stays out of the page bundle: this is its only entry point.
const PriceChart = lazy(() => import("./price-chart").then((module) => ({ default: module.PriceChart })));

export const HISTORY_DAYS = 30;

function ChartSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <Skeleton className="h-64 w-full sm:h-80" />
    </LoadingRegion>
  );
}

type Props = {
  materialSlug: string;
  materialName: string;
  /** The history is requested only once the material itself has loaded (SPEC §7). */
  materialLoaded: boolean;
  rows: MaterialPriceRow[] | undefined;
  unit: Unit;
};

export function PriceTrends({ materialSlug, materialName, materialLoaded, rows, unit }: Props) {
  const selectId = useId();
  const cities = useQuery(cityQueries.list());
  const [chosen, setChosen] = useState<string | null>(null);
  const options = rows ? cityOptions(cities.data, rows) : [];
  const citySlug = options.some((option) => option.slug === chosen) ? chosen : defaultCitySlug(options);
  const cityName = options.find((option) => option.slug === citySlug)?.name ?? "";
  const history = useQuery({
    ...priceQueries.history(materialSlug, citySlug ?? "", HISTORY_DAYS),
    enabled: materialLoaded && citySlug !== null,
  });

  let body: React.ReactNode;
  if (rows && options.length === 0) {
    body = <EmptyState title={NO_CHART_TITLE} hint={NO_HISTORY_HINT} />;
  } else if (history.isError) {
    body = <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  } else if (!history.data) {
    body = <ChartSkeleton label="Loading price history" />;
  } else {
    const { currency } = history.data;
    const data = prepareChartData(history.data.points, unit);
    const availability = chartAvailability(data.length);
    const label = `${materialName} price trend in ${cityName} over the last ${HISTORY_DAYS} days, ${currency} ${UNIT_LABELS[unit]}`;
    body = availability.ok ? (
      <>
        <p className="mb-3 text-sm text-slate-600">
          Prices in {currency} {UNIT_LABELS[unit]}
        </p>
        <Suspense fallback={<ChartSkeleton label="Loading chart" />}>
          <PriceChart data={data} currency={currency} label={label} />
        </Suspense>
        <p className="sr-only" data-testid="trend-summary">
          {label}. {summarizeTrend(data, currency)}
        </p>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show data table</summary>
          <div className="mt-2 max-h-72 overflow-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{label}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((point) => (
                  <tr key={point.date} className="border-b border-slate-100">
                    <td className="py-1 pr-4">{formatDate(point.date)}</td>
                    <td className="py-1 tabular-nums">{formatMoney(point.value, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </>
    ) : (
      <EmptyState title={availability.title} hint={availability.hint} />
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>Price Trends (Last 30 Days)</CardTitle>
        {options.length > 0 && (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={selectId} className="font-medium text-slate-700">
              City
            </label>
            <select
              id={selectId}
              value={citySlug ?? ""}
              onChange={(event) => setChosen(event.target.value)}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {groupByCountry(options).map((group) => (
                <optgroup key={group.countryName} label={group.countryName}>
                  {group.cities.map((option) => (
                    <option key={option.slug} value={option.slug}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        )}
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
