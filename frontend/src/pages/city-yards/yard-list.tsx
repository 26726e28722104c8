import type { Ref } from "react";
import type { Yard } from "@/api/client";
import { EmptyState } from "@/components/ui/page-states";
import { neighbourPages, Pagination } from "@/components/ui/pagination";
import { LoadingRegion } from "@/components/ui/skeleton";
import { YardCardsSkeleton } from "@/components/yards/city-yards-skeleton";
import { YardItem } from "./yard-item";

export function YardListSkeleton() {
  return (
    <LoadingRegion label="Loading scrap yards">
      <YardCardsSkeleton />
    </LoadingRegion>
  );
}

type Props = {
  cityName: string;
  yards: readonly Yard[];
  /** The search text, for the empty state's hint. */
  query: string;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** A newer page is on its way; the list shown is the previous one. */
  stale: boolean;
};

export function YardList({ cityName, yards, query, page, pages, onPageChange, stale }: Props) {
  return (
    <div className="space-y-6">
      {yards.length === 0 ? (
        <EmptyState
          title={`No scrap yards found in ${cityName}`}
          hint={query.trim() ? "No yard in this city matches your search. Try other words." : undefined}
        />
      ) : (
        <ul aria-busy={stale} className={`space-y-4 transition-opacity ${stale ? "opacity-60" : ""}`}>
          {yards.map((yard) => (
            <YardItem key={yard.id} yard={yard} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pages}
        items={neighbourPages(page, pages)}
        onPageChange={onPageChange}
        label="Scrap yard pages"
      />
    </div>
  );
}

/** The list's heading; focus and scrolling land here when the page changes. */
export function ListHeading({ id, ref }: { id: string; ref: Ref<HTMLHeadingElement> }) {
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="scroll-mt-20 text-xl font-semibold text-slate-900 outline-none">
      All Scrap Yards
    </h2>
  );
}
