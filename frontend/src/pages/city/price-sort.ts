import type { CityPriceRow } from "@/api/client";

// SPEC §2/§4: the city price table sorts by material name or price. Default: price, descending.
// Clicking the active column flips its direction; a newly chosen column starts where a reader
// expects: names A to Z, prices highest first.

export type PriceSortField = "material" | "price";
export type SortDirection = "asc" | "desc";
export type PriceSort = { field: PriceSortField; direction: SortDirection };

export const DEFAULT_PRICE_SORT: PriceSort = { field: "price", direction: "desc" };

const FIRST_DIRECTION: Record<PriceSortField, SortDirection> = { material: "asc", price: "desc" };

export function nextPriceSort(current: PriceSort, field: PriceSortField): PriceSort {
  if (current.field === field) {
    return { field, direction: current.direction === "desc" ? "asc" : "desc" };
  }
  return { field, direction: FIRST_DIRECTION[field] };
}

type SortableRow = Pick<CityPriceRow, "priceExact" | "material">;

const byName = (a: SortableRow, b: SortableRow) =>
  a.material.name.localeCompare(b.material.name, "en", { sensitivity: "base", numeric: true });

/**
 * A sorted copy; ties are broken by material name, A to Z, so the order is stable and predictable.
 * Prices sort by `shown`, the figure the reader sees (a converter per piece and silver per troy oz
 * beside metals per kg: by what is stored, R520 a troy oz would sort above R2,975 a piece).
 */
export function sortPriceRows<T extends SortableRow>(
  rows: readonly T[],
  sort: PriceSort,
  shown: (row: T) => number = (row) => Number(row.priceExact),
): T[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.field === "material") return sign * byName(a, b);
    const difference = shown(a) - shown(b);
    return difference !== 0 ? sign * difference : byName(a, b);
  });
}
