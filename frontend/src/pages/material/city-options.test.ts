import { describe, expect, it } from "vitest";
import { cityOptions, defaultCitySlug, groupByCountry } from "./city-options";
import { cities, copperPrices } from "./test-fixtures";

describe("cityOptions", () => {
  it("offers the listed cities that have a price, in the list's order", () => {
    const options = cityOptions(cities, copperPrices);
    // Cape Town is in the list but has no copper price.
    expect(options.map((option) => option.slug)).toEqual([
      "johannesburg",
      "polokwane",
      "los-angeles",
      "sydney",
      "london",
      "halifax",
      "madrid",
    ]);
  });

  it("falls back to the price rows' cities while the city list is missing", () => {
    expect(cityOptions(undefined, copperPrices).map((option) => option.slug)).toContain("halifax");
  });

  it("groups options by country", () => {
    const groups = groupByCountry(cityOptions(cities, copperPrices));
    expect(groups[0]).toEqual({
      countryName: "South Africa",
      cities: [
        { slug: "johannesburg", name: "Johannesburg", countryName: "South Africa" },
        { slug: "polokwane", name: "Polokwane", countryName: "South Africa" },
      ],
    });
  });
});

describe("defaultCitySlug", () => {
  it("prefers Johannesburg, else the first city with a price, else none", () => {
    expect(defaultCitySlug(cityOptions(cities, copperPrices))).toBe("johannesburg");
    const withoutJoburg = copperPrices.filter((row) => row.city.slug !== "johannesburg");
    expect(defaultCitySlug(cityOptions(cities, withoutJoburg))).toBe("polokwane");
    expect(defaultCitySlug([])).toBeNull();
  });
});
