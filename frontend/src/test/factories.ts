// Test data built on the generated API types: a test names what matters to it (a city's name, a
// price) and the factory fills in the rest the way the API does, so fixtures cannot drift from
// the schema and derived fields (a price's change and trend, a page's count) stay consistent.
import type { City, CityPriceRow, Schemas, WeeklyHours, Yard } from "@/api/client";
import { type SaleUnit, storedUnit } from "@/lib/format";
import { hoursLines } from "@/lib/hours";

export const DEMO_SOURCE = { name: "ScrapIndex demo data (generated, not real quotes)", kind: "demo" } as const;

const COUNTRIES: Record<string, { name: string; currency: string }> = {
  ZA: { name: "South Africa", currency: "ZAR" },
  US: { name: "United States", currency: "USD" },
  AU: { name: "Australia", currency: "AUD" },
  GB: { name: "United Kingdom", currency: "GBP" },
  CA: { name: "Canada", currency: "CAD" },
  NZ: { name: "New Zealand", currency: "NZD" },
  ES: { name: "Spain", currency: "EUR" },
};

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

type CityFields = Pick<City, "id" | "name" | "latitude" | "longitude" | "timeZone"> & {
  countryCode: string;
  slug?: string;
  region?: City["region"];
};

export function makeCity({ countryCode, slug, region = null, ...fields }: CityFields): City {
  const country = COUNTRIES[countryCode];
  if (!country) throw new Error(`no test country ${countryCode}`);
  return { ...fields, slug: slug ?? slugOf(fields.name), country: { code: countryCode, ...country }, region };
}

export type MaterialRef = Schemas["MaterialRef"];

/** A material; sold by weight (per kg) unless `saleUnit` says otherwise, as the API's reference data does. */
export function makeMaterial(
  id: number,
  name: string,
  category: string,
  {
    slug = slugOf(name),
    grade = null,
    saleUnit = "kg",
  }: { slug?: string; grade?: string | null; saleUnit?: SaleUnit } = {},
): MaterialRef {
  return { id, name, slug, grade, category, saleUnit };
}

const cents = (perKg: string) => Number(perKg).toFixed(2);
const stored = (perKg: string | number) => Number(perKg).toFixed(4);

/**
 * A city's latest price of a material, given as stored (up to four decimals: "0.1285"): per kg, or
 * per piece for a material sold by the piece. The two-decimal fields, change, its percentage and
 * the trend follow from the two prices.
 */
export function makeCityPriceRow(
  id: number,
  city: City,
  material: MaterialRef,
  price: string,
  previousPrice: string | null,
  { date = "2026-11-22", updatedAt = `${date}T00:00:00Z` }: { date?: string; updatedAt?: string } = {},
): CityPriceRow {
  // In ten-thousandths, as the server subtracts exact decimals.
  const change =
    previousPrice === null
      ? null
      : (Math.round(Number(price) * 10_000) - Math.round(Number(previousPrice) * 10_000)) / 10_000;
  const percent =
    previousPrice === null || Number(previousPrice) === 0 ? null : ((change ?? 0) / Number(previousPrice)) * 100;
  return {
    id,
    materialId: material.id,
    cityId: city.id,
    price: cents(price),
    priceExact: stored(price),
    currency: city.country.currency,
    unit: storedUnit(material.saleUnit),
    date,
    updatedAt,
    previousPrice: previousPrice === null ? null : cents(previousPrice),
    previousPriceExact: previousPrice === null ? null : stored(previousPrice),
    change: change === null ? null : change.toFixed(2),
    changeExact: change === null ? null : stored(change),
    changePercent: percent === null ? null : Math.round(percent * 10) / 10,
    trend: change === null || change === 0 ? "flat" : change > 0 ? "up" : "down",
    source: DEMO_SOURCE,
    stale: false,
    estimate: null,
    material,
  };
}

/** Weekly hours: Monday to Friday (days 0-4) from opens to closes; Saturday when given. */
export function weekHours(opens: string, closes: string, saturday?: { opens?: string; closes: string }): WeeklyHours {
  const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, opens, closes }));
  return saturday ? [...weekdays, { day: 5, opens: saturday.opens ?? opens, closes: saturday.closes }] : weekdays;
}

type YardFields = Pick<Yard, "id" | "name" | "address" | "latitude" | "longitude"> & Partial<Yard>;

/** A yard of a city; its hours text is written from its weekly hours, as the server writes it. */
export function makeYard(city: City, fields: YardFields): Yard {
  const weeklyHours = fields.weeklyHours ?? [];
  return {
    phone: null,
    email: null,
    website: null,
    rating: null,
    reviewCount: 0,
    isOpen: null,
    openingHours: weeklyHours.length > 0 ? hoursLines(weeklyHours).join("\n") : null,
    city,
    ...fields,
    weeklyHours,
  };
}

/** One page of a paged answer, its pagination worked out as the API does. */
export function makePage<T>(data: T[], { page = 1, limit = data.length || 1, total = data.length } = {}) {
  return { data, pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } };
}

/** The demo's first city, which most page tests use. */
export const JOHANNESBURG = makeCity({
  id: 1,
  name: "Johannesburg",
  countryCode: "ZA",
  latitude: -26.2041,
  longitude: 28.0473,
  timeZone: "Africa/Johannesburg",
  region: { slug: "gauteng", name: "Gauteng" },
});
