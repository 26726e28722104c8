import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

const LINE_KEYS = ["a", "b", "c", "d", "e", "f", "g", "h"];

export function PostSkeleton() {
  return (
    <LoadingRegion label="Loading article">
      <div className="space-y-4">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-64" />
        <div className="space-y-3 pt-6">
          {LINE_KEYS.map((key) => (
            <Skeleton key={key} className="h-4 w-full" />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
