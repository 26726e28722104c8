import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { Region, RegionPriceRow } from "@/api/client";
import { regionQueries } from "@/api/queries";
import { PriceRowsSkeleton } from "@/components/prices/price-table-skeleton";
import { UnitMark } from "@/components/prices/unit-mark";
import { tableUnitLabel, tableUnitTitle } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/ui/sort-header";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatDate, formatPrice, type UnitFor, type WeightUnit } from "@/lib/format";
import { materialPath } from "@/lib/paths";
import { useUnit, useUnitFor } from "@/lib/use-unit";
import { nextRegionSort, type RegionSort, regionSortFromParam, regionSortToParam, sortRegionRows } from "./region-sort";

const CELL = "px-1.5 py-2 sm:px-3";

export function RegionPriceTable({ region }: { region: Region }) {
  const query = useQuery(regionQueries.prices(region.country.code, region.slug));
  const [unit] = useUnit();
  const unitFor = useUnitFor();
  const rowUnits = (query.data ?? []).map((row) => unitFor(row.material.saleUnit));
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Average Prices ({tableUnitTitle(unit, rowUnits)})</CardTitle>
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
          <PriceRows rows={query.data} unit={unit} unitFor={unitFor} regionName={region.name} />
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

type RowsProps = {
  rows: RegionPriceRow[];
  /** The weight chosen: the table's unit; a row in another (a piece, a troy oz) says its own. */
  unit: WeightUnit;
  unitFor: UnitFor;
  regionName: string;
};

function PriceRows({ rows, unit, unitFor, regionName }: RowsProps) {
  const rowUnit = (row: RegionPriceRow) => unitFor(row.material.saleUnit);
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
            Average scrap metal prices in {regionName}, {tableUnitLabel(unit, rows.map(rowUnit))}, sorted by{" "}
            {sort.field} {direction}
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
                  {formatPrice(row.averagePriceExact, row.currency, rowUnit(row))}
                  <UnitMark unit={rowUnit(row)} tableUnit={unit} />
                </td>
                <td className={`${CELL} text-right whitespace-nowrap tabular-nums text-slate-700`}>
                  {formatPrice(row.minPriceExact, row.currency, rowUnit(row))} –{" "}
                  {formatPrice(row.maxPriceExact, row.currency, rowUnit(row))}
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
