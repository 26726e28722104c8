import type { City, Country } from "@/api/client";

export type Option = { value: string; label: string };

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Countries that have yards, by name; values are lower-case codes as the URL and API take them. */
export function countryOptions(countries: readonly Country[], chosen: string): Option[] {
  const options = countries
    .filter((country) => country.yardCount > 0)
    .map((country) => ({ value: country.code.toLowerCase(), label: country.name }))
    .sort(byLabel);
  if (chosen && !options.some((option) => option.value === chosen)) {
    options.push({ value: chosen, label: chosen.toUpperCase() });
  }
  return options;
}

/**
 * Cities of the chosen country (all cities when none), by name. A chosen city from another country
 * (only from a hand-made URL: changing the country clears it) stays listed, named with its country.
 */
export function cityOptions(cities: readonly City[], country: string, chosen: string): Option[] {
  const options = cities
    .filter((city) => !country || city.country.code.toLowerCase() === country)
    .map((city) => ({ value: city.slug, label: city.name }))
    .sort(byLabel);
  if (chosen && !options.some((option) => option.value === chosen)) {
    const city = cities.find((item) => item.slug === chosen);
    options.push({ value: chosen, label: city ? `${city.name} (${city.country.name})` : chosen });
  }
  return options;
}

/**
 * A new country clears a chosen city of another country, which would otherwise match no yard at
 * all. "All Countries" keeps it, and so does a city the list does not know (yet).
 */
export function withoutForeignCity<T extends { country?: string; city?: string }>(
  changes: T,
  chosenCity: string,
  cities: readonly City[],
): T {
  if (!changes.country || changes.city !== undefined || !chosenCity) return changes;
  const city = cities.find((item) => item.slug === chosenCity);
  if (!city || city.country.code.toLowerCase() === changes.country) return changes;
  return { ...changes, city: "" };
}
