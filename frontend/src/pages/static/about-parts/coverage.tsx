import { useQuery } from "@tanstack/react-query";
import { Building2, MapPin } from "lucide-react";
import type { Country } from "@/api/client";
import { countryQueries } from "@/api/queries";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { QueryState } from "@/components/ui/page-states";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { currencySymbol, formatCount } from "@/lib/format";

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function CountryCard({ country }: { country: Country }) {
  return (
    <li>
      <Card className="h-full p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900">{country.name}</h3>
          <Badge tone="brand" title={`Prices in ${country.currency}`}>
            {country.currency}
            <span aria-hidden="true"> · {currencySymbol(country.currency).trim()}</span>
          </Badge>
        </div>
        <dl className="mt-3 space-y-1 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <dt className="sr-only">Cities</dt>
            <dd>{plural(country.cityCount, "city", "cities")}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Building2 aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <dt className="sr-only">Scrap yards</dt>
            <dd>{plural(country.yardCount, "scrap yard", "scrap yards")}</dd>
          </div>
        </dl>
      </Card>
    </li>
  );
}

function CoverageSkeleton() {
  return (
    <LoadingRegion label="Loading coverage">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** Countries, currencies and city/yard counts, all as the API reports them. */
export function Coverage() {
  const query = useQuery(countryQueries.list());
  return (
    <QueryState query={query} loading={<CoverageSkeleton />}>
      {(countries) => <CoverageFigures countries={countries} />}
    </QueryState>
  );
}

function CoverageFigures({ countries }: { countries: readonly Country[] }) {
  const cities = countries.reduce((sum, country) => sum + country.cityCount, 0);
  const yards = countries.reduce((sum, country) => sum + country.yardCount, 0);
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        {plural(cities, "city", "cities")} and {plural(yards, "scrap yard", "scrap yards")} in{" "}
        {plural(countries.length, "country", "countries")}, each priced in its local currency.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {countries.map((country) => (
          <CountryCard key={country.code} country={country} />
        ))}
      </ul>
    </div>
  );
}
