import type { YardPage } from "@/api/client";
import { EmptyState } from "@/components/ui/page-states";
import { Pagination, windowPages } from "@/components/ui/pagination";
import { LoadingRegion } from "@/components/ui/skeleton";
import { DataCredits } from "@/components/yards/data-credits";
import { formatCount } from "@/lib/format";
import { YardCard, YardCardSkeleton } from "./yard-card";

/** SPEC §9: nine skeleton cards while the directory loads. */
export const SKELETON_CARDS = 9;
const SKELETON_KEYS = Array.from({ length: SKELETON_CARDS }, (_, n) => `yard-skeleton-${n}`);

const GRID = "grid gap-4 md:grid-cols-2 lg:grid-cols-3";

export function YardListSkeleton() {
  return (
    <LoadingRegion label="Loading scrap yards">
      <div className={GRID}>
        {SKELETON_KEYS.map((key) => (
          <YardCardSkeleton key={key} />
        ))}
      </div>
    </LoadingRegion>
  );
}

type Props = {
  result: YardPage;
  /** True while the next filters' answer is on its way and the last one is still shown. */
  stale: boolean;
  onPageChange: (page: number) => void;
};

/** The cards of one page, then "Page X of Y" and the page numbers (SPEC §2). */
export function YardList({ result, stale, onPageChange }: Props) {
  const { page, pages } = result.pagination;
  if (result.data.length === 0) {
    return <EmptyState title="No scrap yards found" hint="Try adjusting your search criteria" />;
  }
  return (
    <div className={`space-y-6 transition-opacity ${stale ? "opacity-60" : ""}`} aria-busy={stale}>
      <h2 className="sr-only">Scrap yards</h2>
      <ul className={GRID}>
        {result.data.map((yard) => (
          <li key={yard.id}>
            <YardCard yard={yard} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-slate-600">
          Page {formatCount(page)} of {formatCount(pages)}
        </p>
        <Pagination
          page={page}
          pages={pages}
          items={windowPages(page, pages)}
          onPageChange={onPageChange}
          label="Scrap yard pages"
        />
        <DataCredits credits={result.attributions} />
      </div>
    </div>
  );
}
