import { useMemo } from "react";
import type { YardDetail } from "@/api/client";
import { YardMap } from "@/components/map/yard-map";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { yardIsOpen } from "@/components/yards/open-state";
import { formatCoordinate } from "@/lib/format";

/** A small map of this one yard, centred on it. */
export function YardLocation({ yard }: { yard: YardDetail }) {
  const { id, name, latitude, longitude, rating } = yard;
  const isOpen = yardIsOpen(yard);
  const yards = useMemo(
    () => [{ id, name, latitude, longitude, rating, isOpen }],
    [id, name, latitude, longitude, rating, isOpen],
  );
  const center = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Location</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <YardMap yards={yards} center={center} zoom={12} heightClass="h-64" label={`Map of ${name}`} />
        <p className="text-xs text-slate-600">
          {formatCoordinate(latitude)}, {formatCoordinate(longitude)}
        </p>
      </CardContent>
    </Card>
  );
}
