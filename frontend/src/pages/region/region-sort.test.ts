import { describe, expect, it } from "vitest";
import {
  DEFAULT_REGION_SORT,
  nextRegionSort,
  regionSortFromParam,
  regionSortToParam,
  sortRegionRows,
} from "./region-sort";
import { californiaPrices } from "./test-fixtures";

describe("region sort", () => {
  it("reads and writes the ?sort= value, leaving the default out of the URL", () => {
    expect(regionSortFromParam("material-asc")).toEqual({ field: "material", direction: "asc" });
    expect(regionSortFromParam("average-asc")).toEqual({ field: "average", direction: "asc" });
    for (const bad of [null, "", "price-asc", "material", "material-up"]) {
      expect(regionSortFromParam(bad)).toEqual(DEFAULT_REGION_SORT);
    }
    expect(regionSortToParam(DEFAULT_REGION_SORT)).toBeNull();
    expect(regionSortToParam({ field: "material", direction: "desc" })).toBe("material-desc");
  });

  it("toggles the active column and starts a new one descending", () => {
    expect(nextRegionSort(DEFAULT_REGION_SORT, "average")).toEqual({ field: "average", direction: "asc" });
    expect(nextRegionSort({ field: "average", direction: "asc" }, "material")).toEqual({
      field: "material",
      direction: "desc",
    });
  });

  it("sorts averages as numbers, breaking ties by name", () => {
    const [silver, copper1] = californiaPrices as [(typeof californiaPrices)[0], (typeof californiaPrices)[0]];
    const rows = [
      { ...copper1, averagePrice: "9.00" },
      silver,
      { ...silver, material: { ...silver.material, name: "A" }, averagePrice: "9.00" },
    ];
    const names = sortRegionRows(rows, { field: "average", direction: "asc" }).map((row) => row.material.name);
    expect(names).toEqual(["#1 Copper", "A", "Silver (Sterling)"]);
  });
});
