import { ArrowDown, ArrowUp, BarChart3 } from "lucide-react";
import type { MarketSummary, MaterialPriceRow } from "@/api/client";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";

function PriceCard({
  title,
  icon,
  value,
  detail,
  unit,
}: {
  title: string;
  icon: React.ReactNode;
  /** US dollars a kg (or a piece) to four decimals (the API's …UsdExact), converted before it is rounded. */
  value: string | null;
  detail: string;
  unit: Unit;
}) {
  return (
    <Card>
      <CardContent className="pt-4 sm:pt-5">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-medium text-slate-700">{title}</h2>
          {icon}
        </div>
        <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">
          {value === null ? "—" : formatPrice(value, "USD", unit)}
        </p>
        <p className="text-xs text-slate-600">in USD {UNIT_LABELS[unit]}</p>
        <p className="mt-2 text-sm text-slate-700">{detail}</p>
      </CardContent>
    </Card>
  );
}

const where = (row: MaterialPriceRow | null) =>
  row ? `${row.city.name}, ${row.city.country.name}` : "No price data available";

export function PriceCards({ stats, unit }: { stats: MarketSummary; unit: Unit }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <PriceCard
        title="Highest Price"
        icon={<ArrowUp aria-hidden="true" className="h-5 w-5 text-green-700" />}
        value={stats.maxUsdExact}
        detail={where(stats.highest)}
        unit={unit}
      />
      <PriceCard
        title="Average Market Price"
        icon={<BarChart3 aria-hidden="true" className="h-5 w-5 text-brand-700" />}
        value={stats.averageUsdExact}
        detail={`Across ${formatCount(stats.usdCount)} ${stats.usdCount === 1 ? "city" : "cities"}`}
        unit={unit}
      />
      <PriceCard
        title="Lowest Price"
        icon={<ArrowDown aria-hidden="true" className="h-5 w-5 text-red-700" />}
        value={stats.minUsdExact}
        detail={where(stats.lowest)}
        unit={unit}
      />
    </div>
  );
}

export function PriceCardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {["highest", "average", "lowest"].map((key) => (
        <Card key={key}>
          <CardContent className="space-y-2 pt-4 sm:pt-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-4 w-40" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
