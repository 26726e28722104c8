import { convertStoredPrice } from "@/lib/format";
import { DEFAULT_PRICE_SORT, nextPriceSort, sortPriceRows } from "./price-sort";

const row = (name: string, price: string) => ({
  priceExact: price,
  material: { id: 1, name, slug: name.toLowerCase(), grade: null, category: "Copper", saleUnit: "kg" as const },
});

const rows = [row("Brass", "113.09"), row("Copper", "171.52"), row("Aluminum", "23.54"), row("Zinc", "23.54")];
const names = (list: typeof rows) => list.map((r) => r.material.name);

describe("sortPriceRows", () => {
  it("sorts by price, highest first, by default", () => {
    expect(names(sortPriceRows(rows, DEFAULT_PRICE_SORT))).toEqual(["Copper", "Brass", "Aluminum", "Zinc"]);
  });

  it("compares prices as numbers, not strings", () => {
    const mixed = [row("A", "9.29"), row("B", "16725.77"), row("C", "100.00")];
    expect(names(sortPriceRows(mixed, { field: "price", direction: "asc" }))).toEqual(["A", "C", "B"]);
  });

  it("sorts prices by the figure shown: silver per troy oz and a converter per piece among prices per kg", () => {
    const silver = row("Silver", "16736.05"); // R520.55 a troy oz
    const converter = row("Converter", "2975.67"); // per piece, never converted
    const shown = (r: typeof silver) => (r === silver ? convertStoredPrice(r.priceExact, "ozt") : Number(r.priceExact));
    const board = [silver, converter, row("Copper", "160.70")];
    expect(names(sortPriceRows(board, DEFAULT_PRICE_SORT, shown))).toEqual(["Converter", "Silver", "Copper"]);
  });

  it("sorts by material name in either direction", () => {
    expect(names(sortPriceRows(rows, { field: "material", direction: "asc" }))).toEqual([
      "Aluminum",
      "Brass",
      "Copper",
      "Zinc",
    ]);
    expect(names(sortPriceRows(rows, { field: "material", direction: "desc" }))).toEqual([
      "Zinc",
      "Copper",
      "Brass",
      "Aluminum",
    ]);
  });

  it("breaks price ties by name and leaves the input untouched", () => {
    const copy = [...rows];
    expect(names(sortPriceRows(rows, { field: "price", direction: "asc" }))).toEqual([
      "Aluminum",
      "Zinc",
      "Brass",
      "Copper",
    ]);
    expect(rows).toEqual(copy);
  });
});

describe("nextPriceSort", () => {
  it("toggles the direction of the active column", () => {
    expect(nextPriceSort(DEFAULT_PRICE_SORT, "price")).toEqual({ field: "price", direction: "asc" });
    expect(nextPriceSort({ field: "price", direction: "asc" }, "price")).toEqual({ field: "price", direction: "desc" });
  });

  it("starts names A to Z and prices highest first", () => {
    expect(nextPriceSort({ field: "price", direction: "asc" }, "material")).toEqual({
      field: "material",
      direction: "asc",
    });
    expect(nextPriceSort(DEFAULT_PRICE_SORT, "material")).toEqual({ field: "material", direction: "asc" });
    expect(nextPriceSort({ field: "material", direction: "asc" }, "material")).toEqual({
      field: "material",
      direction: "desc",
    });
    expect(nextPriceSort({ field: "material", direction: "asc" }, "price")).toEqual({
      field: "price",
      direction: "desc",
    });
  });
});
