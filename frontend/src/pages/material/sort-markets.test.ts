import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, nextSort, sortMarkets } from "./sort-markets";
import { copperPrices, priceRow, withinACent } from "./test-fixtures";

const names = (rows: { city: { name: string } }[]) => rows.map((row) => row.city.name);

describe("nextSort", () => {
  it("starts on price, highest first", () => {
    expect(DEFAULT_SORT).toEqual({ field: "price", direction: "desc" });
  });

  it("flips the direction when the active field is chosen again", () => {
    expect(nextSort({ field: "price", direction: "desc" }, "price")).toEqual({ field: "price", direction: "asc" });
    expect(nextSort({ field: "city", direction: "asc" }, "city")).toEqual({ field: "city", direction: "desc" });
  });

  it("resets to the new field's default direction", () => {
    expect(nextSort({ field: "price", direction: "asc" }, "city")).toEqual({ field: "city", direction: "asc" });
    expect(nextSort({ field: "price", direction: "desc" }, "city")).toEqual({ field: "city", direction: "asc" });
    expect(nextSort({ field: "city", direction: "desc" }, "price")).toEqual({ field: "price", direction: "desc" });
    expect(nextSort({ field: "city", direction: "asc" }, "price")).toEqual({ field: "price", direction: "desc" });
  });
});

describe("sortMarkets", () => {
  it("compares prices in USD so that currencies compare fairly", () => {
    expect(names(sortMarkets(copperPrices, { field: "price", direction: "desc" }))).toEqual([
      "Halifax",
      "Polokwane",
      "Los Angeles",
      "Johannesburg",
      "Sydney",
      "London",
      "Madrid",
    ]);
    expect(names(sortMarkets(copperPrices, { field: "price", direction: "asc" }))[0]).toBe("Madrid");
  });

  it("sorts by city name either way", () => {
    const ascending = names(sortMarkets(copperPrices, { field: "city", direction: "asc" }));
    expect(ascending).toEqual(["Halifax", "Johannesburg", "London", "Los Angeles", "Madrid", "Polokwane", "Sydney"]);
    expect(names(sortMarkets(copperPrices, { field: "city", direction: "desc" }))).toEqual([...ascending].reverse());
  });

  it("puts rows without a USD price last in both directions and leaves the input alone", () => {
    const unknown = priceRow([1, 99, "Auckland", "auckland", "NZ", "New Zealand", "99.00", "NZD", null]);
    const rows = [unknown, ...copperPrices];
    expect(names(sortMarkets(rows, { field: "price", direction: "desc" })).at(-1)).toBe("Auckland");
    expect(names(sortMarkets(rows, { field: "price", direction: "asc" })).at(-1)).toBe("Auckland");
    expect(rows[0]).toBe(unknown);
  });

  it("ranks prices within a cent as the API does, not on the rounded USD, ties by city name", () => {
    expect(names(sortMarkets(withinACent, { field: "price", direction: "desc" }))).toEqual([
      "Vereeniging",
      "Leeds",
      "Pretoria",
      "Rustenburg",
      "Madrid",
    ]);
    expect(names(sortMarkets(withinACent, { field: "price", direction: "asc" }))).toEqual([
      "Madrid",
      "Pretoria",
      "Rustenburg",
      "Leeds",
      "Vereeniging",
    ]);
  });

  it("compares prices in one currency exactly, whatever order they come in", () => {
    const rand = withinACent.filter((row) => row.currency === "ZAR").reverse();
    expect(names(sortMarkets(rand, { field: "price", direction: "desc" }))).toEqual([
      "Vereeniging",
      "Pretoria",
      "Rustenburg",
    ]);
  });
});
