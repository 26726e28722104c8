// Real answers from the live demo API (California, 22 Nov 2026), the prices trimmed to a few rows.
// Used only by the region page tests (and the city page's region test).
import type { Region, RegionPriceRow } from "@/api/client";

export const california: Region = {
  slug: "california",
  name: "California",
  country: {
    code: "US",
    name: "United States",
  },
  cities: [
    {
      id: 14,
      name: "Los Angeles",
      slug: "los-angeles",
      latitude: 34.0522,
      longitude: -118.2437,
      timeZone: "America/Los_Angeles",
      country: {
        code: "US",
        name: "United States",
        currency: "USD",
      },
      region: {
        slug: "california",
        name: "California",
      },
    },
    {
      id: 15,
      name: "San Francisco",
      slug: "san-francisco",
      latitude: 37.7749,
      longitude: -122.4194,
      timeZone: "America/Los_Angeles",
      country: {
        code: "US",
        name: "United States",
        currency: "USD",
      },
      region: {
        slug: "california",
        name: "California",
      },
    },
    {
      id: 16,
      name: "San Diego",
      slug: "san-diego",
      latitude: 32.7157,
      longitude: -117.1611,
      timeZone: "America/Los_Angeles",
      country: {
        code: "US",
        name: "United States",
        currency: "USD",
      },
      region: {
        slug: "california",
        name: "California",
      },
    },
    {
      id: 17,
      name: "Sacramento",
      slug: "sacramento",
      latitude: 38.5816,
      longitude: -121.4944,
      timeZone: "America/Los_Angeles",
      country: {
        code: "US",
        name: "United States",
        currency: "USD",
      },
      region: {
        slug: "california",
        name: "California",
      },
    },
    {
      id: 18,
      name: "San Jose",
      slug: "san-jose",
      latitude: 37.3382,
      longitude: -121.8863,
      timeZone: "America/Los_Angeles",
      country: {
        code: "US",
        name: "United States",
        currency: "USD",
      },
      region: {
        slug: "california",
        name: "California",
      },
    },
  ],
  scrapYardCount: 43,
};

export const californiaPrices: RegionPriceRow[] = [
  {
    material: {
      id: 29,
      name: "Silver (Sterling)",
      slug: "silver",
      grade: null,
      category: "Precious",
    },
    currency: "USD",
    averagePrice: "885.17",
    minPrice: "853.78",
    maxPrice: "908.68",
    cityCount: 5,
    date: "2026-11-22",
  },
  {
    material: {
      id: 3,
      name: "#1 Copper",
      slug: "copper-1",
      grade: "Clean",
      category: "Copper",
    },
    currency: "USD",
    averagePrice: "10.05",
    minPrice: "9.61",
    maxPrice: "10.45",
    cityCount: 5,
    date: "2026-11-22",
  },
  {
    material: {
      id: 1,
      name: "Copper",
      slug: "copper",
      grade: null,
      category: "Copper",
    },
    currency: "USD",
    averagePrice: "9.32",
    minPrice: "8.80",
    maxPrice: "9.64",
    cityCount: 5,
    date: "2026-11-22",
  },
  {
    material: {
      id: 2,
      name: "Bare Bright Copper",
      slug: "bare-bright-copper",
      grade: "Grade A",
      category: "Copper",
    },
    currency: "USD",
    averagePrice: "8.58",
    minPrice: "8.12",
    maxPrice: "8.88",
    cityCount: 5,
    date: "2026-11-22",
  },
];
