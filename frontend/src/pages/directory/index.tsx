import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { cityQueries, countryQueries, yardQueries } from "@/api/queries";
import { useSearchText } from "@/components/search/use-search-text";
import { AdSlot } from "@/components/ui/ad-slot";
import { ErrorState } from "@/components/ui/page-states";
import { NearMeCard } from "@/components/yards/near-me";
import { usePageMeta } from "@/lib/page-meta";
import { pageText, withPageSuffix } from "@/lib/page-texts";
import { DirectoryFilters } from "./directory-filters";
import { DirectoryHero } from "./directory-hero";
import { DirectoryMap, useMapClusters } from "./directory-map";
import { toQuery, useDirectoryState } from "./directory-params";
import { cityOptions, countryOptions, withoutForeignCity } from "./filter-options";
import { MapShowingText, ShowingText } from "./showing-text";
import { ViewTabs } from "./view-tabs";
import { YardList, YardListSkeleton } from "./yard-list";

/** Country and city choices; the city list follows the chosen country (SPEC §2). */
function useFilterOptions(country: string, city: string) {
  const countries = useQuery(countryQueries.list());
  const cities = useQuery(cityQueries.list());
  return {
    cityList: cities.data,
    countries: useMemo(() => countryOptions(countries.data ?? [], country), [countries.data, country]),
    cities: useMemo(() => cityOptions(cities.data ?? [], country, city), [cities.data, country, city]),
  };
}

export function Component() {
  const { state, setFilter, setPage, setView } = useDirectoryState();
  const { page, view, ...filters } = state;
  usePageMeta(withPageSuffix(pageText("directory"), page));
  const commitText = useCallback((q: string) => setFilter({ q }, { replace: true }), [setFilter]);
  const [text, setText] = useSearchText(filters.q, commitText);
  const options = useFilterOptions(filters.country, filters.city);
  const list = useQuery({
    ...yardQueries.directory(toQuery(filters, page)),
    placeholderData: keepPreviousData,
  });
  const map = useMapClusters(filters, view === "map");
  const results = useRef<HTMLDivElement>(null);

  // SPEC §4: a page past the last one goes back to page 1.
  const outOfRange = list.data !== undefined && !list.isPlaceholderData && page > list.data.pagination.pages;
  useEffect(() => {
    if (outOfRange) setPage(1, { replace: true });
  }, [outOfRange, setPage]);

  const changePage = (next: number) => {
    setPage(next);
    results.current?.scrollIntoView?.({ block: "start" });
  };

  return (
    <div className="space-y-6">
      <DirectoryHero stats={list.data?.stats} failed={list.isError} />
      <AdSlot id="directory-ad-1" />
      <DirectoryFilters
        filters={filters}
        text={text}
        onText={setText}
        countries={options.countries}
        cities={options.cities}
        onChange={(changes) => setFilter(withoutForeignCity(changes, filters.city, options.cityList ?? []))}
      />
      <NearMeCard />
      <div ref={results} className="scroll-mt-4">
        <ViewTabs
          view={view}
          onViewChange={setView}
          summary={
            view === "map" ? (
              <MapShowingText result={list.data} inView={map.query.data?.total} />
            ) : (
              <ShowingText result={outOfRange ? undefined : list.data} />
            )
          }
          list={
            list.isPending || outOfRange ? (
              <YardListSkeleton />
            ) : list.isError ? (
              <ErrorState error={list.error} onRetry={() => list.refetch()} />
            ) : (
              <YardList result={list.data} stale={list.isPlaceholderData} onPageChange={changePage} />
            )
          }
          map={<DirectoryMap clusters={map} />}
        />
      </div>
      <AdSlot id="directory-ad-2" />
      <AdSlot id="directory-ad-3" />
    </div>
  );
}
