import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { cityQueries } from "@/api/queries";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatDateTimeIn } from "@/lib/format";

/**
 * DESIGN §6: when this city's own prices were last written, in the city's time zone (an import
 * elsewhere does not move it). Demo prices keep only their day, so then the day alone is said.
 */
export function LastUpdated({ citySlug, timeZone }: { citySlug: string; timeZone: string }) {
  const query = useQuery(cityQueries.overview(citySlug));
  if (query.isError) return null; // the overview strip shows the error and a retry button
  const lastUpdated = query.data?.lastUpdated;
  const day = lastUpdated?.slice(0, 10);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
      <Clock aria-hidden="true" className="h-4 w-4" />
      <span>Last updated:</span>
      {query.isPending ? (
        <Skeleton className="inline-block h-4 w-40" />
      ) : lastUpdated && day && query.data?.lastUpdatedDayOnly ? (
        <time dateTime={day} className="font-medium text-slate-800">
          {formatDate(day)}
        </time>
      ) : lastUpdated ? (
        <time dateTime={lastUpdated} className="font-medium text-slate-800">
          {formatDateTimeIn(lastUpdated, timeZone)}
        </time>
      ) : (
        <span className="font-medium text-slate-800">no prices recorded yet</span>
      )}
    </div>
  );
}
