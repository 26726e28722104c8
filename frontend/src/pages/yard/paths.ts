import type { City } from "@/api/client";

/** The city's prices page: /{country code lowercase}/{city slug}. */
export function cityPricesPath(city: Pick<City, "slug" | "country">): string {
  return `/${city.country.code.toLowerCase()}/${city.slug}`;
}

/** The city's scrap yard list. */
export function cityYardsPath(city: Pick<City, "slug" | "country">): string {
  return `${cityPricesPath(city)}/scrap-yards`;
}

/** A route's yard id, when it is a positive integer (anything else is not a yard). */
export function parseYardId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
