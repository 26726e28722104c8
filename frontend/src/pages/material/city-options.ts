// Cities offered by the price trend chooser: those with a price for this material
// (/api/materials/{slug}/markets/cities), grouped by country, countries and their cities in
// alphabetical order. Which one the chart opens on is the visitor's city (lib/visitor-place).
import type { CityRef } from "@/api/client";

export type CityOption = { slug: string; name: string; countryName: string; country: { code: string } };
export type CityGroup = { countryName: string; cities: CityOption[] };

const alphabetical = new Intl.Collator("en", { sensitivity: "base" });

export function cityOptions(cities: readonly CityRef[]): CityOption[] {
  const priced = new Map(cities.map((city) => [city.slug, city]));
  return [...priced.values()]
    .map((city) => ({
      slug: city.slug,
      name: city.name,
      countryName: city.country.name,
      country: { code: city.country.code },
    }))
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
