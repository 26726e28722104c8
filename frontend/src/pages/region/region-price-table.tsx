import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Region, RegionPriceRow } from "@/api/client";
import { regionQueries } from "@/api/queries";
import { PriceRowsSkeleton } from "@/components/prices/price-table-skeleton";
import { UNIT_TITLES } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/ui/sort-header";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatDate, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { materialPath } from "@/lib/paths";
import { useUnit } from "@/lib/use-unit";
import { nextRegionSort, type RegionSort, regionSortFromParam, regionSortToParam, sortRegionRows } from "./region-sort";

const CELL = "px-1.5 py-2 sm:px-3";

export function RegionPriceTable({ region }: { region: Region }) {
  const query = useQuery(regionQueries.prices(region.country.code, region.slug));
  const [unit] = useUnit();
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Average Prices ({UNIT_TITLES[unit]})</CardTitle>
        <UnitToggle />
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRegion label="Loading prices">
            <PriceRowsSkeleton />
          </LoadingRegion>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          <PriceRows rows={query.data} unit={unit} regionName={region.name} />
        )}
      </CardContent>
    </Card>
  );
}

function useRegionSort(): [RegionSort, (sort: RegionSort) => void] {
  const [params, setParams] = useSearchParams();
  const sort = regionSortFromParam(params.get("sort"));
  const choose = (next: RegionSort) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const value = regionSortToParam(next);
        if (value) updated.set("sort", value);
        else updated.delete("sort");
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [sort, choose];
}

function PriceRows({ rows, unit, regionName }: { rows: RegionPriceRow[]; unit: Unit; regionName: string }) {
  const [sort, setSort] = useRegionSort();
  const onSort = (field: RegionSort["field"]) => setSort(nextRegionSort(sort, field));
  const currencies = [...new Set(rows.map((row) => row.currency))];
  const averageLabel = currencies.length === 1 ? `Average (${currencies.join("")})` : "Average";
  const latest = rows
    .map((row) => row.date)
    .sort()
    .at(-1);
  const direction = sort.direction === "asc" ? "ascending" : "descending";
  return (
    <>
      <div className="-mx-4 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[24rem] text-left text-[13px] sm:text-sm">
          <caption className="sr-only">
            Average scrap metal prices in {regionName}, {UNIT_LABELS[unit]}, sorted by {sort.field} {direction}
          </caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <SortHeader field="material" label="Material" sort={sort} onSort={onSort} />
              <SortHeader field="average" label={averageLabel} sort={sort} onSort={onSort} className="text-right" />
              <th scope="col" className={`${CELL} text-right font-semibold`}>
                Range
              </th>
              <th scope="col" className={`${CELL} text-right font-semibold`}>
                Cities
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sortRegionRows(rows, sort).map((row) => (
              <tr key={row.material.id} className="hover:bg-slate-50">
                <th scope="row" className={`${CELL} font-normal`}>
                  <Link to={materialPath(row.material)} className="font-medium text-brand-700 hover:underline">
                    {row.material.name}
                  </Link>
                  <span className="block text-xs text-slate-600">{row.material.grade ?? row.material.category}</span>
                </th>
                <td className={`${CELL} text-right font-semibold whitespace-nowrap tabular-nums`}>
                  {formatPrice(row.averagePriceExact, row.currency, unit)}
                </td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums text-slate-700`}>
                  {formatPrice(row.minPriceExact, row.currency, unit)} –{" "}
                  {formatPrice(row.maxPriceExact, row.currency, unit)}
                </td>
                <td className={`${CELL} text-right tabular-nums`}>{row.cityCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {latest && (
        <p className="mt-3 text-xs text-slate-600">
          Each city's latest stored price, up to {formatDate(latest)}. Range is the lowest and highest city price.
        </p>
      )}
    </>
  );
}
