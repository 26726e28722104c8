import { useQuery } from "@tanstack/react-query";
import { Fragment, useCallback, useMemo } from "react";
import { materialQueries, priceQueries } from "@/api/queries";
import { useSearchText } from "@/components/search/use-search-text";
import { AdSlot } from "@/components/ui/ad-slot";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatCount } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { useUrlState } from "@/lib/url-state";
import { useUnitFor } from "@/lib/use-unit";
import { CategorySection, MaterialGridSkeleton } from "./category-group";
import { categoriesOf, filterMaterials, groupByCategory } from "./filter-materials";
import { LocalCityChooser, useLocalPrices } from "./local-prices";
import { MaterialFilters } from "./material-filters";
import { MATERIALS_DEFAULTS, readMaterialsState } from "./material-params";

function useSummaries() {
  const query = useQuery(priceQueries.summary());
  const byMaterial = useMemo(() => new Map((query.data ?? []).map((row) => [row.materialId, row])), [query.data]);
  return { ...query, byMaterial };
}

export function Component() {
  usePageMeta(pageText("materials"));
  const unitFor = useUnitFor();
  const { data: materials, error, isPending, refetch } = useQuery(materialQueries.list());
  const summaries = useSummaries();
  const local = useLocalPrices();
  const { state, update } = useUrlState(readMaterialsState, MATERIALS_DEFAULTS);
  // The box filters as you type; the URL gets the text once typing pauses.
  const commitSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const [search, setSearch] = useSearchText(state.q, commitSearch);

  const categories = useMemo(() => categoriesOf(materials ?? []), [materials]);
  // A category the list does not have (an old or mistyped link) shows all categories.
  const category = categories.find((option) => option.category.toLowerCase() === state.category)?.category ?? null;
  const filtered = useMemo(() => filterMaterials(materials ?? [], { search, category }), [materials, search, category]);
  const groups = useMemo(() => groupByCategory(filtered, categories), [filtered, categories]);

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("materials")}</h1>
          {materials && (
            <p className="text-slate-600">
              {formatCount(materials.length)} materials in {formatCount(categories.length)} categories.
            </p>
          )}
          <p className="text-sm text-slate-600">
            Your city's prices first, in its currency; averages and ranges are in US dollars (USD), across all tracked
            cities.
          </p>
        </div>
        <UnitToggle />
      </header>
      <AdSlot id="materials-ad-1" />
      {isPending ? (
        <LoadingRegion label="Loading materials">
          <MaterialGridSkeleton />
        </LoadingRegion>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <MaterialFilters
            search={search}
            onSearch={setSearch}
            categories={categories}
            category={category}
            onCategory={(name) => update({ category: name?.toLowerCase() ?? "" })}
          />
          <LocalCityChooser local={local} />
          <p aria-live="polite" className="text-sm text-slate-600">
            Showing {formatCount(filtered.length)} of {formatCount(materials.length)} materials
          </p>
          {summaries.error && (
            <ErrorState
              title="Prices could not be loaded"
              error={summaries.error}
              onRetry={() => summaries.refetch()}
            />
          )}
          {groups.length === 0 ? (
            <>
              <EmptyState title="No materials found" hint="Try adjusting your search terms or filters" />
              <AdSlot id="materials-ad-2" />
            </>
          ) : (
            <div className="space-y-10">
              {groups.map((group, index) => (
                <Fragment key={group.category}>
                  <CategorySection
                    group={group}
                    summaries={summaries.byMaterial}
                    summaryStatus={summaries.status}
                    unitFor={unitFor}
                    local={local}
                  />
                  {index === 0 && <AdSlot id="materials-ad-2" />}
                </Fragment>
              ))}
            </div>
          )}
        </>
      )}
      <AdSlot id="materials-ad-3" />
    </div>
  );
}
