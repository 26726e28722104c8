import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** Two country cards of 5 + 5 rows while the week's figures load. */
export function InsightsSkeleton() {
  return (
    <LoadingRegion label="Loading market insights">
      <div className="space-y-6">
        {[1, 2].map((card) => (
          <Card key={card} data-testid="insights-skeleton-card">
            <CardHeader>
              <Skeleton className="h-6 w-40" />
            </CardHeader>
            <CardContent className="grid gap-6 xl:grid-cols-2">
              {[1, 2].map((list) => (
                <div key={list} className="space-y-3">
                  <Skeleton className="h-5 w-32" />
                  {[1, 2, 3, 4, 5].map((row) => (
                    <Skeleton key={row} className="h-5" />
                  ))}
                </div>
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
    </LoadingRegion>
  );
}
