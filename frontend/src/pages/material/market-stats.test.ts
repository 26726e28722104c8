import { describe, expect, it } from "vitest";
import { computeStats, topMarkets } from "./market-stats";
import { sortMarkets } from "./sort-markets";
import { copperPrices, priceRow, withinACent } from "./test-fixtures";

describe("computeStats", () => {
  it("averages and ranges the USD prices, not the mixed local ones", () => {
    const stats = computeStats(copperPrices);
    const usd = [9.51, 9.37, 9.31, 9.18, 9.03, 8.88, 7.97];
    expect(stats.averageUsd).toBeCloseTo(usd.reduce((a, b) => a + b, 0) / usd.length, 10);
    expect(stats.minUsd).toBe(7.97);
    expect(stats.maxUsd).toBe(9.51);
    // Polokwane's R174.95 is the biggest number but not the highest price.
    expect(stats.highest?.city.name).toBe("Halifax");
    expect(stats.lowest?.city.name).toBe("Madrid");
  });

  it("counts distinct cities and countries", () => {
    const stats = computeStats(copperPrices);
    expect(stats.cityCount).toBe(7);
    expect(stats.countryCount).toBe(6); // two South African cities
  });

  it("leaves rows without a USD price out of the money figures but counts their city", () => {
    const rows = [
      ...copperPrices,
      priceRow([1, 99, "Auckland", "auckland", "NZ", "New Zealand", "15.00", "NZD", null]),
    ];
    const stats = computeStats(rows);
    expect(stats.cityCount).toBe(8);
    expect(stats.usdCount).toBe(7);
    expect(stats.minUsd).toBe(7.97);
  });

  it("has no figures without rows", () => {
    const stats = computeStats([]);
    expect(stats).toMatchObject({ cityCount: 0, countryCount: 0, averageUsd: null, minUsd: null, maxUsd: null });
    expect(stats.highest).toBeNull();
  });
});

describe("topMarkets", () => {
  it("keeps the 5 best USD prices, highest first", () => {
    expect(topMarkets(copperPrices).map((row) => row.city.name)).toEqual([
      "Halifax",
      "Polokwane",
      "Los Angeles",
      "Johannesburg",
      "Sydney",
    ]);
  });

  it("returns fewer when there are fewer cities", () => {
    expect(topMarkets(copperPrices.slice(0, 2))).toHaveLength(2);
  });

  it("agrees with the table and the highest and lowest cards when prices are within a cent", () => {
    const top = topMarkets(withinACent).map((row) => row.city.name);
    expect(top).toEqual(["Vereeniging", "Leeds", "Pretoria", "Rustenburg", "Madrid"]);
    expect(top).toEqual(sortMarkets(withinACent, { field: "price", direction: "desc" }).map((row) => row.city.name));
    const stats = computeStats(withinACent);
    expect(stats.highest?.city.name).toBe("Vereeniging");
    expect(stats.lowest?.city.name).toBe("Madrid");
  });

  it("names the first city by name among equal lowest prices", () => {
    const rand = withinACent.filter((row) => row.currency === "ZAR");
    expect(computeStats(rand).lowest?.city.name).toBe("Pretoria");
    expect(computeStats([...rand].reverse()).lowest?.city.name).toBe("Pretoria");
  });
});
