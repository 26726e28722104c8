import { useState } from "react";
import { Link } from "react-router";
import type { MaterialPriceRow } from "@/api/client";
import { PriceProvenance } from "@/components/prices/price-provenance";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/ui/sort-header";
import { formatDate, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { cityPath } from "@/lib/paths";
import { DEFAULT_SORT, type MarketSort, nextSort, sortMarkets } from "./sort-markets";

const TH = "px-3 py-2 whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

export function AllMarketsTable({ rows, unit }: { rows: MaterialPriceRow[]; unit: Unit }) {
  const [sort, setSort] = useState<MarketSort>(DEFAULT_SORT);
  const sorted = sortMarkets(rows, sort);
  return (
    <Card>
      <CardHeader>
        <CardTitle>All Markets</CardTitle>
        <p className="text-sm text-slate-600">
          Latest price in each city, in local currency {UNIT_LABELS[unit]}. Price sorting compares USD values.
        </p>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[560px] text-sm">
              <caption className="sr-only">
                All markets, sorted by {sort.field} {sort.direction === "asc" ? "ascending" : "descending"}
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <SortHeader field="city" label="City" sort={sort} onSort={(f) => setSort(nextSort(sort, f))} />
                  <th scope="col" className={TH}>
                    Country
                  </th>
                  <SortHeader field="price" label="Price" sort={sort} onSort={(f) => setSort(nextSort(sort, f))} />
                  <th scope="col" className={TH}>
                    Last Updated
                  </th>
                  <th scope="col" className={TH}>
                    Action
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((row) => (
                  <tr key={row.city.slug} className="border-b border-slate-100 hover:bg-slate-50">
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {row.city.name}
                    </th>
                    <td className="px-3 py-2 text-slate-700">{row.city.country.name}</td>
                    <td className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                      {formatPrice(row.price, row.currency, unit)}{" "}
                      <span className="text-xs font-normal text-slate-600">{row.currency}</span>
                      <PriceProvenance row={row} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(row.date)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Link to={cityPath(row.city)} className="font-medium text-brand-700 hover:underline">
                        View Details<span className="sr-only">: {row.city.name}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function AllMarketsSkeleton() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>All Markets</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-10" />
        ))}
      </CardContent>
    </Card>
  );
}
