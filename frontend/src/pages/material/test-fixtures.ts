// Small copies of live API answers (GET /api/materials/copper, its markets, their summary and
// cities, /api/prices/history) for this page's tests.
import type { City, CityRef, MarketPage, MarketSummary, Material, MaterialPriceRow, PriceHistory } from "@/api/client";
import type { MarketQuery } from "@/api/queries";
import { DEMO_SOURCE, makeCity } from "@/test/factories";

export const copper: Material = {
  id: 1,
  name: "Copper",
  slug: "copper",
  category: "Copper",
  saleUnit: "kg",
  grade: null,
  description: "General copper scrap such as pipe, tubing, bus bar and stripped wire, priced between #1 and #2 grades.",
};

export const bareBright: Material = {
  id: 2,
  name: "Bare Bright Copper",
  slug: "bare-bright-copper",
  category: "Copper",
  saleUnit: "kg",
  grade: "Grade A",
  description: "",
};

type RowInput = [
  id: number,
  cityId: number,
  name: string,
  slug: string,
  code: string,
  country: string,
  price: string,
  currency: string,
  priceUsd: string | null,
];

function row([id, cityId, name, slug, code, country, price, currency, priceUsd]: RowInput): MaterialPriceRow {
  return {
    id,
    materialId: 1,
    cityId,
    price,
    priceExact: Number(price).toFixed(4),
    currency,
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: price,
    previousPriceExact: Number(price).toFixed(4),
    change: "0.00",
    changeExact: "0.0000",
    changePercent: 0,
    trend: "flat",
    source: DEMO_SOURCE,
    stale: false,
    estimate: null,
    city: { id: cityId, name, slug, country: { code, name: country } },
    priceUsd,
    priceUsdExact: priceUsd === null ? null : Number(priceUsd).toFixed(4),
  };
}

// As the API sends them (its own order); USD: 9.51, 9.37, 9.31, 9.18, 9.03, 8.88, 7.97.
export const copperPrices: MaterialPriceRow[] = [
  row([138780, 69, "Halifax", "halifax", "CA", "Canada", "13.18", "CAD", "9.51"]),
  row([16380, 9, "Polokwane", "polokwane", "ZA", "South Africa", "174.95", "ZAR", "9.37"]),
  row([26580, 14, "Los Angeles", "los-angeles", "US", "United States", "9.31", "USD", "9.31"]),
  row([60, 1, "Johannesburg", "johannesburg", "ZA", "South Africa", "171.52", "ZAR", "9.18"]),
  row([75540, 38, "Sydney", "sydney", "AU", "Australia", "13.71", "AUD", "9.03"]),
  row([95940, 48, "London", "london", "GB", "United Kingdom", "7.25", "GBP", "8.88"]),
  row([146940, 73, "Madrid", "madrid", "ES", "Spain", "7.09", "EUR", "7.97"]),
];

export function priceRow(input: RowInput): MaterialPriceRow {
  return row(input);
}

/** The table's first query, as the page asks for it with nothing in its URL. */
export const FIRST_MARKETS: MarketQuery = { page: 1, limit: 20, sort: "price", order: "desc" };

/** One page of markets as the API answers it. */
export function marketPage(rows: MaterialPriceRow[], page = 1, total = rows.length, limit = 20): MarketPage {
  return { data: rows, pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } };
}

// /api/materials/copper/markets/summary for copperPrices: (9.51 + 9.37 + 9.31 + 9.18 + 9.03 +
// 8.88 + 7.97) / 7 = 9.035714…, which the exact figure sends to four places; seven cities in
// six countries (two South African).
export const copperSummary: MarketSummary = {
  cityCount: 7,
  countryCount: 6,
  usdCount: 7,
  averageUsd: "9.035714",
  averageUsdExact: "9.0357",
  minUsd: "7.97",
  minUsdExact: "7.9700",
  maxUsd: "9.51",
  maxUsdExact: "9.5100",
  highest: copperPrices[0] ?? null,
  lowest: copperPrices[6] ?? null,
  top: copperPrices.slice(0, 5),
};

// /api/materials/copper/markets/cities: A to Z.
export const copperCities: CityRef[] = [
  "Halifax",
  "Johannesburg",
  "London",
  "Los Angeles",
  "Madrid",
  "Polokwane",
  "Sydney",
].map((name) => copperPrices.find((entry) => entry.city.name === name)?.city as CityRef);

const place = (id: number, name: string, countryCode: string, timeZone: string) =>
  makeCity({ id, name, countryCode, timeZone, latitude: 0, longitude: 0 });

/** GET /api/cities for these tests, in the list's order: New York has no copper price here. */
export const allCities: City[] = [
  place(1, "Johannesburg", "ZA", "Africa/Johannesburg"),
  place(9, "Polokwane", "ZA", "Africa/Johannesburg"),
  place(13, "New York", "US", "America/New_York"),
  place(14, "Los Angeles", "US", "America/Los_Angeles"),
  place(38, "Sydney", "AU", "Australia/Sydney"),
  place(48, "London", "GB", "Europe/London"),
  place(69, "Halifax", "CA", "America/Halifax"),
  place(73, "Madrid", "ES", "Europe/Madrid"),
];

export const johannesburgHistory: PriceHistory = {
  materialSlug: "copper",
  citySlug: "johannesburg",
  currency: "ZAR",
  unit: "kg",
  saleUnit: "kg",
  resolution: "day",
  reference: [],
  referenceName: null,
  points: [
    { date: "2026-11-19", price: "169.74", priceExact: "169.7400" },
    { date: "2026-11-20", price: "171.19", priceExact: "171.1900" },
    { date: "2026-11-21", price: "171.80", priceExact: "171.8000" },
    { date: "2026-11-22", price: "171.52", priceExact: "171.5200" },
  ],
};

export const londonHistory: PriceHistory = {
  materialSlug: "copper",
  citySlug: "london",
  currency: "GBP",
  unit: "kg",
  saleUnit: "kg",
  resolution: "day",
  reference: [],
  referenceName: null,
  points: [
    { date: "2026-11-20", price: "7.19", priceExact: "7.1900" },
    { date: "2026-11-21", price: "7.19", priceExact: "7.1900" },
    { date: "2026-11-22", price: "7.25", priceExact: "7.2500" },
  ],
};
