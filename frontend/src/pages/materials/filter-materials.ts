import type { Material } from "@/api/client";

export type MaterialFilter = {
  /** Free text matched, case-insensitively, against name, category or description. */
  search: string;
  /** A category name ("Copper"), or null for all categories. */
  category: string | null;
};

export type CategoryOption = { category: string; total: number };
export type CategoryGroup = CategoryOption & { materials: Material[] };

/** Materials matching both the search text and the chosen category (SPEC §4: both must match). */
export function filterMaterials(materials: readonly Material[], { search, category }: MaterialFilter): Material[] {
  const needle = search.trim().toLowerCase();
  return materials.filter(
    (material) =>
      (category === null || material.category === category) &&
      (needle === "" ||
        material.name.toLowerCase().includes(needle) ||
        material.category.toLowerCase().includes(needle) ||
        material.description.toLowerCase().includes(needle)),
  );
}

/** Every category present, in the order the API lists its materials, with its material total. */
export function categoriesOf(materials: readonly Material[]): CategoryOption[] {
  const totals = new Map<string, number>();
  for (const material of materials) totals.set(material.category, (totals.get(material.category) ?? 0) + 1);
  return [...totals].map(([category, total]) => ({ category, total }));
}

/** Filtered materials grouped by category; categories with no match are left out. */
export function groupByCategory(filtered: readonly Material[], categories: readonly CategoryOption[]): CategoryGroup[] {
  return categories
    .map((option) => ({ ...option, materials: filtered.filter((material) => material.category === option.category) }))
    .filter((group) => group.materials.length > 0);
}
