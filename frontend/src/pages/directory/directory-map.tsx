import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { yardQueries } from "@/api/queries";
import { ClusterMap, type MapView } from "@/components/map/cluster-map";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { type DirectoryFilters, toClusterQuery } from "./directory-params";

/**
 * The filtered yards of the map's view, clustered on the server: a request of its own, made only
 * in map view, again after each settled move or zoom. The map starts on the whole world. Every
 * answer also carries the box around all the filters' yards, wherever the view is: the first
 * answer for new filters moves the map there (ClusterMap fits it once per `key`), whatever the
 * user had zoomed into before.
 */
export function useMapClusters(filters: DirectoryFilters, enabled: boolean) {
  const [view, setView] = useState<MapView | null>(null);
  const { q, country, city, status } = filters;
  const query = useQuery({
    ...yardQueries.clusters(toClusterQuery(filters, view)),
    placeholderData: keepPreviousData,
    enabled,
  });
  return { query, setView, key: JSON.stringify([q, country, city, status]) };
}

export type MapClusters = ReturnType<typeof useMapClusters>;

export function DirectoryMap({ clusters }: { clusters: MapClusters }) {
  const { query, setView, key } = clusters;
  const total = query.data?.total;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Global Scrap Yards Map</CardTitle>
        {total !== undefined && <Badge tone="brand">{formatCount(total)} locations</Badge>}
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <LoadingRegion label="Loading map">
            <Skeleton className="h-96" />
          </LoadingRegion>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : query.data.bounds === null && !query.isPlaceholderData ? (
          <EmptyState title="No scrap yards found" hint="Try adjusting your search criteria" />
        ) : (
          <>
            <ClusterMap
              clusters={query.data.clusters}
              bounds={query.data.bounds}
              fit={!query.isPlaceholderData}
              fitKey={key}
              onView={setView}
              label="Map of scrap yards"
            />
            <p className="text-sm text-slate-600">
              {query.data.total === 0
                ? "No scrap yards in this part of the map."
                : "Numbered circles group nearby yards: choose one to zoom in."}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
