import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeCity } from "@/test/factories";
import { pickVisitorCity, readVisitorHints, rememberCity, type VisitorHints } from "./visitor-place";

const place = (id: number, name: string, countryCode: string, timeZone: string) =>
  makeCity({ id, name, countryCode, timeZone, latitude: 0, longitude: 0 });

// The list's order: each country's main city first.
const CITIES = [
  place(1, "Johannesburg", "ZA", "Africa/Johannesburg"),
  place(4, "Cape Town", "ZA", "Africa/Johannesburg"),
  place(13, "New York", "US", "America/New_York"),
  place(14, "Los Angeles", "US", "America/Los_Angeles"),
  place(48, "London", "GB", "Europe/London"),
];
const NOBODY: VisitorHints = { visited: [], regions: [] };
const pick = (hints: Partial<VisitorHints>, candidates = CITIES) => {
  const found = pickVisitorCity(candidates, { ...NOBODY, ...hints }, CITIES);
  return found && [found.city.slug, found.reason];
};

describe("pickVisitorCity", () => {
  it("takes the named city, then the visited one, then the time zone's, then a country's, then the default", () => {
    const all = {
      chosen: "london",
      visited: [{ slug: "cape-town", country: "ZA" }],
      timeZone: "America/New_York",
      regions: ["US"],
    };
    expect(pick(all)).toEqual(["london", "chosen"]);
    expect(pick({ ...all, chosen: "atlantis" })).toEqual(["cape-town", "visited"]);
    expect(pick({ ...all, chosen: undefined, visited: [] })).toEqual(["new-york", "timeZone"]);
    expect(pick({ regions: ["FR", "GB"] })).toEqual(["london", "country"]);
    expect(pick({ timeZone: "Asia/Tokyo" })).toEqual(["johannesburg", "default"]);
  });

  it("stands in the country's first city of the list when the visitor's own city is not offered", () => {
    const withoutNewYork = CITIES.filter((city) => city.slug !== "new-york").reverse();
    expect(pick({ timeZone: "America/New_York" }, withoutNewYork)).toEqual(["los-angeles", "country"]);
    expect(pick({ visited: [{ slug: "new-york", country: "US" }] }, withoutNewYork)).toEqual([
      "los-angeles",
      "country",
    ]);
    const withoutJoburg = CITIES.slice(1);
    expect(pick({}, withoutJoburg)).toEqual(["cape-town", "default"]);
    expect(pick({}, [])).toBeNull();
  });
});

describe("readVisitorHints", () => {
  it("reads the newest city page in the cache, remembers it, and keeps an older remembered one second", () => {
    rememberCity(CITIES[4] as (typeof CITIES)[number]); // London, from an earlier visit
    const client = new QueryClient();
    client.setQueryData(["/api/cities/new-york"], CITIES[2]);
    const hints = readVisitorHints(client, undefined, {
      timeZone: "Europe/Paris",
      languages: ["en-GB", "en", "x-bad!"],
    });
    expect(hints).toEqual({
      chosen: undefined,
      visited: [
        { slug: "new-york", country: "US" },
        { slug: "london", country: "GB" },
      ],
      timeZone: "Europe/Paris",
      regions: ["GB"],
    });
    expect(readVisitorHints(null, "durban", { languages: [] }).visited).toEqual([{ slug: "new-york", country: "US" }]);
  });
});
