import { PriceRowsSkeleton } from "@/components/prices/price-table-skeleton";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** The whole page while the city itself loads: header, overview strip, price table, sidebar. */
export function CityPageSkeleton() {
  return (
    <LoadingRegion label="Loading city prices">
      <div className="space-y-6">
        <div className="space-y-3">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-9 w-3/4 max-w-md" />
          <Skeleton className="h-4 w-56" />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="h-24" />
          ))}
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
          <div className="space-y-6">
            <Skeleton className="h-48" />
            <Skeleton className="h-32" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
