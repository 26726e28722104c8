import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { cityQueries } from "@/api/queries";
import { Card } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { cityPath } from "@/lib/paths";
import { SectionHeader } from "./section-header";

export const FEATURED_CITY_COUNT = 6;
const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
const SKELETON_KEYS = Array.from({ length: FEATURED_CITY_COUNT }, (_, n) => `featured-city-${n}`);

function CityList() {
  const { data: cities, error, isPending, refetch } = useQuery(cityQueries.first(FEATURED_CITY_COUNT));
  if (isPending) {
    return (
      <LoadingRegion label="Loading featured cities">
        <div className={GRID}>
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} className="h-20" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (cities.length === 0) return <EmptyState title="No cities found" />;
  return (
    <ul className={GRID}>
      {cities.map((city) => (
        <li key={city.id}>
          <Link
            to={cityPath(city)}
            className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Card className="h-full p-4 transition-shadow hover:shadow-md">
              <span className="block font-semibold text-slate-900">{city.name}</span>
              <span className="block text-sm text-slate-600">{city.country.name}</span>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function FeaturedCities() {
  return (
    <section aria-labelledby="featured-cities" className="space-y-4">
      <SectionHeader id="featured-cities" title="Featured Cities" linkTo="/cities" linkLabel="View All Cities" />
      <CityList />
    </section>
  );
}
