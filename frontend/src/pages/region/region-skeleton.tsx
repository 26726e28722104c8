import { PriceRowsSkeleton } from "@/components/prices/price-table-skeleton";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** The whole page while the region loads: header, stats, price table and cities. */
export function RegionPageSkeleton() {
  return (
    <LoadingRegion label="Loading region prices">
      <div className="space-y-6">
        <div className="space-y-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-9 w-3/4 max-w-md" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <Skeleton className="h-6 w-56" />
            </CardHeader>
            <CardContent>
              <PriceRowsSkeleton />
            </CardContent>
          </Card>
          <Skeleton className="h-64" />
        </div>
      </div>
    </LoadingRegion>
  );
}
