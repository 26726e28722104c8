import type { CityPriceRow } from "@/api/client";
import { copperInsight } from "./market-insight";
import { johannesburgPrices } from "./test-fixtures";

const copper = johannesburgPrices.find((row) => row.material.slug === "copper") as CityPriceRow;
const withCopper = (changes: Partial<CityPriceRow>) => [{ ...copper, ...changes }];

describe("copperInsight", () => {
  it("says downward only when copper's trend is down, with the real figures", () => {
    expect(copperInsight(johannesburgPrices, "Johannesburg", "kg")).toBe(
      "Copper prices are trending downward in Johannesburg: R171.52 per kg, -0.2% since the previous update.",
    );
  });

  it("says upward when copper's trend is up", () => {
    const rows = withCopper({ trend: "up", change: "0.51", changePercent: 0.3 });
    expect(copperInsight(rows, "Johannesburg", "kg")).toMatch(/^Copper prices are trending upward in Johannesburg/);
  });

  it("says steady when copper's price is flat", () => {
    const rows = withCopper({ trend: "flat", change: "0.00", changePercent: 0 });
    expect(copperInsight(rows, "Johannesburg", "kg")).toBe(
      "Copper prices are steady in Johannesburg: R171.52 per kg, 0.0% since the previous update.",
    );
  });

  it("converts from the stored value: 0.1285 a kg is £128.50 a tonne, not £130.00", () => {
    const rows = withCopper({ currency: "GBP", price: "0.13", priceExact: "0.1285", changePercent: 7.1 });
    expect(copperInsight(rows, "Sheffield", "t")).toContain("£128.50 per tonne, +7.1% since");
  });

  it("follows the chosen unit", () => {
    expect(copperInsight(johannesburgPrices, "Johannesburg", "lb")).toContain("R77.80 per lb");
  });

  it("makes no trend claim without an earlier price or without a copper row", () => {
    const rows = withCopper({ previousPrice: null, change: null, changePercent: null, trend: "flat" });
    expect(copperInsight(rows, "Johannesburg", "kg")).toBe(
      "Copper is R171.52 per kg in Johannesburg; there is no earlier price to compare with yet.",
    );
    expect(copperInsight([], "Johannesburg", "kg")).toBe("No copper price is available for Johannesburg yet.");
  });

  it("claims no market trend from an estimate made of old inputs", () => {
    const estimate = {
      metal: "copper",
      referenceUsdPerTonne: "10741.36",
      referenceDate: "2025-10-01",
      referencePeriod: "monthly",
      referenceSource: "FRED",
      gradeFactor: "0.9",
      margin: "0.82",
      usdPerUnit: "0.05316",
      fxDate: "2025-04-25",
      formula: "Estimate: …",
      inputsOutdated: true,
      referenceOutdated: true,
      inputsNote: "inputs from Apr–Oct 2025",
    };
    const rows = withCopper({ source: { name: "ScrapIndex estimate", kind: "estimate" }, estimate, changePercent: 0 });
    expect(copperInsight(rows, "Johannesburg", "kg")).toBe(
      "Copper is R171.52 per kg in Johannesburg, an estimate (inputs from Apr–Oct 2025): it shows no current market trend.",
    );
  });

  it("says an estimate after a price of another kind has no earlier estimate to compare with", () => {
    const rows = withCopper({
      source: { name: "ScrapIndex estimate", kind: "estimate" },
      change: null,
      changeExact: null,
      changePercent: null,
      trend: "flat",
    });
    expect(copperInsight(rows, "Johannesburg", "kg")).toBe(
      "Copper is R171.52 per kg in Johannesburg, an estimate; there is no earlier estimate to compare with yet.",
    );
  });
});
