import { useQuery } from "@tanstack/react-query";
import { Store } from "lucide-react";
import { Link } from "react-router";
import type { City } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount, formatDate, formatPrice, UNIT_LABELS } from "@/lib/format";
import { dateTimeFormat } from "@/lib/intl-cache";
import { yardPath } from "@/lib/paths";
import { useUnitFor } from "@/lib/use-unit";

/** Today's date (YYYY-MM-DD) in a place's own time zone. */
function dayIn(timeZone: string, now = new Date()): string {
  return dateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(now);
}

const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;

/**
 * Issue 38: the best price a yard of the city posted itself, per material, and how many yards
 * post. Nothing at all when no yard has a current board: no empty card to scroll past.
 */
export function PostedPricesCard({ city }: { city: City }) {
  const overview = useQuery(cityQueries.overview(city.slug));
  const unitFor = useUnitFor();
  const posted = overview.data?.postedPrices;
  if (!overview.data || !posted || posted.best.length === 0) return null;
  const today = dayIn(city.timeZone);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Store aria-hidden="true" className="h-5 w-5 text-slate-500" />
          Yards&apos; own prices
        </CardTitle>
        <p className="text-sm text-slate-600">
          {plural(posted.yards, "yard")} in {city.name} posted {plural(posted.prices, "current price")} themselves. The
          best for each material:
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {posted.best.map((best) => {
            const unit = unitFor(best.material.saleUnit);
            return (
              <li key={best.material.slug} className="text-slate-800">
                Best posted price for {best.material.name}{" "}
                {best.date === today ? "today" : `(${formatDate(best.date)})`}:{" "}
                <Link to={yardPath(best.yard)} className="font-medium text-brand-700 hover:underline">
                  {best.yard.name}
                </Link>
                ,{" "}
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatPrice(best.priceExact, overview.data.currency, unit)} {UNIT_LABELS[unit]}
                </span>
              </li>
            );
          })}
        </ul>
        <p className="mt-3 text-xs text-slate-600">
          Posted by the yards themselves; the city&apos;s prices stay the market view.
        </p>
      </CardContent>
    </Card>
  );
}
