import { pickOtherCities } from "./other-cities";
import { auckland, cities, johannesburg } from "./test-fixtures";

const slugs = (list: { slug: string }[]) => list.map((city) => city.slug);

describe("pickOtherCities", () => {
  it("prefers cities of the same country and leaves out the current one", () => {
    expect(slugs(pickOtherCities(cities, johannesburg))).toEqual(["pretoria", "cape-town", "durban"]);
  });

  it("fills up with other countries when the country has too few cities", () => {
    expect(slugs(pickOtherCities(cities, auckland))).toEqual(["johannesburg", "pretoria", "cape-town"]);
  });

  it("returns what there is when the list is short", () => {
    expect(pickOtherCities([johannesburg], johannesburg)).toEqual([]);
  });
});
