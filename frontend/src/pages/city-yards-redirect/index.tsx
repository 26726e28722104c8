import { useQuery } from "@tanstack/react-query";
import { Navigate, useLocation, useParams } from "react-router";
import { ApiError } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { CityNotFound } from "@/components/places/city-not-found";
import { ErrorState } from "@/components/ui/page-states";
import { CityYardsSkeleton } from "@/components/yards/city-yards-skeleton";
import { usePageMeta } from "@/lib/page-meta";
import { pageText } from "@/lib/page-texts";
import { cityYardsPath } from "@/lib/paths";

/** /scrap-yards/{citySlug}: the old address of a city's yard list, sent on to /{cc}/{slug}/scrap-yards. */
export function Component() {
  const { citySlug = "" } = useParams();
  const { search } = useLocation();
  const { data: city, error, refetch } = useQuery(cityQueries.detail(citySlug));
  const notFound = error instanceof ApiError && error.isNotFound;
  // Only ever a way through to the city's yard list: not a page to index while the city loads.
  usePageMeta(notFound ? pageText("cityNotFound") : { ...pageText("loading"), noindex: true });

  if (city) return <Navigate replace to={`${cityYardsPath(city)}${search}`} />;
  if (notFound) return <CityNotFound />;
  if (error) {
    return (
      <>
        <h1 className="sr-only">Scrap Yards</h1>
        <ErrorState error={error} onRetry={() => refetch()} />
      </>
    );
  }
  return <CityYardsSkeleton />;
}
