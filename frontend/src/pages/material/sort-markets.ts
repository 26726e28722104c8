// The All Markets table's sort (SPEC §2/§4): price (default descending) or city (default
// ascending). Clicking the active field flips its direction; a new field starts at its default.
import type { MaterialPriceRow } from "@/api/client";
import { byCityName, priceComparer, withUsd } from "./market-stats";

export type SortField = "price" | "city";
export type SortDirection = "asc" | "desc";
export type MarketSort = { field: SortField; direction: SortDirection };

export const DEFAULT_DIRECTION: Record<SortField, SortDirection> = { price: "desc", city: "asc" };
export const DEFAULT_SORT: MarketSort = { field: "price", direction: DEFAULT_DIRECTION.price };

export function nextSort(current: MarketSort, field: SortField): MarketSort {
  if (current.field === field) {
    return { field, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { field, direction: DEFAULT_DIRECTION[field] };
}

function byCity(a: MaterialPriceRow, b: MaterialPriceRow): number {
  return a.city.name.localeCompare(b.city.name) || a.city.country.name.localeCompare(b.city.country.name);
}

/**
 * A sorted copy. Prices rank as the API ranked them (on the exact price converted to USD, so
 * that rand and pounds compare fairly and R171.27 beats R171.25 though both round to the same
 * cent), equal prices by city name in either direction; rows without a USD price always go
 * last, whichever the direction.
 */
export function sortMarkets(rows: readonly MaterialPriceRow[], sort: MarketSort): MaterialPriceRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.field === "city") return [...rows].sort((a, b) => sign * byCity(a, b));
  const compare = priceComparer(rows);
  const priced = withUsd(rows).sort((a, b) => sign * compare(a, b) || byCityName(a, b));
  const pricedSlugs = new Set(priced.map((row) => row.city.slug));
  const unpriced = rows.filter((row) => !pricedSlugs.has(row.city.slug)).sort(byCityName);
  const original = new Map(rows.map((row) => [row.city.slug, row]));
  return [...priced.map((row) => original.get(row.city.slug) ?? row), ...unpriced];
}
