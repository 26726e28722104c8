import { useQuery } from "@tanstack/react-query";
import { Fragment, useCallback, useMemo } from "react";
import { cityQueries } from "@/api/queries";
import { useSearchText } from "@/components/search/use-search-text";
import { AdSlot } from "@/components/ui/ad-slot";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { UnitToggle } from "@/components/ui/unit-toggle";
import { formatCount } from "@/lib/format";
import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { useUrlState } from "@/lib/url-state";
import { useUnit } from "@/lib/use-unit";
import { CityFilters } from "./city-filters";
import { CITIES_DEFAULTS, readCitiesState } from "./city-params";
import { CityGridSkeleton, CountrySection } from "./country-group";
import { countriesOf, filterCities, groupByCountry } from "./filter-cities";

export function Component() {
  usePageMeta(pageText("cities"));
  const [unit] = useUnit();
  const { data: cities, error, isPending, refetch } = useQuery(cityQueries.list());
  const { state, update } = useUrlState(readCitiesState, CITIES_DEFAULTS);
  // The box filters as you type; the URL gets the text once typing pauses.
  const commitSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const [search, setSearch] = useSearchText(state.q, commitSearch);

  const countries = useMemo(() => countriesOf(cities ?? []), [cities]);
  // A country the list does not have (an old or mistyped link) shows all countries.
  const country = countries.find((option) => option.code.toLowerCase() === state.country)?.code ?? null;
  const filtered = useMemo(() => filterCities(cities ?? [], { search, country }), [cities, search, country]);
  const groups = useMemo(() => groupByCountry(filtered, countries), [filtered, countries]);

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageHeading("cities")}</h1>
          {cities && (
            <p className="text-slate-600">
              Scrap metal prices and scrap yards in {formatCount(cities.length)} cities across{" "}
              {formatCount(countries.length)} countries. Each city shows its #1 Copper price, in its own currency.
            </p>
          )}
        </div>
        <UnitToggle />
      </header>
      <AdSlot id="cities-ad-1" />
      {isPending ? (
        <LoadingRegion label="Loading cities">
          <CityGridSkeleton />
        </LoadingRegion>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <CityFilters
            search={search}
            onSearch={setSearch}
            countries={countries}
            country={country}
            onCountry={(code) => update({ country: code?.toLowerCase() ?? "" })}
          />
          <p aria-live="polite" className="text-sm text-slate-600">
            Showing {formatCount(filtered.length)} of {formatCount(cities.length)} cities
          </p>
          {groups.length === 0 ? (
            <>
              <EmptyState title="No cities found" hint="Try adjusting your search terms or filters" />
              <AdSlot id="cities-ad-2" />
            </>
          ) : (
            <div className="space-y-10">
              {groups.map((group, index) => (
                <Fragment key={group.code}>
                  <CountrySection group={group} unit={unit} />
                  {index === 0 && <AdSlot id="cities-ad-2" />}
                </Fragment>
              ))}
            </div>
          )}
        </>
      )}
      <AdSlot id="cities-ad-3" />
    </div>
  );
}
