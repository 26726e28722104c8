import { describe, expect, it } from "vitest";
import { shownUnit } from "@/lib/format";
import { boardMaterials, newRow, priceIn, priceProblem, problemsByRow, toPostBody } from "./posting-draft";
import { BRASS, CONVERTERS, COPPER, COPPER_1, MY_YARD } from "./test-fixtures";

const perKg = () => "kg" as const;

describe("the owner's board as typed", () => {
  it("starts with what the yard buys or posted, or every material when neither is known", () => {
    expect(boardMaterials(MY_YARD).map((m) => m.slug)).toEqual(["copper", "copper-1", "catalytic-converters"]);
    const unknown = {
      ...MY_YARD,
      materials: [BRASS, COPPER],
      profile: { ...MY_YARD.profile, acceptedMaterials: null },
    };
    expect(boardMaterials(unknown).map((m) => m.slug)).toEqual(["brass", "copper"]);
  });

  it("prefills a previous price in the owner's unit: cents converted, a stored price's own decimals kept", () => {
    expect(priceIn("182.5000", "kg", "kg")).toBe("182.50");
    expect(priceIn("182.5000", "lb", "kg")).toBe("82.78");
    expect(priceIn("0.1285", "kg", "kg")).toBe("0.1285");
    expect(priceIn("0.1285", "t", "kg")).toBe("128.50");
    expect(newRow(COPPER_1, (saleUnit) => shownUnit(saleUnit, "t"))).toEqual({
      slug: "copper-1",
      unit: "t",
      price: "182500.00",
      prefilled: true,
    });
    expect(newRow(CONVERTERS, (saleUnit) => shownUnit(saleUnit, "lb")).unit).toBe("piece");
  });

  it("takes a price with a decimal point or a comma, above 0, at most a million, up to four decimals", () => {
    expect(priceProblem("")).toBeUndefined(); // not posted today
    expect(priceProblem("172,5")).toBeUndefined();
    expect(priceProblem("0.0001")).toBeUndefined();
    expect(priceProblem("0")).toBe("The price must be above 0.");
    expect(priceProblem("1000000.01")).toBe("The price must be at most 1,000,000.");
    expect(priceProblem("1.23456")).toMatch(/up to four decimals/);
    expect(priceProblem("R12")).toMatch(/as a number/);
  });

  it("sends typed prices as typed, prefilled ones as stored, and leaves empty rows out", () => {
    const rows = [
      { slug: "copper", price: " 150,5 ", unit: "lb" as const, prefilled: false },
      newRow(COPPER_1, perKg),
      { slug: "brass", price: "", unit: "kg" as const, prefilled: false },
    ];
    expect(toPostBody(rows, MY_YARD.materials)).toEqual([
      { materialSlug: "copper", price: "150.5", unit: "lb" },
      { materialSlug: "copper-1", price: "182.5000", unit: "kg" },
    ]);
  });

  it("puts a refusal's problems on the rows they name, by line or by name, '#1 Copper' not also 'Copper'", () => {
    const sent = [
      { materialSlug: "copper-1", price: "100", unit: "kg" },
      { materialSlug: "copper", price: "120", unit: "kg" },
    ];
    const order = "at Pioneer Metal Traders, Copper (R120.00) is above #1 Copper (R100.00) on 2026-11-29";
    const band = "#1 Copper at R100.00/kg is under a third of the city's R310.00/kg";
    expect(problemsByRow(["line 2: 'x' is not a price", order, band], sent, MY_YARD.materials)).toEqual({
      copper: ["'x' is not a price", order],
      "copper-1": [order, band],
    });
  });
});
