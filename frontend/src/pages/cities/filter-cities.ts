import type { City } from "@/api/client";

/** What filtering reads of a city: the list's items carry more (their copper price). */
type Filtered = Pick<City, "name" | "country">;

export type CityFilter = {
  /** Free text matched, case-insensitively, against the city name or the country name. */
  search: string;
  /** A country code ("ZA"), or null for all countries. */
  country: string | null;
};

export type CountryOption = { code: string; name: string; total: number };
export type CountryGroup<T extends Filtered = City> = CountryOption & { cities: T[] };

/** Cities matching both the search text and the chosen country (SPEC §4: both must match). */
export function filterCities<T extends Filtered>(cities: readonly T[], { search, country }: CityFilter): T[] {
  const needle = search.trim().toLowerCase();
  const code = country?.toUpperCase() ?? null;
  return cities.filter(
    (city) =>
      (code === null || city.country.code.toUpperCase() === code) &&
      (needle === "" || city.name.toLowerCase().includes(needle) || city.country.name.toLowerCase().includes(needle)),
  );
}

/** Every country present, in the order the API lists its cities, with its city total. */
export function countriesOf(cities: readonly Filtered[]): CountryOption[] {
  const byCode = new Map<string, CountryOption>();
  for (const city of cities) {
    const known = byCode.get(city.country.code);
    if (known) known.total += 1;
    else byCode.set(city.country.code, { code: city.country.code, name: city.country.name, total: 1 });
  }
  return [...byCode.values()];
}

/** Filtered cities grouped by country; countries with no match are left out. */
export function groupByCountry<T extends Filtered>(
  filtered: readonly T[],
  countries: readonly CountryOption[],
): CountryGroup<T>[] {
  return countries
    .map((country) => ({ ...country, cities: filtered.filter((city) => city.country.code === country.code) }))
    .filter((group) => group.cities.length > 0);
}
