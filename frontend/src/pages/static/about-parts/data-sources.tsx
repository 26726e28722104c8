import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { statsQueries } from "@/api/queries";
import { formatDate } from "@/lib/format";

/** Where the numbers come from, said plainly: the shipped data set is a generated demo. */
export function DataSources() {
  const { data: stats } = useQuery(statsQueries.site());
  const demo = stats?.demoData ?? true;
  return (
    <div className="space-y-3 leading-7 text-slate-700">
      {demo ? (
        <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <Info aria-hidden="true" className="mt-1 h-5 w-5 shrink-0" />
          <p>
            <strong>Demo data.</strong> The prices shown are a generated demo data set until real price feeds are
            connected, and the scrap yards listed are demo entries. Do not use them to decide what to buy or sell.
          </p>
        </div>
      ) : (
        <p>Prices come from the price feeds connected to ScrapIndex and are checked row by row as they arrive.</p>
      )}
      <p>
        Real data reaches the site through importers for price feeds and scrap yard lists. Every row is validated, each
        import runs as one transaction, and prices are stored per kilogram in the local currency, so the price history
        on each material page is the record of every daily update.
      </p>
      {stats?.latestPriceDate && (
        <p className="text-sm text-slate-600">
          Latest price date: <time dateTime={stats.latestPriceDate}>{formatDate(stats.latestPriceDate)}</time>
        </p>
      )}
    </div>
  );
}
