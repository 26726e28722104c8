import { Link } from "react-router";
import type { Schemas } from "@/api/client";
import { PRICE_KIND_LABELS } from "@/components/prices/price-provenance";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPrice, UNIT_LABELS, type Unit } from "@/lib/format";
import { cityPath } from "@/lib/paths";

/** A city of GET /api/cities: the city and its headline copper price. */
export type ListedCity = Schemas["CityListItem"];

function CopperPrice({ city, unit }: { city: ListedCity; unit: Unit }) {
  const copper = city.copperPrice;
  if (!copper) return <p className="text-xs text-slate-600">No copper price yet</p>;
  return (
    <div className="text-right">
      <p className="font-semibold text-slate-900 tabular-nums">
        {formatPrice(copper.priceExact, copper.currency, unit)}{" "}
        <span className="text-xs font-normal text-slate-600">{UNIT_LABELS[unit]}</span>
      </p>
      <p className="text-xs text-slate-600">
        {copper.materialName}, {copper.currency} · {PRICE_KIND_LABELS[copper.kind]}
      </p>
    </div>
  );
}

/**
 * One city in a few lines on a phone: its name (the one link, to its prices, covering the card),
 * its country and what #1 Copper is worth there, in its currency and with its kind.
 */
export function CityCard({ city, unit }: { city: ListedCity; unit: Unit }) {
  return (
    <Card className="relative flex h-full items-center justify-between gap-3 px-4 py-3 transition-shadow hover:shadow-md">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">
          <Link
            to={cityPath(city)}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {city.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {city.region ? `${city.region.name}, ` : ""}
          {city.country.name}
        </p>
      </div>
      <CopperPrice city={city} unit={unit} />
    </Card>
  );
}

export function CityCardSkeleton() {
  return (
    <Card data-testid="city-skeleton" className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <Skeleton className="h-8 w-20" />
    </Card>
  );
}
