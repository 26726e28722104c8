import { MapPin } from "lucide-react";
import { useMemo } from "react";
import type { City, Yard } from "@/api/client";
import { YardMap } from "@/components/map/yard-map";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { yardIsOpen } from "@/components/yards/open-state";

/** SPEC §2: the map card names the first 3 yards. */
const NAMED = 3;

/** Map markers for yards, open state recomputed from their hours. Memoise the result. */
export function toMapYards(yards: readonly Yard[]) {
  return yards.map((yard) => ({
    id: yard.id,
    name: yard.name,
    latitude: yard.latitude,
    longitude: yard.longitude,
    rating: yard.rating,
    isOpen: yardIsOpen(yard),
  }));
}

/** The yards listed on the page, on a map centred on the city at zoom 12. */
export function YardMapCard({ city, yards }: { city: City; yards: readonly Yard[] }) {
  const mapYards = useMemo(() => toMapYards(yards), [yards]);
  const center = useMemo<[number, number]>(() => [city.latitude, city.longitude], [city.latitude, city.longitude]);
  const more = yards.length - NAMED;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Yard Locations</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <YardMap yards={mapYards} center={center} zoom={12} label={`Map of scrap yards in ${city.name}`} />
        {yards.length > 0 && (
          <ul className="space-y-1 text-sm text-slate-700">
            {yards.slice(0, NAMED).map((yard) => (
              <li key={yard.id} className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {yard.name}
              </li>
            ))}
          </ul>
        )}
        {more > 0 && (
          <p className="text-sm text-slate-600">
            +{more} more {more === 1 ? "yard" : "yards"} on map
          </p>
        )}
      </CardContent>
    </Card>
  );
}
