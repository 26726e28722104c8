// Cities offered by the price trend chooser: those with a price for this material, grouped by
// country in the cities list's order. Default: Johannesburg when present, else the first one.
import type { City, MaterialPriceRow } from "@/api/client";

export type CityOption = { slug: string; name: string; countryName: string };
export type CityGroup = { countryName: string; cities: CityOption[] };

export const PREFERRED_CITY = "johannesburg";

export function cityOptions(cities: readonly City[] | undefined, rows: readonly MaterialPriceRow[]): CityOption[] {
  const priced = new Map(rows.map((row) => [row.city.slug, row.city]));
  const options: CityOption[] = [];
  for (const city of cities ?? []) {
    if (!priced.has(city.slug)) continue;
    options.push({ slug: city.slug, name: city.name, countryName: city.country.name });
    priced.delete(city.slug);
  }
  // Cities the list does not know yet (or no list at all): keep them choosable.
  for (const city of priced.values()) {
    options.push({ slug: city.slug, name: city.name, countryName: city.country.name });
  }
  return options;
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
