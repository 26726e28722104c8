import { describe, expect, it } from "vitest";
import {
  convertPerKg,
  currencyOf,
  formatCoordinate,
  formatDate,
  formatDateTimeIn,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRating,
} from "./format";

describe("money", () => {
  it("uses R for rand and proper symbols elsewhere", () => {
    expect(formatMoney("1234.5", "ZAR")).toBe("R1,234.50");
    expect(formatMoney(3, "USD")).toBe("$3.00");
    expect(formatMoney("7.1", "GBP")).toBe("£7.10");
    expect(formatMoney("7.1", "AUD")).toBe("A$7.10");
    expect(formatMoney("7.1", "CAD")).toBe("C$7.10");
    expect(formatMoney("7.1", "EUR")).toBe("€7.10");
    expect(formatMoney("-0.5", "USD")).toBe("-$0.50");
  });

  it("falls back to USD for unknown countries and defaults ZA to rand", () => {
    expect(currencyOf("za")).toBe("ZAR");
    expect(currencyOf("XX")).toBe("USD");
  });
});

describe("units", () => {
  it("converts per-kg prices to per-lb and per-tonne", () => {
    expect(convertPerKg("10.00", "kg")).toBe(10);
    expect(convertPerKg("10.00", "lb")).toBeCloseTo(4.5359237, 9);
    expect(convertPerKg("10.00", "t")).toBe(10000);
    expect(formatPrice("10.00", "USD", "lb")).toBe("$4.54");
    expect(formatPrice("10.00", "ZAR", "t")).toBe("R10,000.00");
  });
});

describe("other values", () => {
  it("formats percentages, dates, coordinates and ratings", () => {
    expect(formatPercent(2.34)).toBe("+2.3%");
    expect(formatPercent(-0.4)).toBe("-0.4%");
    expect(formatPercent(null)).toBe("—");
    expect(formatDate("2026-11-21")).toBe("Nov 21, 2026");
    expect(formatCoordinate(-26.20410001)).toBe("-26.2041");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(null)).toBe("N/A");
  });

  it("shows a moment in the city's own zone", () => {
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "Africa/Johannesburg")).toMatch(/Nov 21, 2026, 2:00 AM/);
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "America/Los_Angeles")).toMatch(/Nov 20, 2026, 4:00 PM/);
  });
});
