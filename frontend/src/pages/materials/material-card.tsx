import { ArrowRight, Star } from "lucide-react";
import { Link } from "react-router";
import type { CityPriceRow, Material, MaterialSummary } from "@/api/client";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { materialPath } from "@/lib/paths";

type Props = {
  material: Material;
  /** The material's cross-city figures; undefined while they load, on failure, or with no prices. */
  summary: MaterialSummary | undefined;
  summaryStatus: "pending" | "error" | "success";
  unit: Unit;
  /** The visitor's city's price of it, shown first; null without one (or before it is known). */
  local?: { cityName: string; row: CityPriceRow | undefined; status: "pending" | "error" | "success" } | null;
};

export function GradeBadge({ grade }: { grade: string }) {
  const premium = grade === "Grade A";
  return (
    <Badge tone={premium ? "warning" : "neutral"} className="shrink-0">
      {premium && <Star aria-hidden="true" className="h-3 w-3 fill-current" />}
      {grade}
    </Badge>
  );
}

/** The price in the visitor's city, in its currency, with its kind and day. */
function LocalFigure({ local, unit }: { local: NonNullable<Props["local"]>; unit: Unit }) {
  const { cityName, row, status } = local;
  if (status === "pending") return <Skeleton className="h-12 w-40" />;
  if (status === "error") return null;
  return (
    <div className="border-b border-slate-200 pb-2" data-testid="local-price">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">In {cityName}</p>
      {row ? (
        <>
          <p className="text-2xl font-bold text-slate-900">
            {formatPrice(row.priceExact, row.currency, unit)}{" "}
            <span className="text-sm font-normal text-slate-600">
              {row.currency} {UNIT_LABELS[unit]}
            </span>
          </p>
          <p className="text-xs text-slate-600">
            {PRICE_KIND_LABELS[row.source.kind]} · {formatDate(row.date)}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">No price in {cityName}</p>
      )}
    </div>
  );
}

function PriceFigures({ summary, summaryStatus, unit }: Omit<Props, "material" | "local">) {
  if (summaryStatus === "pending") {
    return (
      <div className="space-y-2" data-testid="price-skeleton">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-7 w-32" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  }
  if (summaryStatus === "error") return <p className="text-sm text-slate-600">Prices could not be loaded</p>;
  if (!summary) return <p className="text-sm text-slate-600">No price data available</p>;
  const price = (value: string) => formatPrice(value, summary.currency, unit);
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Average Price</p>
      <p className="text-2xl font-bold text-slate-900">
        {price(summary.averagePrice)} <span className="text-sm font-normal text-slate-600">{UNIT_LABELS[unit]}</span>
      </p>
      <p className="text-sm text-slate-600">
        Range: {price(summary.minPrice)} - {price(summary.maxPrice)}
      </p>
      <p className="text-xs text-slate-600">
        Across {summary.citiesTracked} cities in {summary.countries} countries, in {summary.currency}
      </p>
    </div>
  );
}

/** One material: the whole card opens its page (/material/{slug}). */
export function MaterialCard({ material, summary, summaryStatus, unit, local }: Props) {
  return (
    <Card className="relative flex h-full flex-col gap-3 p-4 transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          <Link
            to={materialPath(material)}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {material.name}
          </Link>
        </h3>
        {material.grade && <GradeBadge grade={material.grade} />}
      </div>
      <p className="line-clamp-3 text-sm text-slate-600">{material.description || "No description available"}</p>
      <div className="space-y-2 rounded-md bg-slate-50 p-3">
        {local && <LocalFigure local={local} unit={unit} />}
        <PriceFigures summary={summary} summaryStatus={summaryStatus} unit={unit} />
      </div>
      <span className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-brand-700">
        View Price Trends <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </span>
    </Card>
  );
}

export function MaterialCardSkeleton() {
  return (
    <Card data-testid="material-skeleton" className="flex flex-col gap-3 p-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-4 w-1/3" />
    </Card>
  );
}
