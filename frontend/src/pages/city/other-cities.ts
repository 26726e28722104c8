import type { City } from "@/api/client";

/** Other cities for the sidebar: the same country first (in list order), then any others. */
export function pickOtherCities(cities: readonly City[], current: City, count = 3): City[] {
  const others = cities.filter((city) => city.slug !== current.slug);
  const code = current.country.code.toUpperCase();
  const sameCountry = others.filter((city) => city.country.code.toUpperCase() === code);
  const elsewhere = others.filter((city) => city.country.code.toUpperCase() !== code);
  return [...sameCountry, ...elsewhere].slice(0, count);
}
