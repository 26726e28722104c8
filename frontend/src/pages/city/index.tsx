import { usePrefetchQuery, useQuery } from "@tanstack/react-query";
import { type ComponentType, Suspense } from "react";
import { useParams } from "react-router";
import { ApiError, type City } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { AlertButton } from "@/components/alerts/alert-button";
import { CityNotFound } from "@/components/places/city-not-found";
import { ReportPriceButton } from "@/components/reports/report-price-button";
import { AdSlot } from "@/components/ui/ad-slot";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { ErrorState } from "@/components/ui/page-states";
import { type PageMeta, usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { LastUpdated } from "./last-updated";
import { LegalPanel } from "./legal-panel";
import { OverviewStrip } from "./overview-strip";
import { CityPageSkeleton } from "./page-skeleton";
import { PostedPricesCard } from "./posted-prices-card";
import { PriceTable } from "./price-table";
import { SellerChecklistCard } from "./seller-checklist";
import { MarketInsightCard, OtherCitiesCard, QuickLinksCard } from "./sidebar-cards";
import { NearbyYards, TOP_YARDS } from "./top-yards";

function pageMeta(city: City | undefined): PageMeta {
  if (!city) return pageText("loading");
  const { name, country } = city;
  return pageText("city", { city: name, country: country.name, currency: country.currency });
}

/**
 * /{country}/{slug} names a city or, failing that, a region of the country (/us/california):
 * the router passes the page to hand over to (content/routes.json's "region" of this route).
 */
export function Component({ regionPage: RegionPage }: { regionPage?: ComponentType }) {
  const { countryCode = "", citySlug = "" } = useParams();
  const cityQuery = useQuery(cityQueries.detail(citySlug));
  // Start the page's other requests alongside the city's, not after it.
  usePrefetchQuery(cityQueries.prices(citySlug));
  usePrefetchQuery(cityQueries.overview(citySlug));
  usePrefetchQuery(cityQueries.yards(citySlug, { limit: TOP_YARDS }));

  const city = cityQuery.data;
  const wrongCountry = city !== undefined && city.country.code.toLowerCase() !== countryCode.toLowerCase();
  const notFound = wrongCountry || (cityQuery.error instanceof ApiError && cityQuery.error.isNotFound);
  // A missing city hands the route to the region page, which sets the head (or "City Not Found").
  usePageMeta(notFound ? null : pageMeta(city));

  if (notFound && RegionPage) {
    return (
      <Suspense fallback={<CityPageSkeleton />}>
        <RegionPage />
      </Suspense>
    );
  }
  if (notFound) return <CityNotFound />;
  if (cityQuery.isError) {
    return (
      <>
        <h1 className="sr-only">Scrap Metal Prices</h1>
        <ErrorState error={cityQuery.error} onRetry={() => cityQuery.refetch()} />
      </>
    );
  }
  if (!city) return <CityPageSkeleton />;
  return <CityPrices city={city} />;
}

function CityPrices({ city }: { city: City }) {
  return (
    <div className="space-y-6">
      <header>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: city.country.name }, { label: city.name }]} />
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{city.name} Scrap Metal Prices</h1>
        <LastUpdated citySlug={city.slug} timeZone={city.timeZone} />
        <div className="mt-3 flex flex-wrap gap-2">
          <ReportPriceButton city={city} />
          <AlertButton city={city} />
        </div>
      </header>
      <OverviewStrip citySlug={city.slug} />
      <AdSlot id="city-ad-1" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PriceTable citySlug={city.slug} cityName={city.name} />
          <PostedPricesCard city={city} />
          <NearbyYards city={city} />
        </div>
        <aside aria-label="More about this market" className="space-y-6">
          <OtherCitiesCard city={city} />
          <QuickLinksCard city={city} />
          <MarketInsightCard city={city} />
          <AdSlot id="city-ad-2" />
        </aside>
      </div>
      <SellerChecklistCard
        countryCode={city.country.code}
        countryName={city.country.name}
        regionSlug={city.region?.slug}
      />
      <LegalPanel countryCode={city.country.code} countryName={city.country.name} cityName={city.name} />
      <AdSlot id="city-ad-3" />
    </div>
  );
}
