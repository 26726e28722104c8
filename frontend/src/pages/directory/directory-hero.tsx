import type { YardStats } from "@/api/client";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { pageHeading } from "@/lib/page-texts";

const STATS: { key: keyof Pick<YardStats, "total" | "countries" | "cities" | "openNow">; label: string }[] = [
  { key: "total", label: "Total Yards" },
  { key: "countries", label: "Countries" },
  { key: "cities", label: "Cities" },
  { key: "openNow", label: "Open Now" },
];

/** Title and the four counts, computed by the server over the filtered yards (SPEC §2). */
export function DirectoryHero({ stats, failed }: { stats: YardStats | undefined; failed: boolean }) {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 px-6 py-10 text-white sm:px-10">
      <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{pageHeading("directory")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-brand-50">
        Find scrap yards worldwide with contact details, ratings and opening hours.
      </p>
      <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {STATS.map(({ key, label }) => (
          <div key={key} className="rounded-lg bg-white/10 p-4">
            <dt className="text-sm text-brand-50">{label}</dt>
            <dd className="mt-1 text-2xl font-bold sm:text-3xl">
              {stats ? (
                formatCount(stats[key])
              ) : failed ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">Not available</span>
                </>
              ) : (
                <Skeleton className="h-8 w-16 bg-white/30" />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
