import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
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
import { useMediaQuery } from "@/lib/use-media-query";
import { DEFAULT_SORT, type MarketSort, nextSort, type SortField, sortMarkets } from "./sort-markets";

/** Tailwind's `sm` breakpoint, where the list gives way to the table. */
const SM_BREAKPOINT = "(min-width: 640px)";

const TH = "px-3 py-2 whitespace-nowrap text-left text-xs font-semibold uppercase tracking-wide text-slate-700";

const SORT_WORDS: Record<SortField, Record<MarketSort["direction"], string>> = {
  price: { desc: "highest first", asc: "lowest first" },
  city: { asc: "A to Z", desc: "Z to A" },
};

/** The phone list's sort: the table's two sort buttons, outside a table. */
function SortButtons({ sort, onSort }: { sort: MarketSort; onSort: (field: SortField) => void }) {
  const fields: [SortField, string][] = [
    ["price", "Price"],
    ["city", "City"],
  ];
  return (
    <fieldset className="mb-2">
      <legend className="sr-only">Sort markets</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span aria-hidden="true" className="text-slate-600">
          Sort by
        </span>
        {fields.map(([field, label]) => {
          const active = sort.field === field;
          const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
          return (
            <button
              key={field}
              type="button"
              aria-pressed={active}
              onClick={() => onSort(field)}
              className={`inline-flex min-h-9 items-center gap-1 rounded-md border px-3 font-medium focus-visible:outline-2 focus-visible:outline-brand-700 ${
                active ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700"
              }`}
            >
              {label}
              {active && <span className="sr-only">, {SORT_WORDS[field][sort.direction]}</span>}
              <Icon aria-hidden="true" className="h-4 w-4" />
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Under the sm breakpoint: one stacked item per market, nothing to scroll sideways. */
function MarketList({ rows, unit }: { rows: MaterialPriceRow[]; unit: Unit }) {
  return (
    <ul aria-label="All markets" className="divide-y divide-slate-100 border-y border-slate-200">
      {rows.map((row) => (
        <li key={row.city.slug} data-testid="market-item" className="space-y-1 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p data-testid="market-city" className="font-medium break-words text-slate-900">
                {row.city.name}
              </p>
              <p className="text-sm text-slate-600">{row.city.country.name}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold text-slate-900 tabular-nums">
                {formatPrice(row.price, row.currency, unit)}{" "}
                <span className="text-xs font-normal text-slate-600">{row.currency}</span>
              </p>
              <PriceProvenance row={row} />
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
            <p className="text-slate-600">Updated {formatDate(row.date)}</p>
            <Link
              to={cityPath(row.city)}
              className="inline-flex min-h-9 items-center font-medium text-brand-700 hover:underline"
            >
              View Details<span className="sr-only">: {row.city.name}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AllMarketsTable({ rows, unit }: { rows: MaterialPriceRow[]; unit: Unit }) {
  const [sort, setSort] = useState<MarketSort>(DEFAULT_SORT);
  // One of the two layouts, not both with one hidden by CSS: each market is a dozen elements, and
  // a phone built the table it never showed (Lighthouse's blocking time on this page).
  const wide = useMediaQuery(SM_BREAKPOINT);
  const sorted = sortMarkets(rows, sort);
  const onSort = (field: SortField) => setSort(nextSort(sort, field));
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
          <>
            {wide !== true && (
              <div className="sm:hidden">
                <SortButtons sort={sort} onSort={onSort} />
                <MarketList rows={sorted} unit={unit} />
              </div>
            )}
            {wide !== false && (
              <div className="relative hidden overflow-x-auto sm:block">
                <table className="w-full min-w-[560px] text-sm">
                  <caption className="sr-only">
                    All markets, sorted by {sort.field} {sort.direction === "asc" ? "ascending" : "descending"}
                  </caption>
                  <thead className="border-b border-slate-200 bg-slate-50">
                    <tr>
                      <SortHeader field="city" label="City" sort={sort} onSort={onSort} />
                      <th scope="col" className={TH}>
                        Country
                      </th>
                      <SortHeader field="price" label="Price" sort={sort} onSort={onSort} />
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
          </>
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
