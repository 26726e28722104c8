import { describe, expect, it } from "vitest";
import type { City } from "@/api/client";
import { countriesOf, filterCities, groupByCountry } from "./filter-cities";

function city(id: number, name: string, code: string, countryName: string): City {
  return {
    id,
    name,
    slug: name.toLowerCase().replaceAll(" ", "-"),
    latitude: 0,
    longitude: 0,
    timeZone: "UTC",
    country: { code, name: countryName, currency: "USD" },
    region: null,
  };
}

const CITIES = [
  city(1, "Johannesburg", "ZA", "South Africa"),
  city(2, "Cape Town", "ZA", "South Africa"),
  city(3, "New York", "US", "United States"),
  city(4, "Newcastle", "GB", "United Kingdom"),
  city(5, "London", "GB", "United Kingdom"),
];
const names = (list: City[]) => list.map((c) => c.name);

describe("filterCities", () => {
  it("keeps everything with no search and no country", () => {
    expect(filterCities(CITIES, { search: "", country: null })).toHaveLength(5);
  });

  it("matches the city name case-insensitively", () => {
    expect(names(filterCities(CITIES, { search: "NEW", country: null }))).toEqual(["New York", "Newcastle"]);
  });

  it("matches the country name", () => {
    expect(names(filterCities(CITIES, { search: "south af", country: null }))).toEqual(["Johannesburg", "Cape Town"]);
  });

  it("ignores surrounding spaces", () => {
    expect(names(filterCities(CITIES, { search: "  london ", country: null }))).toEqual(["London"]);
  });

  it("filters by country code, whatever its case", () => {
    expect(names(filterCities(CITIES, { search: "", country: "gb" }))).toEqual(["Newcastle", "London"]);
  });

  it("requires both the search and the country to match", () => {
    expect(names(filterCities(CITIES, { search: "new", country: "GB" }))).toEqual(["Newcastle"]);
    expect(filterCities(CITIES, { search: "york", country: "ZA" })).toEqual([]);
  });
});

describe("countriesOf and groupByCountry", () => {
  it("lists countries in API order with their totals", () => {
    expect(countriesOf(CITIES)).toEqual([
      { code: "ZA", name: "South Africa", total: 2 },
      { code: "US", name: "United States", total: 1 },
      { code: "GB", name: "United Kingdom", total: 2 },
    ]);
  });

  it("groups the filtered cities and drops empty countries, keeping each country's total", () => {
    const groups = groupByCountry(filterCities(CITIES, { search: "new", country: null }), countriesOf(CITIES));
    expect(groups.map((g) => [g.code, g.cities.length, g.total])).toEqual([
      ["US", 1, 1],
      ["GB", 1, 2],
    ]);
  });
});
