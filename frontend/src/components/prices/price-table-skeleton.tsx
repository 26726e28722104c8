import { Skeleton } from "@/components/ui/skeleton";

/** SPEC §9: 5 skeleton rows while the price table loads. */
export function PriceRowsSkeleton() {
  return (
    <div className="space-y-3">
      {[1, 2, 3, 4, 5].map((n) => (
        <div key={n} data-testid="price-skeleton-row" className="flex items-center gap-4">
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-5 w-8" />
        </div>
      ))}
    </div>
  );
}
