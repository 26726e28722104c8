import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef } from "react";
import { useParams } from "react-router";
import { ApiError, type City } from "@/api/client";
import { cityQueries, previousPageOf } from "@/api/queries";
import { CityNotFound } from "@/components/places/city-not-found";
import { useSearchText } from "@/components/search/use-search-text";
import { AdSlot } from "@/components/ui/ad-slot";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { ErrorState } from "@/components/ui/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { CityYardsSkeleton, SidebarSkeleton } from "@/components/yards/city-yards-skeleton";
import { DataCredits } from "@/components/yards/data-credits";
import { NearMeCard } from "@/components/yards/near-me";
import { formatCount } from "@/lib/format";
import { type PageMeta, usePageMeta } from "@/lib/page-meta";
import { pageText, withPageSuffix } from "@/lib/page-texts";
import { cityPath } from "@/lib/paths";
import { averageRating, countOpen } from "./filter-yards";
import { QuickStatsCard } from "./quick-stats-card";
import { SearchFilterCard } from "./search-filter-card";
import { ListHeading, YardList, YardListSkeleton } from "./yard-list";
import { YardMapCard } from "./yard-map-card";
import { useYardParams, yardQuery } from "./yard-params";

function pageMeta(city: City | undefined, notFound: boolean, page: number): PageMeta {
  if (notFound) return pageText("cityNotFound");
  if (!city) return pageText("loading");
  return withPageSuffix(pageText("cityYards", { city: city.name, country: city.country.name }), page);
}

export function Component() {
  const { countryCode = "", citySlug = "" } = useParams();
  const { page } = useYardParams();
  const cityQuery = useQuery(cityQueries.detail(citySlug));
  const city = cityQuery.data;
  const wrongCountry = city !== undefined && city.country.code.toLowerCase() !== countryCode.toLowerCase();
  const notFound = wrongCountry || (cityQuery.error instanceof ApiError && cityQuery.error.isNotFound);
  usePageMeta(pageMeta(city, notFound, page));

  if (notFound) return <CityNotFound />;
  if (cityQuery.isError) {
    return (
      <>
        <h1 className="sr-only">Scrap Yards</h1>
        <ErrorState error={cityQuery.error} onRetry={() => cityQuery.refetch()} />
      </>
    );
  }
  if (!city) return <CityYardsSkeleton />;
  return <CityYards city={city} />;
}

/** The page's yards from the server (search, status, sort, page), the previous page kept while the next loads. */
function useCityYards(citySlug: string) {
  const { page, status, sort, q } = useYardParams();
  const options = cityQueries.yards(citySlug, yardQuery({ page, status, sort, q }));
  return useQuery({
    ...options,
    placeholderData: previousPageOf(options.queryKey[0]),
  });
}

function scrollToList(heading: HTMLHeadingElement | null) {
  if (!heading) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

function CityYards({ city }: { city: City }) {
  const params = useYardParams();
  const { page, status, sort, q, setPage, setQuery } = params;
  const [text, setText] = useSearchText(
    q,
    useCallback((next: string) => setQuery(next), [setQuery]),
  );
  const query = useCityYards(city.slug);
  const pageYards = query.data?.data;
  const pagination = query.data?.pagination;
  const unfilteredTotal = query.data?.unfilteredTotal ?? 0;
  const shown = pageYards ?? [];
  const stats = useMemo(
    () => ({ average: averageRating(pageYards ?? []), open: countOpen(pageYards ?? []) }),
    [pageYards],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // A page past the end (an old link, or fewer yards after a status change) starts again at 1.
  const pastTheEnd =
    pagination !== undefined && !query.isPlaceholderData && pagination.total > 0 && page > pagination.pages;
  useEffect(() => {
    if (pastTheEnd) setPage(1, true);
  }, [pastTheEnd, setPage]);

  const changePage = (next: number) => {
    setPage(next);
    scrollToList(heading.current);
  };

  return (
    <div className="space-y-6">
      <header>
        <Breadcrumbs
          items={[{ label: "Home", to: "/" }, { label: city.name, to: cityPath(city) }, { label: "Scrap Yards" }]}
        />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Scrap Yards in {city.name}</h1>
        {pagination ? (
          <p aria-live="polite" className="mt-2 text-slate-700">
            Showing {formatCount(pagination.total)} of {formatCount(unfilteredTotal)} scrap yards
          </p>
        ) : (
          query.isPending && <Skeleton className="mt-3 h-4 w-48" />
        )}
      </header>
      <AdSlot id="city-yards-ad-1" />
      <SearchFilterCard
        query={text}
        onQuery={setText}
        status={status}
        onStatus={params.setStatus}
        sort={sort}
        onSort={params.setSort}
        results={pagination?.total}
      />
      <NearMeCard city={city} />
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby={headingId} className="min-w-0 space-y-4 lg:col-span-2">
          <ListHeading id={headingId} ref={heading} />
          {query.isPending ? (
            <YardListSkeleton />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => query.refetch()} />
          ) : (
            <YardList
              cityName={city.name}
              yards={shown}
              query={q}
              page={page}
              pages={query.data.pagination.pages}
              onPageChange={changePage}
              stale={query.isPlaceholderData}
            />
          )}
          <DataCredits credits={query.data?.attributions} />
        </section>
        <aside aria-label="Map and quick stats" className="space-y-6">
          {query.isPending ? (
            <SidebarSkeleton />
          ) : (
            pagination && (
              <>
                <YardMapCard city={city} yards={shown} />
                <QuickStatsCard
                  city={city}
                  total={unfilteredTotal}
                  averageRating={stats.average}
                  openNow={stats.open}
                />
              </>
            )
          )}
          <AdSlot id="city-yards-ad-2" />
        </aside>
      </div>
      <AdSlot id="city-yards-ad-3" />
    </div>
  );
}
