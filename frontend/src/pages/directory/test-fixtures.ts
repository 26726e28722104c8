import type { City, Country, Yard, YardPage } from "@/api/client";

// Copied from GET /api/scrap-yards (Montague: phone and website; Phoenix: phone only; Mercury: website only).
export const YARDS: Yard[] = [
  {
    id: 26,
    name: "Montague Gardens Recycling",
    address: "266 Main Road, Montague Gardens, Cape Town, 7460",
    phone: "021 555 0102",
    email: null,
    website: "https://montague-gardens-recycling-cape-town.example.com",
    rating: 5.0,
    reviewCount: 31,
    isOpen: false,
    openingHours:
      "Monday: 8:30 AM - 4:00 PM\nTuesday: 8:30 AM - 4:00 PM\nWednesday: 8:30 AM - 4:00 PM\nThursday: 8:30 AM - 4:00 PM\nFriday: 8:30 AM - 4:00 PM\nSaturday: 8:00 AM - 1:00 PM\nSunday: Closed",
    weeklyHours: [
      {
        day: 0,
        opens: "08:30",
        closes: "16:00",
      },
      {
        day: 1,
        opens: "08:30",
        closes: "16:00",
      },
      {
        day: 2,
        opens: "08:30",
        closes: "16:00",
      },
      {
        day: 3,
        opens: "08:30",
        closes: "16:00",
      },
      {
        day: 4,
        opens: "08:30",
        closes: "16:00",
      },
      {
        day: 5,
        opens: "08:00",
        closes: "13:00",
      },
    ],
    latitude: -33.930916,
    longitude: 18.516652,
    city: {
      id: 4,
      name: "Cape Town",
      slug: "cape-town",
      latitude: -33.9249,
      longitude: 18.4241,
      timeZone: "Africa/Johannesburg",
      country: {
        code: "ZA",
        name: "South Africa",
        currency: "ZAR",
      },
      region: {
        slug: "western-cape",
        name: "Western Cape",
      },
    },
  },
  {
    id: 356,
    name: "Phoenix Recycling",
    address: "248 Foundry Road, Fyshwick ACT 2609",
    phone: "(02) 5550 0002",
    email: "info@phoenix-recycling-canberra.example.com",
    website: null,
    rating: 5.0,
    reviewCount: 463,
    isOpen: false,
    openingHours:
      "Monday: 8:00 AM - 4:30 PM\nTuesday: 8:00 AM - 4:30 PM\nWednesday: 8:00 AM - 4:30 PM\nThursday: 8:00 AM - 4:30 PM\nFriday: 8:00 AM - 4:30 PM\nSaturday: 8:00 AM - 12:00 PM\nSunday: Closed",
    weeklyHours: [
      {
        day: 0,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 1,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 2,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 3,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 4,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 5,
        opens: "08:00",
        closes: "12:00",
      },
    ],
    latitude: -35.351712,
    longitude: 149.237875,
    city: {
      id: 45,
      name: "Canberra",
      slug: "canberra",
      latitude: -35.2809,
      longitude: 149.13,
      timeZone: "Australia/Sydney",
      country: {
        code: "AU",
        name: "Australia",
        currency: "AUD",
      },
      region: {
        slug: "australian-capital-territory",
        name: "Australian Capital Territory",
      },
    },
  },
  {
    id: 81,
    name: "Mercury Scrap Metal",
    address: "13 Industry Road, Kanyamazane, Mbombela (Nelspruit), 1200",
    phone: null,
    email: "info@mercury-scrap-metal-mbombela-nelspruit.example.com",
    website: "https://mercury-scrap-metal-mbombela-nelspruit.example.com",
    rating: 4.9,
    reviewCount: 199,
    isOpen: false,
    openingHours:
      "Monday: 8:00 AM - 4:30 PM\nTuesday: 8:00 AM - 4:30 PM\nWednesday: 8:00 AM - 4:30 PM\nThursday: 8:00 AM - 4:30 PM\nFriday: 8:00 AM - 4:30 PM\nSaturday: 8:00 AM - 1:00 PM\nSunday: Closed",
    weeklyHours: [
      {
        day: 0,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 1,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 2,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 3,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 4,
        opens: "08:00",
        closes: "16:30",
      },
      {
        day: 5,
        opens: "08:00",
        closes: "13:00",
      },
    ],
    latitude: -25.457546,
    longitude: 30.915817,
    city: {
      id: 12,
      name: "Mbombela (Nelspruit)",
      slug: "mbombela",
      latitude: -25.4753,
      longitude: 30.9694,
      timeZone: "Africa/Johannesburg",
      country: {
        code: "ZA",
        name: "South Africa",
        currency: "ZAR",
      },
      region: {
        slug: "mpumalanga",
        name: "Mpumalanga",
      },
    },
  },
];

// Copied from GET /api/countries (Nowhere added: a country without yards).
export const COUNTRIES: Country[] = [
  { code: "US", name: "United States", currency: "USD", cityCount: 25, yardCount: 219 },
  { code: "ZA", name: "South Africa", currency: "ZAR", cityCount: 12, yardCount: 83 },
  { code: "GB", name: "United Kingdom", currency: "GBP", cityCount: 12, yardCount: 85 },
  { code: "AU", name: "Australia", currency: "AUD", cityCount: 10, yardCount: 67 },
  { code: "XX", name: "Nowhere", currency: "USD", cityCount: 0, yardCount: 0 },
];

// Copied from GET /api/cities (a few).
export const CITIES: City[] = [
  {
    id: 1,
    name: "Johannesburg",
    slug: "johannesburg",
    latitude: -26.2041,
    longitude: 28.0473,
    timeZone: "Africa/Johannesburg",
    country: {
      code: "ZA",
      name: "South Africa",
      currency: "ZAR",
    },
    region: {
      slug: "gauteng",
      name: "Gauteng",
    },
  },
  {
    id: 4,
    name: "Cape Town",
    slug: "cape-town",
    latitude: -33.9249,
    longitude: 18.4241,
    timeZone: "Africa/Johannesburg",
    country: {
      code: "ZA",
      name: "South Africa",
      currency: "ZAR",
    },
    region: {
      slug: "western-cape",
      name: "Western Cape",
    },
  },
  {
    id: 38,
    name: "Sydney",
    slug: "sydney",
    latitude: -33.8688,
    longitude: 151.2093,
    timeZone: "Australia/Sydney",
    country: {
      code: "AU",
      name: "Australia",
      currency: "AUD",
    },
    region: {
      slug: "new-south-wales",
      name: "New South Wales",
    },
  },
  {
    id: 45,
    name: "Canberra",
    slug: "canberra",
    latitude: -35.2809,
    longitude: 149.13,
    timeZone: "Australia/Sydney",
    country: {
      code: "AU",
      name: "Australia",
      currency: "AUD",
    },
    region: {
      slug: "australian-capital-territory",
      name: "Australian Capital Territory",
    },
  },
  {
    id: 48,
    name: "London",
    slug: "london",
    latitude: 51.5074,
    longitude: -0.1278,
    timeZone: "Europe/London",
    country: {
      code: "GB",
      name: "United Kingdom",
      currency: "GBP",
    },
    region: {
      slug: "england",
      name: "England",
    },
  },
];

/** A GET /api/scrap-yards answer. */
export function yardPage(
  data: Yard[],
  pagination: Partial<YardPage["pagination"]> = {},
  stats: Partial<YardPage["stats"]> = {},
): YardPage {
  return {
    data,
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
