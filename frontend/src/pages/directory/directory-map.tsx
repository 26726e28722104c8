import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { YardPage } from "@/api/client";
import { yardQueries } from "@/api/queries";
import { YardMap } from "@/components/map/yard-map";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { yardIsOpen } from "@/components/yards/open-state";
import { formatCount } from "@/lib/format";
import { type DirectoryFilters, MAP_LIMIT, toQuery } from "./directory-params";

/** The first 100 filtered yards (SPEC §9): a request of its own, made only in map view. */
export function useMapYards(filters: DirectoryFilters, enabled: boolean) {
  return useQuery({
    ...yardQueries.directory(toQuery(filters, 1, MAP_LIMIT)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Up to 100 markers centred on the mean position of the filtered yards (SPEC §2). */
export function DirectoryMap({ query }: { query: ReturnType<typeof useMapYards> }) {
  const count = query.data?.data.length;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Global Scrap Yards Map</CardTitle>
        {count !== undefined && <Badge tone="brand">{formatCount(count)} locations</Badge>}
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <LoadingRegion label="Loading map">
            <Skeleton className="h-96" />
          </LoadingRegion>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <MapBody result={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function MapBody({ result }: { result: YardPage }) {
  const yards = useMemo(
    () =>
      result.data.map((yard) => ({
        id: yard.id,
        name: yard.name,
        latitude: yard.latitude,
        longitude: yard.longitude,
        rating: yard.rating,
        isOpen: yardIsOpen(yard),
      })),
    [result.data],
  );
  const { centerLatitude, centerLongitude } = result.stats;
  if (yards.length === 0 || centerLatitude === null || centerLongitude === null) {
    return <EmptyState title="No scrap yards found" hint="Try adjusting your search criteria" />;
  }
  return (
    <>
      <YardMap yards={yards} center={[centerLatitude, centerLongitude]} heightClass="h-96" label="Map of scrap yards" />
      {result.pagination.total > MAP_LIMIT && (
        <p className="text-sm text-slate-600">Showing first 100 locations on map. Use filters to narrow results.</p>
      )}
    </>
  );
}
