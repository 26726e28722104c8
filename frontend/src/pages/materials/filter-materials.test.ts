import { describe, expect, it } from "vitest";
import type { Material } from "@/api/client";
import { categoriesOf, filterMaterials, groupByCategory } from "./filter-materials";

function material(id: number, name: string, category: string, description: string): Material {
  return {
    id,
    name,
    slug: name.toLowerCase().replaceAll(" ", "-"),
    category,
    saleUnit: "kg",
    grade: null,
    description,
  };
}

const MATERIALS = [
  material(1, "Copper", "Copper", "Pipe, tubing and stripped wire."),
  material(2, "Insulated Copper Wire", "Copper", "Wire still in its plastic jacket."),
  material(3, "Yellow Brass", "Brass", "Fittings, keys and valves."),
  material(4, "Circuit Boards", "Electronics", "Boards from computers and servers."),
  material(5, "Cast Aluminum", "Aluminum", "Engine parts and pump housings."),
];
const names = (list: Material[]) => list.map((m) => m.name);

describe("filterMaterials", () => {
  it("keeps everything with no search and no category", () => {
    expect(filterMaterials(MATERIALS, { search: " ", category: null })).toHaveLength(5);
  });

  it("matches the name case-insensitively", () => {
    expect(names(filterMaterials(MATERIALS, { search: "BRASS", category: null }))).toEqual(["Yellow Brass"]);
  });

  it("matches the category", () => {
    expect(names(filterMaterials(MATERIALS, { search: "electronics", category: null }))).toEqual(["Circuit Boards"]);
  });

  it("matches the description", () => {
    expect(names(filterMaterials(MATERIALS, { search: "wire", category: null }))).toEqual([
      "Copper",
      "Insulated Copper Wire",
    ]);
  });

  it("filters by category and requires the search to match too", () => {
    expect(names(filterMaterials(MATERIALS, { search: "", category: "Copper" }))).toHaveLength(2);
    expect(names(filterMaterials(MATERIALS, { search: "jacket", category: "Copper" }))).toEqual([
      "Insulated Copper Wire",
    ]);
    expect(filterMaterials(MATERIALS, { search: "engine", category: "Copper" })).toEqual([]);
  });
});

describe("categoriesOf and groupByCategory", () => {
  it("lists categories in API order with their totals", () => {
    expect(categoriesOf(MATERIALS)).toEqual([
      { category: "Copper", total: 2 },
      { category: "Brass", total: 1 },
      { category: "Electronics", total: 1 },
      { category: "Aluminum", total: 1 },
    ]);
  });

  it("groups the filtered materials and drops empty categories, keeping each total", () => {
    const groups = groupByCategory(
      filterMaterials(MATERIALS, { search: "wire", category: null }),
      categoriesOf(MATERIALS),
    );
    expect(groups.map((g) => [g.category, g.materials.length, g.total])).toEqual([["Copper", 2, 2]]);
  });
});
