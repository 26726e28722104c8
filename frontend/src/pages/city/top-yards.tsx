import { useQuery } from "@tanstack/react-query";
import { ArrowRight, MapPin } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import type { City, Yard } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { YardMap } from "@/components/map/yard-map";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { Stars } from "@/components/ui/stars";
import { YardOpenState, yardIsOpen } from "@/components/yards/open-state";
import { cityYardsPath, yardPath } from "@/lib/paths";

/** SPEC §9: the city page shows 3 yards; the API sorts by rating by default. */
export const TOP_YARDS = 3;

export function NearbyYards({ city }: { city: City }) {
  const query = useQuery(cityQueries.yards(city.slug, { limit: TOP_YARDS }));
  const yards = query.data?.data;
  const mapYards = useMemo(() => (yards ?? []).map(toMapYard), [yards]);
  const center = useMemo<[number, number]>(() => [city.latitude, city.longitude], [city.latitude, city.longitude]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nearby Scrap Yards</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <Skeleton className="h-64" />
        ) : (
          mapYards.length > 0 && (
            <YardMap
              yards={mapYards}
              center={center}
              heightClass="h-64"
              label={`Map of top rated scrap yards in ${city.name}`}
            />
          )
        )}
        <h3 className="font-semibold text-slate-900">Top Rated Yards</h3>
        <QueryState
          query={query}
          loading={
            <LoadingRegion label="Loading scrap yards">
              <div className="space-y-3">
                {[1, 2, 3].map((n) => (
                  <Skeleton key={n} className="h-20" />
                ))}
              </div>
            </LoadingRegion>
          }
          isEmpty={(data) => data.data.length === 0}
          empty={<EmptyState title={`No scrap yards found in ${city.name}`} />}
        >
          {(data) => (
            <ul className="space-y-3">
              {data.data.map((yard) => (
                <YardItem key={yard.id} yard={yard} />
              ))}
            </ul>
          )}
        </QueryState>
        <Link
          to={cityYardsPath(city)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          View all yards <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

function toMapYard(yard: Yard) {
  const { id, name, latitude, longitude, rating } = yard;
  return { id, name, latitude, longitude, rating, isOpen: yardIsOpen(yard) };
}

function YardItem({ yard }: { yard: Yard }) {
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={yardPath(yard)} className="font-medium text-brand-700 hover:underline">
          {yard.name}
        </Link>
        <YardOpenState yard={yard} />
      </div>
      <p className="mt-1 flex items-start gap-1 text-sm text-slate-600">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {yard.address}
      </p>
      <div className="mt-1">
        <Stars rating={yard.rating} reviews={yard.reviewCount} />
      </div>
    </li>
  );
}
