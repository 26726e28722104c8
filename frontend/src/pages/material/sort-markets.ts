// The All Markets table's sort (SPEC §2/§4): price (default descending) or city (default
// ascending). Clicking the active field flips its direction; a new field starts at its default.
import type { MaterialPriceRow } from "@/api/client";

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

function usdOf(row: MaterialPriceRow): number | null {
  if (row.priceUsd === null || row.priceUsd === "") return null;
  const value = Number(row.priceUsd);
  return Number.isFinite(value) ? value : null;
}

function byCity(a: MaterialPriceRow, b: MaterialPriceRow): number {
  return a.city.name.localeCompare(b.city.name) || a.city.country.name.localeCompare(b.city.country.name);
}

/**
 * A sorted copy. Prices compare in USD so that rand and pounds compare fairly; rows without a
 * USD price always go last, whichever the direction.
 */
export function sortMarkets(rows: readonly MaterialPriceRow[], sort: MarketSort): MaterialPriceRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.field === "city") return sign * byCity(a, b);
    const usdA = usdOf(a);
    const usdB = usdOf(b);
    if (usdA === null || usdB === null) {
      if (usdA === usdB) return byCity(a, b);
      return usdA === null ? 1 : -1;
    }
    return sign * (usdA - usdB) || byCity(a, b);
  });
}
