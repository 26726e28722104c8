import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { MaterialPriceRow } from "@/api/client";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { cityPath } from "@/lib/paths";

/**
 * SPEC §9: the 5 best-paying cities (the server's ranking on USD, ties by city name), in the
 * material's shown unit (per troy oz for silver, per piece for a catalytic converter).
 */
export function TopMarkets({ top, unit }: { top: MaterialPriceRow[]; unit: Unit }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Paying Markets</CardTitle>
        <p className="text-sm text-slate-600">Ranked by price converted to USD; shown in local currency.</p>
      </CardHeader>
      <CardContent>
        {top.length === 0 ? (
          <EmptyState title="No price data available" />
        ) : (
          <ol className="space-y-3" aria-label="Top paying markets">
            {top.map((row, index) => (
              <li
                key={row.city.slug}
                data-testid="top-market"
                className="flex items-start gap-3 rounded-md border border-slate-200 p-3"
              >
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                  #{index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{row.city.name}</p>
                  <p className="text-sm text-slate-600">{row.city.country.name}</p>
                  <Link
                    to={cityPath(row.city)}
                    className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                  >
                    View City<span className="sr-only">: {row.city.name}</span>
                    <ArrowRight aria-hidden="true" className="h-3.5 w-3.5" />
                  </Link>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold text-slate-900 tabular-nums">
                    {formatPrice(row.priceExact, row.currency, unit)}
                  </p>
                  <p className="text-xs text-slate-600">
                    {row.currency} {UNIT_LABELS[unit]}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function TopMarketsSkeleton() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top Paying Markets</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="h-16" />
        ))}
      </CardContent>
    </Card>
  );
}
