import type { City, Country, Yard, YardPage } from "@/api/client";
import { JOHANNESBURG, makeCity, makeYard, weekHours } from "@/test/factories";

// From GET /api/cities (a few).
const johannesburg = JOHANNESBURG;
const capeTown = makeCity({
  id: 4,
  name: "Cape Town",
  countryCode: "ZA",
  latitude: -33.9249,
  longitude: 18.4241,
  timeZone: "Africa/Johannesburg",
  region: { slug: "western-cape", name: "Western Cape" },
});
const sydney = makeCity({
  id: 38,
  name: "Sydney",
  countryCode: "AU",
  latitude: -33.8688,
  longitude: 151.2093,
  timeZone: "Australia/Sydney",
  region: { slug: "new-south-wales", name: "New South Wales" },
});
const canberra = makeCity({
  id: 45,
  name: "Canberra",
  countryCode: "AU",
  latitude: -35.2809,
  longitude: 149.13,
  timeZone: "Australia/Sydney",
  region: { slug: "australian-capital-territory", name: "Australian Capital Territory" },
});
const london = makeCity({
  id: 48,
  name: "London",
  countryCode: "GB",
  latitude: 51.5074,
  longitude: -0.1278,
  timeZone: "Europe/London",
  region: { slug: "england", name: "England" },
});
const mbombela = makeCity({
  id: 12,
  name: "Mbombela (Nelspruit)",
  slug: "mbombela",
  countryCode: "ZA",
  latitude: -25.4753,
  longitude: 30.9694,
  timeZone: "Africa/Johannesburg",
  region: { slug: "mpumalanga", name: "Mpumalanga" },
});
export const CITIES: City[] = [johannesburg, capeTown, sydney, canberra, london];

// From GET /api/scrap-yards (Montague: phone and website; Phoenix: phone only; Mercury: website only).
export const YARDS: Yard[] = [
  makeYard(capeTown, {
    id: 26,
    name: "Montague Gardens Recycling",
    address: "266 Main Road, Montague Gardens, Cape Town, 7460",
    phone: "021 555 0102",
    email: null,
    website: "https://montague-gardens-recycling-cape-town.example.com",
    rating: 5,
    reviewCount: 31,
    isOpen: false,
    latitude: -33.930916,
    longitude: 18.516652,
    weeklyHours: weekHours("08:30", "16:00", { opens: "08:00", closes: "13:00" }),
  }),
  makeYard(canberra, {
    id: 356,
    name: "Phoenix Recycling",
    address: "248 Foundry Road, Fyshwick ACT 2609",
    phone: "(02) 5550 0002",
    email: "info@phoenix-recycling-canberra.example.com",
    website: null,
    rating: 5,
    reviewCount: 463,
    isOpen: false,
    latitude: -35.351712,
    longitude: 149.237875,
    weeklyHours: weekHours("08:00", "16:30", { closes: "12:00" }),
  }),
  makeYard(mbombela, {
    id: 81,
    name: "Mercury Scrap Metal",
    address: "13 Industry Road, Kanyamazane, Mbombela (Nelspruit), 1200",
    phone: null,
    email: "info@mercury-scrap-metal-mbombela-nelspruit.example.com",
    website: "https://mercury-scrap-metal-mbombela-nelspruit.example.com",
    rating: 4.9,
    reviewCount: 199,
    isOpen: false,
    latitude: -25.457546,
    longitude: 30.915817,
    weeklyHours: weekHours("08:00", "16:30", { closes: "13:00" }),
  }),
];

// Copied from GET /api/countries (Nowhere added: a country without yards).
export const COUNTRIES: Country[] = [
  { code: "US", name: "United States", currency: "USD", cityCount: 25, yardCount: 219 },
  { code: "ZA", name: "South Africa", currency: "ZAR", cityCount: 12, yardCount: 83 },
  { code: "GB", name: "United Kingdom", currency: "GBP", cityCount: 12, yardCount: 85 },
  { code: "AU", name: "Australia", currency: "AUD", cityCount: 10, yardCount: 67 },
  { code: "XX", name: "Nowhere", currency: "USD", cityCount: 0, yardCount: 0 },
];

/** A GET /api/scrap-yards answer. */
export function yardPage(
  data: Yard[],
  pagination: Partial<YardPage["pagination"]> = {},
  stats: Partial<YardPage["stats"]> = {},
): YardPage {
  return {
    data: data.map((yard) => ({ ...yard, distanceKm: null })),
    attributions: [],
    pagination: { page: 1, pages: 1, total: data.length, limit: 20, ...pagination },
    stats: {
      total: data.length,
      countries: 2,
      cities: 3,
      openNow: 1,
      centerLatitude: -31.58,
      centerLongitude: 66.22,
      ...stats,
    },
    unfilteredTotal: 569,
  };
}
