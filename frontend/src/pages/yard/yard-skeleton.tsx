import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** The page while the yard loads: header, main cards, sidebar. */
export function YardSkeleton() {
  return (
    <LoadingRegion label="Loading scrap yard">
      <div className="space-y-6">
        <div className="space-y-3">
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-9 w-3/4 max-w-md" />
          <Skeleton className="h-5 w-72" />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {[1, 2].map((n) => (
              <Card key={n}>
                <CardHeader>
                  <Skeleton className="h-6 w-48" />
                </CardHeader>
                <CardContent className="space-y-2">
                  {[1, 2, 3, 4].map((m) => (
                    <Skeleton key={m} className="h-8" />
                  ))}
                </CardContent>
              </Card>
            ))}
          </div>
          <div className="space-y-6">
            <Skeleton className="h-56" />
            <Skeleton className="h-48" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
