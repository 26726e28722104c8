import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { ApiError, type Material } from "@/api/client";
import { materialQueries } from "@/api/queries";
import { AdSlot } from "@/components/ui/ad-slot";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { ErrorState, NotFoundState } from "@/components/ui/page-states";
import { LoadingRegion } from "@/components/ui/skeleton";
import { usePageMeta } from "@/lib/page-meta";
import { pageText, withPageSuffix } from "@/lib/page-texts";
import { useUnitFor } from "@/lib/use-unit";
import { AllMarketsTable } from "./all-markets-table";
import { readMarketState } from "./market-sort";
import { HeroStats, MaterialHero, MaterialHeroSkeleton } from "./material-hero";
import { PriceCards, PriceCardsSkeleton } from "./price-cards";
import { PriceTrends } from "./price-trends";
import { TopMarkets, TopMarketsSkeleton } from "./top-markets";

function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(" ");
}

/** The title names the All Markets page past the first, as the server's does (?page=2). */
function useMaterialMeta(material: Material | undefined, notFound: boolean) {
  const [params] = useSearchParams();
  const { page } = readMarketState(params);
  usePageMeta(
    notFound
      ? pageText("materialNotFound")
      : material
        ? withPageSuffix(pageText("material", { material: material.name, category: material.category }), page)
        : pageText("loading"),
  );
}

export function Component() {
  const { materialSlug = "" } = useParams();
  const unitFor = useUnitFor();
  const material = useQuery(materialQueries.detail(materialSlug));
  // Prices show in the material's own unit (per troy oz for silver, per piece for a catalytic
  // converter), known once the material is.
  const saleUnit = material.data?.saleUnit;
  const unit = saleUnit && unitFor(saleUnit);
  const summary = useQuery(materialQueries.marketSummary(materialSlug));
  const stats = summary.data;
  const notFound = material.error instanceof ApiError && material.error.isNotFound;
  useMaterialMeta(material.data, notFound);

  if (notFound) {
    return (
      <NotFoundState
        title="Material Not Found"
        message="The requested scrap metal material could not be found."
        linkTo="/scrap-metal-prices"
        linkLabel="Browse All Materials"
      />
    );
  }
  if (material.isError) {
    return <ErrorState error={material.error} onRetry={() => material.refetch()} />;
  }

  return (
    <div className="space-y-6">
      {material.data ? (
        <>
          <Breadcrumbs
            items={[
              { label: "Home", to: "/" },
              { label: "Scrap Metal Prices", to: "/scrap-metal-prices" },
              { label: material.data.name },
            ]}
          />
          <MaterialHero material={material.data}>
            {!summary.isError && unit && <HeroStats stats={stats} unit={unit} />}
          </MaterialHero>
        </>
      ) : (
        <LoadingRegion label="Loading material">
          <MaterialHeroSkeleton />
        </LoadingRegion>
      )}
      <AdSlot id="material-ad-1" />
      {summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} />
      ) : stats && unit ? (
        <PriceCards stats={stats} unit={unit} />
      ) : (
        <LoadingRegion label="Loading prices">
          <PriceCardsSkeleton />
        </LoadingRegion>
      )}
      <PriceTrends
        materialSlug={materialSlug}
        materialName={material.data?.name ?? titleFromSlug(materialSlug)}
        materialLoaded={material.isSuccess}
        saleUnit={saleUnit}
      />
      <AdSlot id="material-ad-2" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          {summary.isError ? null : stats && unit ? (
            <TopMarkets top={stats.top} unit={unit} />
          ) : (
            <LoadingRegion label="Loading top paying markets">
              <TopMarketsSkeleton />
            </LoadingRegion>
          )}
        </div>
        <div className="min-w-0 lg:col-span-3">
          <AllMarketsTable materialSlug={materialSlug} unit={unit} />
        </div>
      </div>
      <AdSlot id="material-ad-3" />
    </div>
  );
}
