import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { CityPriceRow } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { newestDay, PriceProvenance } from "@/components/prices/price-provenance";
import { PriceRowsSkeleton } from "@/components/prices/price-table-skeleton";
import { UnitMark } from "@/components/prices/unit-mark";
import { tableUnitLabel, tableUnitTitle } from "@/components/prices/units";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, QueryState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/ui/sort-header";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { convertStoredPrice, formatPrice, type UnitFor, type WeightUnit } from "@/lib/format";
import { materialAnchor, materialPath } from "@/lib/paths";
import { SM_UP, useMediaQuery } from "@/lib/use-media-query";
import { useUnit, useUnitFor } from "@/lib/use-unit";
import { ChangeCell, TrendIndicator } from "./price-cells";
import { DEFAULT_PRICE_SORT, nextPriceSort, type PriceSort, sortPriceRows } from "./price-sort";
import { PriceSparkline } from "./price-sparkline";

export function PriceTable({ citySlug, cityName }: { citySlug: string; cityName: string }) {
  const query = useQuery(cityQueries.prices(citySlug));
  const [unit] = useUnit();
  const unitFor = useUnitFor();
  const rowUnits = (query.data ?? []).map((row) => unitFor(row.material.saleUnit));
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Current Prices ({tableUnitTitle(unit, rowUnits)})</CardTitle>
        <UnitToggle />
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          loading={
            <LoadingRegion label="Loading prices">
              <PriceRowsSkeleton />
            </LoadingRegion>
          }
          isEmpty={(data) => data.length === 0}
          empty={<EmptyState title="No price data available" />}
        >
          {(data) => <PriceRows rows={data} unit={unit} unitFor={unitFor} cityName={cityName} citySlug={citySlug} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

type RowsProps = {
  rows: CityPriceRow[];
  /** The weight chosen: the table's unit, which rows of other materials (a piece) mark as theirs is not. */
  unit: WeightUnit;
  unitFor: UnitFor;
  cityName: string;
  citySlug: string;
};

function PriceRows({ rows, unit, unitFor, cityName, citySlug }: RowsProps) {
  const [sort, setSort] = useState<PriceSort>(DEFAULT_PRICE_SORT);
  // The 30-day lines show from sm: up; a phone neither asks for them nor draws them hidden.
  const showsSparklines = useMediaQuery(SM_UP) !== false;
  const currencies = [...new Set(rows.map((row) => row.currency))];
  const priceLabel = currencies.length === 1 ? `Price (${currencies.join("")})` : "Price";
  const sources = [...new Set(rows.map((row) => row.source.name))];
  const newest = newestDay(rows);
  const direction = sort.direction === "asc" ? "ascending" : "descending";
  const target = useAnchoredRow(rows);
  const rowUnit = (row: CityPriceRow) => unitFor(row.material.saleUnit);
  return (
    <>
      <div className="-mx-4 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[20rem] text-left text-[13px] sm:text-sm">
          <caption className="sr-only">
            Scrap metal prices in {cityName}, {tableUnitLabel(unit, rows.map(rowUnit))}, sorted by {sort.field}{" "}
            {direction}
          </caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <SortHeader
                field="material"
                label="Material"
                sort={sort}
                onSort={(f) => setSort(nextPriceSort(sort, f))}
              />
              <SortHeader
                field="price"
                label={priceLabel}
                sort={sort}
                onSort={(f) => setSort(nextPriceSort(sort, f))}
                className="text-right"
              />
              <th scope="col" className="px-1.5 py-2 sm:px-3 text-right font-semibold">
                Change
              </th>
              <th scope="col" className="px-1.5 py-2 sm:px-3 text-center font-semibold">
                Trend
              </th>
              <th scope="col" className="hidden px-1.5 py-2 sm:table-cell sm:px-3 text-center font-semibold">
                30 Days
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sortPriceRows(rows, sort, (row) => convertStoredPrice(row.priceExact, rowUnit(row))).map((row) => (
              <tr
                key={row.id}
                id={materialAnchor(row.material.slug)}
                tabIndex={target === row.material.slug ? -1 : undefined}
                aria-current={target === row.material.slug ? "true" : undefined}
                className="scroll-mt-24 hover:bg-slate-50 aria-[current=true]:bg-amber-50"
              >
                <th scope="row" className="px-1.5 py-2 sm:px-3 font-normal">
                  <Link to={materialPath(row.material)} className="font-medium text-brand-700 hover:underline">
                    {row.material.name}
                  </Link>
                  <span className="block text-xs text-slate-600">{row.material.grade ?? row.material.category}</span>
                  <PriceProvenance row={row} newestDate={newest} />
                </th>
                <td className="px-1.5 py-2 sm:px-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatPrice(row.priceExact, row.currency, rowUnit(row))}
                  <UnitMark unit={rowUnit(row)} tableUnit={unit} />
                </td>
                <td className="px-1.5 py-2 sm:px-3 text-right whitespace-nowrap tabular-nums">
                  <ChangeCell row={row} unit={rowUnit(row)} />
                </td>
                <td className="px-1.5 py-2 sm:px-3 text-center">
                  <TrendIndicator row={row} />
                </td>
                <td className="hidden px-1.5 py-2 sm:table-cell sm:px-3 text-center">
                  {showsSparklines && (
                    <PriceSparkline
                      citySlug={citySlug}
                      materialSlug={row.material.slug}
                      materialName={row.material.name}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-600">Source: {sources.join("; ")}</p>
    </>
  );
}

/**
 * A link to `#price-<material>` (search's "Copper in Johannesburg") lands on that row: once the
 * rows are here it is scrolled into view, marked, and focused so a screen reader reads it.
 * Returns the material slug of the row the address names, if it is on the table.
 */
function useAnchoredRow(rows: CityPriceRow[]): string | undefined {
  const { hash } = useLocation();
  const prefix = `#${materialAnchor("")}`;
  const slug = hash.startsWith(prefix) ? decodeURIComponent(hash.slice(prefix.length)) : undefined;
  const target = rows.some((row) => row.material.slug === slug) ? slug : undefined;
  useEffect(() => {
    if (!target) return;
    // After the layout's own route-change scroll and focus, which run in the same commit.
    const timer = window.setTimeout(() => {
      const row = document.getElementById(materialAnchor(target));
      row?.scrollIntoView?.({ block: "center" });
      row?.focus({ preventScroll: true });
    });
    return () => window.clearTimeout(timer);
  }, [target]);
  return target;
}
