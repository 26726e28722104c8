import { describe, expect, it } from "vitest";
import { cityOptions, groupByCountry } from "./city-options";
import { copperPrices, priceRow } from "./test-fixtures";

const copperCities = copperPrices.map((row) => row.city);

describe("cityOptions", () => {
  it("offers each priced city once, by country then city, alphabetically", () => {
    const doubled = [...copperCities, ...copperCities.slice(1, 2)];
    expect(cityOptions(doubled).map((option) => option.slug)).toEqual([
      "sydney", // Australia
      "halifax", // Canada
      "johannesburg", // South Africa
      "polokwane",
      "madrid", // Spain
      "london", // United Kingdom
      "los-angeles", // United States
    ]);
  });

  it("orders names without regard to case", () => {
    const rows = [
      priceRow([1, 1, "durban", "durban", "ZA", "South Africa", "1.00", "ZAR", "0.05"]),
      priceRow([2, 2, "Cape Town", "cape-town", "ZA", "South Africa", "1.00", "ZAR", "0.05"]),
      priceRow([3, 3, "East London", "east-london", "ZA", "South Africa", "1.00", "ZAR", "0.05"]),
    ];
    expect(cityOptions(rows.map((row) => row.city)).map((option) => option.name)).toEqual([
      "Cape Town",
      "durban",
      "East London",
    ]);
  });

  it("groups options by country", () => {
    const groups = groupByCountry(cityOptions(copperCities));
    expect(groups.map((group) => group.countryName)).toEqual([
      "Australia",
      "Canada",
      "South Africa",
      "Spain",
      "United Kingdom",
      "United States",
    ]);
    expect(groups[2]).toEqual({
      countryName: "South Africa",
      cities: [
        { slug: "johannesburg", name: "Johannesburg", countryName: "South Africa", country: { code: "ZA" } },
        { slug: "polokwane", name: "Polokwane", countryName: "South Africa", country: { code: "ZA" } },
      ],
    });
  });
});
