import { MapPin, Warehouse } from "lucide-react";
import { Link } from "react-router";
import type { Region } from "@/api/client";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/page-states";
import { cityPath, cityYardsPath } from "@/lib/paths";

/** Every city of the region: its prices, and a secondary link to its scrap yards. */
export function RegionCitiesCard({ region }: { region: Region }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cities in {region.name}</CardTitle>
      </CardHeader>
      <CardContent>
        {region.cities.length === 0 ? (
          <EmptyState title="No cities found" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {region.cities.map((city) => {
              const path = cityPath(city);
              return (
                <li key={city.id} className="flex items-center justify-between gap-3 py-1">
                  <Link
                    to={path}
                    className="flex min-w-0 items-center gap-2 rounded-md px-2 py-2 font-medium text-slate-900 hover:bg-slate-50 hover:text-brand-700"
                  >
                    <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
                    <span className="truncate">{city.name}</span>
                  </Link>
                  <Link
                    to={cityYardsPath(city)}
                    aria-label={`Scrap yards in ${city.name}`}
                    className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-2 text-sm text-brand-700 hover:underline"
                  >
                    <Warehouse aria-hidden="true" className="h-4 w-4" />
                    Scrap yards
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
