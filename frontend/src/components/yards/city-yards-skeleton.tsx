import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** Skeleton cards while a page of yards loads. */
export const YARD_SKELETONS = 5;

export function YardCardsSkeleton() {
  return (
    <ul className="space-y-4">
      {Array.from({ length: YARD_SKELETONS }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
        <li key={n} data-testid="yard-skeleton">
          <Skeleton className="h-44" />
        </li>
      ))}
    </ul>
  );
}

/** The whole page while the city loads: header, filters, list and the map/stats column. */
export function CityYardsSkeleton() {
  return (
    <LoadingRegion label="Loading scrap yards">
      <div className="space-y-6">
        <div className="space-y-3">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-9 w-3/4 max-w-md" />
          <Skeleton className="h-4 w-48" />
        </div>
        <Skeleton className="h-36" />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <YardCardsSkeleton />
          </div>
          <div className="space-y-6">
            <Skeleton className="h-96" />
            <Skeleton className="h-56" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}

/** The map and stats column while a page of yards loads. */
export function SidebarSkeleton() {
  return (
    <div className="space-y-6" aria-hidden="true">
      <Skeleton className="h-96" />
      <Skeleton className="h-56" />
    </div>
  );
}
