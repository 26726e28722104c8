import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CityOverview, CityPriceRow } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatMoney, formatPrice, UNIT_LABELS, type Unit, type UnitFor } from "@/lib/format";
import { materialPath } from "@/lib/paths";
import { useUnitFor } from "@/lib/use-unit";

const GRID = "grid grid-cols-2 gap-3 lg:grid-cols-4";

export function OverviewStrip({ citySlug }: { citySlug: string }) {
  const query = useQuery(cityQueries.overview(citySlug));
  // The price table's rows (the same request): they say how the top material is sold.
  const prices = useQuery(cityQueries.prices(citySlug));
  const unitFor = useUnitFor();
  return (
    <QueryState query={query} loading={<OverviewSkeleton />}>
      {(overview) => (
        <OverviewCards
          overview={overview}
          rows={prices.isPending ? undefined : (prices.data ?? [])}
          unitFor={unitFor}
        />
      )}
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

type CardsProps = {
  overview: CityOverview;
  /** The city's price rows; undefined while they load. */
  rows: readonly CityPriceRow[] | undefined;
  unitFor: UnitFor;
};

/**
 * Top price, the city's headline copper price (#1 Copper, or the first copper grade it has),
 * how many materials went up, and how many yards. Copper, not an average of every material:
 * silver averaged with steel helps no seller.
 */
function OverviewCards({ overview, rows, unitFor }: CardsProps) {
  // A figure's unit is its material's (a piece is never per kg): undefined until the rows are in,
  // null when they do not name it (they failed to load), when the figure is shown as stored with
  // no unit rather than with a wrong one.
  const unitOf = (slug: string | null): Unit | null | undefined => {
    if (rows === undefined) return undefined;
    const saleUnit = rows.find((row) => row.material.slug === slug)?.material.saleUnit;
    return saleUnit ? unitFor(saleUnit) : null;
  };
  const money = (value: string | null, unit: Unit | null | undefined) =>
    value === null ? (
      "N/A"
    ) : unit === undefined ? (
      <Skeleton className="h-7 w-28" />
    ) : unit === null ? (
      <span className="[overflow-wrap:anywhere]">{formatMoney(value, overview.currency)}</span>
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
      <Stat
        label="Top Price Today"
        value={money(overview.topPriceExact, unitOf(overview.topMaterialSlug))}
        note={topMaterial}
      />
      <Stat
        label={overview.copperMaterial ?? "#1 Copper"}
        value={money(overview.copperPriceExact, unitOf(overview.copperMaterialSlug))}
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
