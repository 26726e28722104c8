import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { ApiError, type YardDetail } from "@/api/client";
import { yardQueries } from "@/api/queries";
import { AdSlot } from "@/components/ui/ad-slot";
import { ErrorState, NotFoundState } from "@/components/ui/page-states";
import { trackEvent } from "@/lib/analytics";
import { type PageMeta, usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { CityPricesCard } from "./city-prices-card";
import { ClaimCard } from "./claim-card";
import { ContactCard } from "./contact-card";
import { LicenceBadge } from "./licence-badge";
import { ListingHelpCard } from "./listing-help-card";
import { OsmAttribution } from "./osm-attribution";
import { parseYardId } from "./paths";
import { PostedBoardCard } from "./posted-board-card";
import { ServicesCard } from "./services-card";
import { HoursCard, QuickActionsCard } from "./side-cards";
import { VisitCard } from "./visit-card";
import { YardHeader } from "./yard-header";
import { YardLocation } from "./yard-location";
import { YardNotices } from "./yard-notices";
import { YardSkeleton } from "./yard-skeleton";

const NOT_FOUND = { title: "Scrap Yard Not Found", message: "The requested scrap yard could not be found" };

function pageMeta(yard: YardDetail | undefined, notFound: boolean): PageMeta {
  if (notFound) return pageText("yardNotFound");
  if (!yard) return pageText("loading");
  const { name, address, city } = yard;
  return pageText("yard", { yard: name, city: city.name, country: city.country.name, address });
}

/** SPEC §7: "view_scrap_yard" once per yard shown. */
function useViewEvent(yard: YardDetail | undefined) {
  const tracked = useRef<number | null>(null);
  useEffect(() => {
    if (!yard || tracked.current === yard.id) return;
    tracked.current = yard.id;
    trackEvent({ action: "view_scrap_yard", category: "scrap_yards", label: `${yard.city.name} - ${yard.name}` });
  }, [yard]);
}

export function Component() {
  const { yardId } = useParams();
  const id = parseYardId(yardId);
  const query = useQuery({ ...yardQueries.detail(id ?? 0), enabled: id !== null });
  const yard = query.data;
  const notFound = id === null || (query.error instanceof ApiError && query.error.isNotFound);
  usePageMeta(pageMeta(yard, notFound));
  useViewEvent(yard);

  if (notFound) {
    return (
      <NotFoundState
        title={NOT_FOUND.title}
        message={NOT_FOUND.message}
        linkTo="/scrap-yards"
        linkLabel="Browse All Scrap Yards"
      />
    );
  }
  if (query.isError) {
    return (
      <>
        <h1 className="sr-only">Scrap Yard</h1>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  if (!yard) return <YardSkeleton />;
  return <YardPage yard={yard} />;
}

function YardPage({ yard }: { yard: YardDetail }) {
  return (
    <div className="space-y-6">
      <YardHeader yard={yard} />
      <LicenceBadge licence={yard.licence} />
      <YardNotices yard={yard} />
      <OsmAttribution yard={yard} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <PostedBoardCard
            yardName={yard.name}
            currency={yard.city.country.currency}
            board={yard.postedBoard}
            lastPostedOn={yard.lastPostedOn}
          />
          <ServicesCard services={yard.services} />
          <VisitCard
            acceptedMaterials={yard.acceptedMaterials}
            paymentMethods={yard.paymentMethods}
            visitNotes={yard.visitNotes}
          />
          <CityPricesCard city={yard.city} />
          <YardLocation yard={yard} />
        </div>
        <aside aria-label="Contact and hours" className="space-y-6">
          <ContactCard yard={yard} />
          <HoursCard yard={yard} />
          <QuickActionsCard yard={yard} />
          <ListingHelpCard yard={yard} />
          <ClaimCard yard={yard} claimed={yard.claimed} />
          <AdSlot id="yard-ad-1" />
        </aside>
      </div>
    </div>
  );
}
