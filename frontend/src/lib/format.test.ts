import { describe, expect, it } from "vitest";
import places from "../../../content/reference/places.json";
import units from "../../../content/units.json";
import {
  convertStoredPrice,
  currencySymbol,
  formatCoordinate,
  formatDate,
  formatDateTimeIn,
  formatDay,
  formatMoney,
  formatPercent,
  formatPrice,
  formatRating,
  givenUnit,
  givenUnits,
  shownUnit,
  shownUnits,
  storedUnit,
  TROY_UNITS,
  timeZoneAbbreviation,
  WEIGHT_UNITS,
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

  // A country's currency comes with its city from the API; content/reference/places.json, which
  // the server seeds them from, is the one list: every currency in it has a symbol here.
  it("has a symbol for the currency of every country in content/reference/places.json, rand for ZA", () => {
    const currencies = Object.fromEntries(places.countries.map((country) => [country.code, country.currency]));
    expect(currencies.ZA).toBe("ZAR");
    for (const currency of Object.values(currencies)) expect(currencySymbol(currency), currency).not.toContain(" ");
  });
});

describe("units", () => {
  it("converts per-kg prices to per-lb and per-tonne", () => {
    expect(convertStoredPrice("10.00", "kg")).toBe(10);
    expect(convertStoredPrice("10.00", "lb")).toBeCloseTo(4.5359237, 9);
    expect(convertStoredPrice("10.00", "t")).toBe(10000);
    expect(formatPrice("10.00", "USD", "lb")).toBe("$4.54");
    expect(formatPrice("10.00", "ZAR", "t")).toBe("R10,000.00");
  });

  // A troy ounce is 31.1034768 g exactly: 1 kg is 32.1507466 troy oz.
  it("converts a per-kg price of precious metal to per troy ounce", () => {
    expect(1 / convertStoredPrice("1", "ozt")).toBeCloseTo(32.1507466, 7);
    expect(convertStoredPrice("707.3164", "ozt")).toBeCloseTo(22, 5);
    expect(formatPrice("707.3164", "USD", "ozt")).toBe("$22.00");
  });

  it("never converts a price stored per piece", () => {
    expect(convertStoredPrice("991.89", "piece")).toBe(991.89);
    expect(formatPrice("991.8900", "ZAR", "piece")).toBe("R991.89");
  });

  it("says what a stored price is for: a kg, or a piece", () => {
    expect(storedUnit("kg")).toBe("kg");
    expect(storedUnit("troy_oz")).toBe("kg");
    expect(storedUnit("piece")).toBe("piece");
  });

  it("shows a material in the unit it is sold in, with the visitor's choice where it fits", () => {
    // By weight: the weight chosen; the troy choice is not its own.
    expect(shownUnit("kg", "lb", "kg")).toBe("lb");
    expect(shownUnit("kg", "t")).toBe("t");
    // Precious metal: per troy oz unless per kg was chosen for it; a weight chosen elsewhere is not.
    expect(shownUnit("troy_oz", "lb")).toBe("ozt");
    expect(shownUnit("troy_oz", "lb", "kg")).toBe("kg");
    // By the piece whatever was chosen.
    expect(shownUnit("piece", "lb", "kg")).toBe("piece");
    expect(shownUnit("piece", "t")).toBe("piece");
  });

  it("offers each kind of material the toggle content/units.json lists for it", () => {
    expect(shownUnits("kg")).toEqual(units.saleUnits.kg.shown);
    expect(WEIGHT_UNITS).toEqual(units.saleUnits.kg.shown);
    expect(shownUnits("troy_oz")).toEqual(units.saleUnits.troy_oz.shown);
    expect(TROY_UNITS).toEqual(units.saleUnits.troy_oz.shown);
    expect(shownUnits("piece")).toEqual(["piece"]);
    expect(givenUnits("piece")).toEqual(["piece"]);
    expect(givenUnits("troy_oz")).toEqual(units.saleUnits.troy_oz.given);
  });

  it("takes a form's price in the unit picked while it fits the material, else the shown one", () => {
    expect(givenUnit("kg", "lb", "kg")).toBe("lb");
    expect(givenUnit("kg", null, "t")).toBe("t");
    expect(givenUnit("piece", "lb", "piece")).toBe("piece");
    expect(givenUnit("troy_oz", "lb", "ozt")).toBe("lb");
    expect(givenUnit("troy_oz", "piece", "ozt")).toBe("ozt");
  });
});

describe("other values", () => {
  it("formats percentages, dates, coordinates and ratings", () => {
    expect(formatPercent(2.34)).toBe("+2.3%");
    expect(formatPercent(-0.4)).toBe("-0.4%");
    expect(formatPercent(null)).toBe("—");
    expect(formatDate("2026-11-21")).toBe("Nov 21, 2026");
    expect(formatDay("2026-11-24")).toBe("Nov 24");
    expect(formatDay("2026-11-24", "2026-11-28")).toBe("Nov 24");
    expect(formatDay("2025-12-30", "2026-01-02")).toBe("Dec 30, 2025");
    expect(formatCoordinate(-26.20410001)).toBe("-26.2041");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(null)).toBe("N/A");
  });

  it("shows a moment in the city's own zone", () => {
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "Africa/Johannesburg")).toMatch(/Nov 21, 2026, 2:00 AM/);
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "America/Los_Angeles")).toMatch(/Nov 20, 2026, 4:00 PM/);
  });

  it("ends with the zone's usual abbreviation, not Intl's GMT offset", () => {
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "Africa/Johannesburg")).toBe("Nov 21, 2026, 2:00 AM SAST");
    expect(formatDateTimeIn("2026-11-22T00:00:00Z", "Pacific/Auckland")).toBe("Nov 22, 2026, 1:00 PM NZDT");
    expect(formatDateTimeIn("2026-11-21T00:00:00Z", "America/Los_Angeles")).toBe("Nov 20, 2026, 4:00 PM PST");
  });
});

describe("time zone abbreviations", () => {
  const NOVEMBER = "2026-11-21T12:00:00Z";
  const JULY = "2026-07-15T12:00:00Z";
  const JANUARY = "2026-01-15T12:00:00Z";

  it("calls Johannesburg SAST all year", () => {
    expect(timeZoneAbbreviation(NOVEMBER, "Africa/Johannesburg")).toBe("SAST");
    expect(timeZoneAbbreviation(JULY, "Africa/Johannesburg")).toBe("SAST");
  });

  it("knows the southern summer: Sydney AEDT in November, AEST in July", () => {
    expect(timeZoneAbbreviation(NOVEMBER, "Australia/Sydney")).toBe("AEDT");
    expect(timeZoneAbbreviation(JULY, "Australia/Sydney")).toBe("AEST");
    expect(timeZoneAbbreviation(NOVEMBER, "Australia/Brisbane")).toBe("AEST");
  });

  it("switches London between GMT and BST", () => {
    expect(timeZoneAbbreviation(JANUARY, "Europe/London")).toBe("GMT");
    expect(timeZoneAbbreviation(JULY, "Europe/London")).toBe("BST");
  });

  it("switches New York between EST and EDT", () => {
    expect(timeZoneAbbreviation(JANUARY, "America/New_York")).toBe("EST");
    expect(timeZoneAbbreviation(JULY, "America/New_York")).toBe("EDT");
  });

  it("switches Auckland between NZDT and NZST", () => {
    expect(timeZoneAbbreviation(NOVEMBER, "Pacific/Auckland")).toBe("NZDT");
    expect(timeZoneAbbreviation(JULY, "Pacific/Auckland")).toBe("NZST");
  });

  it("changes at the moment the clocks do", () => {
    // London's clocks went forward at 01:00 UTC on 29 March 2026.
    expect(timeZoneAbbreviation("2026-03-29T00:59:00Z", "Europe/London")).toBe("GMT");
    expect(timeZoneAbbreviation("2026-03-29T01:00:00Z", "Europe/London")).toBe("BST");
  });

  it("falls back to Intl's short name for other zones", () => {
    expect(timeZoneAbbreviation(JULY, "Asia/Tokyo")).toBe("GMT+9");
    expect(timeZoneAbbreviation(JULY, "UTC")).toBe("UTC");
  });
});
