import { usePrefetchQuery, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ApiError, type Region } from "@/api/client";
import { countryQueries, regionQueries } from "@/api/queries";
import { CityNotFound } from "@/components/places/city-not-found";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { ErrorState } from "@/components/ui/page-states";
import { formatCount } from "@/lib/format";
import { type PageMeta, usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { RegionCitiesCard } from "./region-cities";
import { RegionPriceTable } from "./region-price-table";
import { RegionSellerNotes } from "./region-seller-notes";
import { RegionPageSkeleton } from "./region-skeleton";
import { RegionStats } from "./region-stats";

// A region (state, province) of a country: /us/california. The city page renders this page when
// /{country}/{slug} names no city, so the params are the city page's: `citySlug` is the region slug.

const cityCount = (count: number) => `${formatCount(count)} ${count === 1 ? "city" : "cities"}`;

function regionMeta(region: Region | undefined, notFound: boolean): PageMeta {
  // /{country}/{slug} that is neither a city nor a region: the city page's not-found texts (SPEC §8).
  if (notFound) return pageText("cityNotFound");
  if (!region) return pageText("loading");
  const { name, country, cities } = region;
  return pageText("region", { region: name, country: country.name, cityCount: String(cities.length) });
}

export function Component() {
  const { countryCode = "", citySlug: regionSlug = "" } = useParams();
  const query = useQuery(regionQueries.detail(countryCode, regionSlug));
  usePrefetchQuery(regionQueries.prices(countryCode, regionSlug));
  usePrefetchQuery(countryQueries.sellerChecklist(countryCode));
  const notFound = query.error instanceof ApiError && query.error.isNotFound;
  usePageMeta(regionMeta(query.data, notFound));

  if (notFound) return <CityNotFound />;
  if (query.isError) {
    return (
      <>
        <h1 className="sr-only">Scrap Metal Prices</h1>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  if (!query.data) return <RegionPageSkeleton />;
  return <RegionPrices region={query.data} />;
}

function RegionPrices({ region }: { region: Region }) {
  const currencies = [...new Set(region.cities.map((city) => city.country.currency))];
  return (
    <div className="space-y-6">
      <header>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: region.country.name }, { label: region.name }]} />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{region.name} Scrap Metal Prices</h1>
        <p className="mt-2 text-slate-700">
          Prices are the average of the latest prices across its {cityCount(region.cities.length)}
          {currencies.length > 0 && `, in ${currencies.join(" and ")}`}.
        </p>
      </header>
      <RegionStats region={region} />
      <div className="grid gap-6 lg:grid-cols-3">
        {/* The cities come first on a phone, where the table is long; beside it on a wide screen. */}
        <aside aria-label={`Cities in ${region.name}`} className="lg:order-last">
          <RegionCitiesCard region={region} />
        </aside>
        <div className="min-w-0 lg:col-span-2">
          <RegionPriceTable region={region} />
        </div>
      </div>
      <RegionSellerNotes region={region} />
    </div>
  );
}
