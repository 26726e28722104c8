import { Badge } from "@/components/ui/badge";
import { formatCount, type Unit } from "@/lib/format";
import { CityCard, CityCardSkeleton, type ListedCity } from "./city-card";
import type { CountryGroup } from "./filter-cities";

const GRID = "grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3 xl:grid-cols-4";
const SKELETON_KEYS = Array.from({ length: 12 }, (_, n) => `city-skeleton-${n}`);

function CityGrid({ cities, unit }: { cities: readonly ListedCity[]; unit: Unit }) {
  return (
    <ul className={GRID}>
      {cities.map((city) => (
        <li key={city.id}>
          <CityCard city={city} unit={unit} />
        </li>
      ))}
    </ul>
  );
}

/** One country's matching cities, with how many of its cities are shown. */
export function CountrySection({ group, unit }: { group: CountryGroup<ListedCity>; unit: Unit }) {
  const headingId = `country-${group.code.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {group.name}
        </h2>
        <Badge tone="brand">
          {formatCount(group.cities.length)} of {formatCount(group.total)} {group.total === 1 ? "city" : "cities"}
        </Badge>
      </div>
      <CityGrid cities={group.cities} unit={unit} />
    </section>
  );
}

/** SPEC §9: 12 skeleton cards while the city list loads. */
export function CityGridSkeleton() {
  return (
    <div className={GRID}>
      {SKELETON_KEYS.map((key) => (
        <CityCardSkeleton key={key} />
      ))}
    </div>
  );
}
