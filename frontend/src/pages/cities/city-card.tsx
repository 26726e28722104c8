import { MapPin, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import type { City } from "@/api/client";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCoordinate } from "@/lib/format";
import { cityPath, cityYardsPath } from "@/lib/paths";

/** One city: the whole card opens the prices page; its button opens the scrap yards page. */
export function CityCard({ city }: { city: City }) {
  const path = cityPath(city);
  return (
    <Card className="relative flex h-full flex-col gap-3 p-4 transition-shadow hover:shadow-md">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">
          <Link
            to={path}
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
      <ul className="space-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <TrendingUp aria-hidden="true" className="h-4 w-4 text-brand-700" />
          Current Prices
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="h-4 w-4 text-brand-700" />
          View Scrap Yards
        </li>
      </ul>
      <p className="text-xs text-slate-600">
        Lat {formatCoordinate(city.latitude)}, Lng {formatCoordinate(city.longitude)}
      </p>
      <ButtonLink
        to={cityYardsPath(city)}
        aria-label={`Find Scrap Yards in ${city.name}`}
        variant="outline"
        size="sm"
        className="relative z-10 mt-auto"
      >
        Find Scrap Yards
      </ButtonLink>
    </Card>
  );
}

export function CityCardSkeleton() {
  return (
    <Card data-testid="city-skeleton" className="flex flex-col gap-3 p-4">
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-8 w-full" />
    </Card>
  );
}
