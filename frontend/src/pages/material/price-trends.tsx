import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { materialQueries, priceQueries } from "@/api/queries";
import { AlertButton } from "@/components/alerts/alert-button";
import { ReportPriceButton } from "@/components/reports/report-price-button";
import { ReportSummary } from "@/components/reports/report-summary";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney, type SaleUnit, UNIT_LABELS } from "@/lib/format";
import { oneOf, useUrlState } from "@/lib/url-state";
import { useNearViewportOrIdle } from "@/lib/use-near-viewport";
import { useUnitFor } from "@/lib/use-unit";
import { useVisitorCity } from "@/lib/visitor-place";
import { chartAvailability, NO_CHART_TITLE, NO_HISTORY_HINT, prepareChartData, summarizeTrend } from "./chart-data";
import { cityOptions, groupByCountry } from "./city-options";
import {
  DEFAULT_RANGE,
  HISTORY_RANGES,
  type HistoryRange,
  RANGE_DAYS,
  RANGE_PHRASES,
  RANGE_TITLES,
  RESOLUTION_NOTES,
} from "./history-range";
import { RangeSwitch } from "./range-switch";

// The chart library stays out of the page bundle: this is its only entry point, reached once the
// chart nears the screen or the browser is idle (useNearViewportOrIdle).
const PriceChart = lazy(() => import("./price-chart").then((module) => ({ default: module.PriceChart })));

// The chart's range and city live in the URL (?range=90d&city=london), so Back and reload keep
// them; the defaults (30 days, the default city) stay out of it.
type ChartState = { range: HistoryRange; city: string };
const CHART_DEFAULTS: ChartState = { range: DEFAULT_RANGE, city: "" };
export const readChartState = (params: URLSearchParams): ChartState => ({
  range: oneOf(params.get("range"), HISTORY_RANGES, DEFAULT_RANGE),
  city: (params.get("city") ?? "").toLowerCase().slice(0, 120),
});

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
  /** How the material is sold, once it has loaded: what the sellers' reports are per. */
  saleUnit: SaleUnit | undefined;
};

export function PriceTrends({ materialSlug, materialName, materialLoaded, saleUnit }: Props) {
  const unitFor = useUnitFor();
  const selectId = useId();
  const { state, update } = useUrlState(readChartState, CHART_DEFAULTS);
  const { range, city: chosen } = state;
  // The chooser's cities are not in the page's HTML (750 of them at ten times the demo's data).
  const cities = useQuery({ ...materialQueries.marketCities(materialSlug), enabled: materialLoaded });
  const options = useMemo(() => (cities.data ? cityOptions(cities.data) : undefined), [cities.data]);
  // The visitor's city, so the chart is in the currency they sell in (lib/visitor-place); a
  // ?city= naming a city with this material's prices comes first.
  const visitor = useVisitorCity(options, { chosen, enabled: materialLoaded });
  const citySlug = visitor?.city.slug ?? null;
  const defaultCity = useVisitorCity(options, { enabled: materialLoaded })?.city.slug ?? null;
  const cityName = options?.find((option) => option.slug === citySlug)?.name ?? "";
  const days = RANGE_DAYS[range];
  const [showReference, setShowReference] = useState(false);
  const [chartBox, drawChart] = useNearViewportOrIdle();
  const history = useQuery({
    ...priceQueries.history(materialSlug, citySlug ?? "", days),
    enabled: materialLoaded && citySlug !== null,
  });

  let body: React.ReactNode;
  if (cities.isError) {
    body = <ErrorState error={cities.error} onRetry={() => cities.refetch()} />;
  } else if (options && options.length === 0) {
    body = <EmptyState title={NO_CHART_TITLE} hint={NO_HISTORY_HINT} />;
  } else if (history.isError) {
    body = <ErrorState error={history.error} onRetry={() => history.refetch()} />;
  } else if (!history.data) {
    body = <ChartSkeleton label="Loading price history" />;
  } else {
    const { currency, reference, referenceName } = history.data;
    // The series says how its material is sold: per troy oz for silver, per piece for a converter.
    const unit = unitFor(history.data.saleUnit);
    const hasReference = reference.length > 0 && referenceName !== null;
    const drawReference = hasReference && showReference;
    const data = prepareChartData(history.data.points, unit, drawReference ? reference : []);
    const availability = chartAvailability(data.length);
    const note = RESOLUTION_NOTES[history.data.resolution] ?? "Prices";
    const label =
      `${materialName} price trend in ${cityName} ${RANGE_PHRASES[range]}, ${currency} ${UNIT_LABELS[unit]}` +
      (drawReference ? `, with ${referenceName}` : "");
    body = availability.ok ? (
      <>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-slate-600">
            {note} in {currency} {UNIT_LABELS[unit]}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {hasReference && (
              <button
                type="button"
                aria-pressed={showReference}
                onClick={() => setShowReference((shown) => !shown)}
                className={`rounded-md border px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-brand-700 ${
                  showReference
                    ? "border-amber-700 bg-amber-50 text-amber-900"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                Show market reference
              </button>
            )}
            <a
              href={priceQueries.historyCsvUrl(materialSlug, citySlug ?? "", days)}
              download
              className="font-medium text-brand-700 hover:underline"
            >
              Download CSV
            </a>
          </div>
        </div>
        <div ref={chartBox}>
          {drawChart ? (
            <Suspense fallback={<ChartSkeleton label="Loading chart" />}>
              <PriceChart
                data={data}
                currency={currency}
                label={label}
                referenceName={drawReference ? referenceName : undefined}
              />
            </Suspense>
          ) : (
            <ChartSkeleton label="Loading chart" />
          )}
        </div>
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
        <CardTitle>Price Trends ({RANGE_TITLES[range]})</CardTitle>
        {options && options.length > 0 && (
          <div className="flex flex-wrap items-end gap-3">
            <RangeSwitch value={range} onChange={(next) => update({ range: next }, { replace: true })} />
            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor={selectId} className="font-medium text-slate-700">
                City
              </label>
              <select
                id={selectId}
                value={citySlug ?? ""}
                onChange={(event) => {
                  const slug = event.target.value;
                  update({ city: slug === defaultCity ? "" : slug }, { replace: true });
                }}
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
          </div>
        )}
      </CardHeader>
      <CardContent>
        {body}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {citySlug && saleUnit && (
            <ReportSummary citySlug={citySlug} materialSlug={materialSlug} saleUnit={saleUnit} />
          )}
          <div className="flex flex-wrap gap-2">
            <ReportPriceButton materialSlug={materialSlug} citySlug={citySlug ?? undefined} />
            {citySlug && <AlertButton materialSlug={materialSlug} citySlug={citySlug} />}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
