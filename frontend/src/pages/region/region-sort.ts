import type { RegionPriceRow } from "@/api/client";
import type { SortState } from "@/components/ui/sort-header";

// Like the city table: sort by material name or average price; default average, highest first.
// Clicking the active column flips its direction; a newly chosen column starts descending.
// The choice lives in `?sort=average-asc` so it can be shared and survives the back button.

export type RegionSortField = "material" | "average";
export type RegionSort = SortState<RegionSortField>;

export const DEFAULT_REGION_SORT: RegionSort = { field: "average", direction: "desc" };

const FIELDS: readonly RegionSortField[] = ["material", "average"];

/** `?sort=` value to a sort; anything unknown gives the default. */
export function regionSortFromParam(value: string | null): RegionSort {
  const [field, direction] = (value ?? "").split("-");
  if (!FIELDS.includes(field as RegionSortField) || (direction !== "asc" && direction !== "desc")) {
    return DEFAULT_REGION_SORT;
  }
  return { field: field as RegionSortField, direction };
}

/** The `?sort=` value, or null for the default (kept out of the URL). */
export function regionSortToParam(sort: RegionSort): string | null {
  const isDefault = sort.field === DEFAULT_REGION_SORT.field && sort.direction === DEFAULT_REGION_SORT.direction;
  return isDefault ? null : `${sort.field}-${sort.direction}`;
}

export function nextRegionSort(current: RegionSort, field: RegionSortField): RegionSort {
  if (current.field === field) return { field, direction: current.direction === "desc" ? "asc" : "desc" };
  return { field, direction: "desc" };
}

const byName = (a: RegionPriceRow, b: RegionPriceRow) =>
  a.material.name.localeCompare(b.material.name, "en", { sensitivity: "base", numeric: true });

/** A sorted copy; ties broken by material name, A to Z. */
export function sortRegionRows(rows: readonly RegionPriceRow[], sort: RegionSort): RegionPriceRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.field === "material") return sign * byName(a, b);
    const difference = Number(a.averagePriceExact) - Number(b.averagePriceExact);
    return difference !== 0 ? sign * difference : byName(a, b);
  });
}
