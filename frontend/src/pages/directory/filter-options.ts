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
 * stays listed, named with its country, since changing the country keeps the city (SPEC §4).
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
