// Cities offered by the price trend chooser: those with a price for this material
// (/api/materials/{slug}/markets/cities), grouped by country, countries and their cities in
// alphabetical order. Default: Johannesburg when present, else the first one.
import type { CityRef } from "@/api/client";

export type CityOption = { slug: string; name: string; countryName: string };
export type CityGroup = { countryName: string; cities: CityOption[] };

export const PREFERRED_CITY = "johannesburg";

const alphabetical = new Intl.Collator("en", { sensitivity: "base" });

export function cityOptions(cities: readonly CityRef[]): CityOption[] {
  const priced = new Map(cities.map((city) => [city.slug, city]));
  return [...priced.values()]
    .map((city) => ({ slug: city.slug, name: city.name, countryName: city.country.name }))
    .sort((a, b) => alphabetical.compare(a.countryName, b.countryName) || alphabetical.compare(a.name, b.name));
}

export function groupByCountry(options: readonly CityOption[]): CityGroup[] {
  const groups = new Map<string, CityOption[]>();
  for (const option of options) {
    const group = groups.get(option.countryName);
    if (group) group.push(option);
    else groups.set(option.countryName, [option]);
  }
  return [...groups].map(([countryName, cities]) => ({ countryName, cities }));
}

export function defaultCitySlug(options: readonly CityOption[]): string | null {
  if (options.some((option) => option.slug === PREFERRED_CITY)) return PREFERRED_CITY;
  return options[0]?.slug ?? null;
}
