import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

const CARD_KEYS = ["a", "b", "c", "d", "e", "f"];

export function BlogListSkeleton() {
  return (
    <LoadingRegion label="Loading articles">
      <Skeleton className="h-56 w-full" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {CARD_KEYS.map((key) => (
          <Skeleton key={key} className="h-56" />
        ))}
      </div>
    </LoadingRegion>
  );
}
