import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CityOverview } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { materialPath } from "@/lib/paths";
import { useUnit } from "@/lib/use-unit";

const GRID = "grid grid-cols-2 gap-3 lg:grid-cols-4";

export function OverviewStrip({ citySlug }: { citySlug: string }) {
  const query = useQuery(cityQueries.overview(citySlug));
  const [unit] = useUnit();
  return (
    <QueryState query={query} loading={<OverviewSkeleton />}>
      {(overview) => <OverviewCards overview={overview} unit={unit} />}
    </QueryState>
  );
}

export function OverviewSkeleton() {
  return (
    <LoadingRegion label="Loading price overview">
      <div className={GRID}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} className="h-24" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/**
 * Top price, the city's headline copper price (#1 Copper, or the first copper grade it has),
 * how many materials went up, and how many yards. Copper, not an average of every material:
 * silver averaged with steel helps no seller.
 */
function OverviewCards({ overview, unit }: { overview: CityOverview; unit: Unit }) {
  const money = (value: string | null) =>
    value === null ? (
      "N/A"
    ) : (
      <>
        <span className="[overflow-wrap:anywhere]">{formatPrice(value, overview.currency, unit)}</span>{" "}
        <span className="text-sm font-medium whitespace-nowrap text-slate-600">{UNIT_LABELS[unit]}</span>
      </>
    );
  const topMaterial =
    overview.topMaterial && overview.topMaterialSlug ? (
      <Link to={materialPath({ slug: overview.topMaterialSlug })} className="text-brand-700 hover:underline">
        {overview.topMaterial}
      </Link>
    ) : (
      (overview.topMaterial ?? "No prices yet")
    );
  return (
    <dl className={GRID}>
      <Stat label="Top Price Today" value={money(overview.topPriceExact)} note={topMaterial} />
      <Stat
        label={overview.copperMaterial ?? "#1 Copper"}
        value={money(overview.copperPriceExact)}
        note={overview.copperKind ? PRICE_KIND_LABELS[overview.copperKind] : "No copper price yet"}
      />
      <Stat label="Price Changes" value={`+${formatCount(overview.priceChanges)}`} note="Materials Up" />
      <Stat label="Scrap Yards" value={formatCount(overview.scrapYardCount)} note="In this city" />
    </dl>
  );
}

function Stat({ label, value, note }: { label: string; value: ReactNode; note: ReactNode }) {
  return (
    <Card className="flex flex-col p-3 sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
      <dd className="mt-0.5 text-sm text-slate-600">{note}</dd>
    </Card>
  );
}
