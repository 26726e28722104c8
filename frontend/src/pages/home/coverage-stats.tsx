import { useQuery } from "@tanstack/react-query";
import { statsQueries } from "@/api/queries";
import { ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatDate } from "@/lib/format";

const FIGURE_KEYS = ["countries", "cities", "scrapYards", "dailyPriceUpdates"] as const;
const LABELS: Record<(typeof FIGURE_KEYS)[number], string> = {
  countries: "Countries",
  cities: "Cities",
  scrapYards: "Scrap Yards",
  dailyPriceUpdates: "Prices of the Latest Day",
};

/** Coverage figures counted by the server from its own database, never typed in. */
export function CoverageStats() {
  const { data: stats, error, isPending, refetch } = useQuery(statsQueries.site());
  return (
    <section aria-labelledby="coverage" className="space-y-4">
      <h2 id="coverage" className="text-2xl font-bold text-slate-900">
        Coverage
      </h2>
      {isPending ? (
        <LoadingRegion label="Loading coverage figures">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {FIGURE_KEYS.map((key) => (
              <Skeleton key={key} className="h-24" />
            ))}
          </div>
        </LoadingRegion>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {FIGURE_KEYS.map((key) => (
              <div
                key={key}
                className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 text-center shadow-sm"
              >
                <dt className="text-sm text-slate-600">{LABELS[key]}</dt>
                <dd className="order-first text-3xl font-bold text-brand-800">{formatCount(stats[key])}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-600">
            {stats.latestPriceDate && <>Latest prices: {formatDate(stats.latestPriceDate)}. </>}
            {stats.demoData && "Prices shown are demo data, generated for illustration, not live market quotes."}
          </p>
        </>
      )}
    </section>
  );
}
