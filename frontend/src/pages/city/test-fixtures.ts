// Real answers from the live demo API (Johannesburg and Auckland, 22 Nov 2026), trimmed to a few rows.
// Used only by the city page tests.
import type { City, CityOverview, CityPriceRow, LegalItem, Schemas } from "@/api/client";

export const johannesburg: City = {
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
};

export const johannesburgPrices: CityPriceRow[] = [
  {
    id: 1740,
    materialId: 29,
    cityId: 1,
    price: "16725.77",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "16725.77",
    change: "0.00",
    changePercent: 0.0,
    trend: "flat",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 29,
      name: "Silver (Sterling)",
      slug: "silver",
      grade: null,
      category: "Precious",
    },
  },
  {
    id: 1680,
    materialId: 28,
    cityId: 1,
    price: "991.45",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "1053.70",
    change: "-62.25",
    changePercent: -5.9,
    trend: "down",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 28,
      name: "Catalytic Converters",
      slug: "catalytic-converters",
      grade: null,
      category: "Precious",
    },
  },
  {
    id: 120,
    materialId: 2,
    cityId: 1,
    price: "189.62",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "191.49",
    change: "-1.87",
    changePercent: -1.0,
    trend: "down",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 2,
      name: "Bare Bright Copper",
      slug: "bare-bright-copper",
      grade: "Grade A",
      category: "Copper",
    },
  },
  {
    id: 180,
    materialId: 3,
    cityId: 1,
    price: "173.75",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "173.24",
    change: "0.51",
    changePercent: 0.3,
    trend: "up",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 3,
      name: "#1 Copper",
      slug: "copper-1",
      grade: "Clean",
      category: "Copper",
    },
  },
  {
    id: 60,
    materialId: 1,
    cityId: 1,
    price: "171.52",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "171.80",
    change: "-0.28",
    changePercent: -0.2,
    trend: "down",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 1,
      name: "Copper",
      slug: "copper",
      grade: null,
      category: "Copper",
    },
  },
  {
    id: 420,
    materialId: 7,
    cityId: 1,
    price: "113.09",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "112.15",
    change: "0.94",
    changePercent: 0.8,
    trend: "up",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 7,
      name: "Brass",
      slug: "brass",
      grade: null,
      category: "Brass",
    },
  },
  {
    id: 1020,
    materialId: 17,
    cityId: 1,
    price: "4.56",
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "4.56",
    change: "0.00",
    changePercent: 0.0,
    trend: "flat",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 17,
      name: "Steel",
      slug: "steel",
      grade: null,
      category: "Steel",
    },
  },
];

export const johannesburgOverview: CityOverview = {
  currency: "ZAR",
  topPrice: "16725.77",
  topMaterial: "Silver (Sterling)",
  topMaterialSlug: "silver",
  averagePrice: "586.07",
  priceChanges: 11,
  materialsDown: 9,
  materialsTracked: 34,
  scrapYardCount: 9,
  lastUpdated: "2026-11-22T00:00:00Z",
  timeZone: "Africa/Johannesburg",
};

export const johannesburgYards: Schemas["CityYardPage"] = {
  data: [
    {
      id: 1,
      name: "Pioneer Metal Traders",
      address: "39 Old Pretoria Road, Selby, Johannesburg, 2001",
      phone: "011 555 0100",
      email: "info@pioneer-metal-traders-johannesburg.example.com",
      website: "https://pioneer-metal-traders-johannesburg.example.com",
      rating: 4.9,
      reviewCount: 13,
      isOpen: false,
      openingHours:
        "Monday: 8:00 AM - 5:30 PM\nTuesday: 8:00 AM - 5:30 PM\nWednesday: 8:00 AM - 5:30 PM\nThursday: 8:00 AM - 5:30 PM\nFriday: 8:00 AM - 5:30 PM\nSaturday: 8:00 AM - 1:00 PM\nSunday: Closed",
      weeklyHours: [
        {
          day: 0,
          opens: "08:00",
          closes: "17:30",
        },
        {
          day: 1,
          opens: "08:00",
          closes: "17:30",
        },
        {
          day: 2,
          opens: "08:00",
          closes: "17:30",
        },
        {
          day: 3,
          opens: "08:00",
          closes: "17:30",
        },
        {
          day: 4,
          opens: "08:00",
          closes: "17:30",
        },
        {
          day: 5,
          opens: "08:00",
          closes: "13:00",
        },
      ],
      latitude: -26.179157,
      longitude: 28.125762,
      city: {
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
    },
    {
      id: 2,
      name: "Anchor Scrap Yard",
      address: "268 Lower Germiston Road, Selby, Johannesburg, 2001",
      phone: "011 555 0101",
      email: "info@anchor-scrap-yard-johannesburg.example.com",
      website: null,
      rating: 4.8,
      reviewCount: 8,
      isOpen: false,
      openingHours:
        "Monday: 7:00 AM - 6:00 PM\nTuesday: 7:00 AM - 6:00 PM\nWednesday: 7:00 AM - 6:00 PM\nThursday: 7:00 AM - 6:00 PM\nFriday: 7:00 AM - 6:00 PM\nSaturday: 8:00 AM - 12:00 PM\nSunday: Closed",
      weeklyHours: [
        {
          day: 0,
          opens: "07:00",
          closes: "18:00",
        },
        {
          day: 1,
          opens: "07:00",
          closes: "18:00",
        },
        {
          day: 2,
          opens: "07:00",
          closes: "18:00",
        },
        {
          day: 3,
          opens: "07:00",
          closes: "18:00",
        },
        {
          day: 4,
          opens: "07:00",
          closes: "18:00",
        },
        {
          day: 5,
          opens: "08:00",
          closes: "12:00",
        },
      ],
      latitude: -26.239423,
      longitude: 28.080391,
      city: {
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
    },
    {
      id: 4,
      name: "Northside Salvage",
      address: "135 Station Road, Booysens, Johannesburg, 2001",
      phone: "011 555 0103",
      email: "info@northside-salvage-johannesburg.example.com",
      website: "https://northside-salvage-johannesburg.example.com",
      rating: 4.4,
      reviewCount: 138,
      isOpen: false,
      openingHours:
        "Monday: 7:30 AM - 4:30 PM\nTuesday: 7:30 AM - 4:30 PM\nWednesday: 7:30 AM - 4:30 PM\nThursday: 7:30 AM - 4:30 PM\nFriday: 7:30 AM - 4:30 PM\nSaturday: 8:00 AM - 1:00 PM\nSunday: Closed",
      weeklyHours: [
        {
          day: 0,
          opens: "07:30",
          closes: "16:30",
        },
        {
          day: 1,
          opens: "07:30",
          closes: "16:30",
        },
        {
          day: 2,
          opens: "07:30",
          closes: "16:30",
        },
        {
          day: 3,
          opens: "07:30",
          closes: "16:30",
        },
        {
          day: 4,
          opens: "07:30",
          closes: "16:30",
        },
        {
          day: 5,
          opens: "08:00",
          closes: "13:00",
        },
      ],
      latitude: -26.240385,
      longitude: 28.11806,
      city: {
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
    },
  ],
  pagination: {
    page: 1,
    pages: 3,
    total: 9,
    limit: 3,
  },
};

export const cities: City[] = [
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
    id: 2,
    name: "Pretoria",
    slug: "pretoria",
    latitude: -25.7479,
    longitude: 28.2293,
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
    id: 5,
    name: "Durban",
    slug: "durban",
    latitude: -29.8587,
    longitude: 31.0218,
    timeZone: "Africa/Johannesburg",
    country: {
      code: "ZA",
      name: "South Africa",
      currency: "ZAR",
    },
    region: {
      slug: "kwazulu-natal",
      name: "KwaZulu-Natal",
    },
  },
  {
    id: 13,
    name: "New York",
    slug: "new-york",
    latitude: 40.7128,
    longitude: -74.006,
    timeZone: "America/New_York",
    country: {
      code: "US",
      name: "United States",
      currency: "USD",
    },
    region: {
      slug: "new-york",
      name: "New York",
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
  {
    id: 70,
    name: "Auckland",
    slug: "auckland",
    latitude: -36.8485,
    longitude: 174.7633,
    timeZone: "Pacific/Auckland",
    country: {
      code: "NZ",
      name: "New Zealand",
      currency: "NZD",
    },
    region: {
      slug: "auckland",
      name: "Auckland",
    },
  },
];

export const zaLegal: LegalItem[] = [
  {
    title: "Second-Hand Goods Dealer Registration",
    description:
      "Any business that buys or sells second-hand goods, including scrap metal, must be registered with the South African Police Service (SAPS). A separate certificate of registration is needed for each premises, and it must be displayed where police can see it.",
    requirement:
      "Register every trading premises with the SAPS National Commissioner before dealing, and display the original certificate on site.",
    penalty: "A fine of up to R100,000 or imprisonment of up to 5 years for certain offences under the Act.",
    category: "licensing",
    source: "Second-Hand Goods Act 6 of 2009",
  },
  {
    title: "Recycler Registration for Controlled Metals",
    description:
      "Dealers who recycle controlled metals, such as copper and other non-ferrous metals listed in the Act, must also register as a recycler. It is an offence to possess equipment for recycling controlled metals without that registration.",
    requirement:
      "Obtain recycler registration from SAPS, in addition to dealer registration, before processing or recycling controlled metals.",
    penalty: null,
    category: "licensing",
    source: "Second-Hand Goods Act 6 of 2009, Chapter 6 (Controlled Metals)",
  },
  {
    title: "Seller Identification",
    description:
      "Before buying, a dealer must record the seller's full names, address, contact number and identity number, and note how that identity was verified. Goods may not be bought from anyone under 18.",
    requirement:
      "Check the seller's original identity document, keep a copy, and refuse the sale if identity or ownership cannot be established.",
    penalty: null,
    category: "identification",
    source: "Second-Hand Goods Act 6 of 2009, section 21",
  },
  {
    title: "Transaction Register Kept for at Least 3 Years",
    description:
      "Every acquisition and disposal must be entered in the prescribed register at the time of the transaction, including a description of the goods, any distinguishing marks, the price paid and the staff member involved. Registers may be paper or electronic, but police must be able to inspect them.",
    requirement:
      "Keep registers and copies of seller ID documents for at least 3 years, and confirm the current retention period with your local SAPS designated second-hand goods officer.",
    penalty: "A fine of up to R100,000 or imprisonment of up to 5 years for certain offences under the Act.",
    category: "records",
    source: "Second-Hand Goods Act 6 of 2009; Regulations for Dealers and Recyclers, 2012",
  },
];

export const auckland: City = {
  id: 70,
  name: "Auckland",
  slug: "auckland",
  latitude: -36.8485,
  longitude: 174.7633,
  timeZone: "Pacific/Auckland",
  country: {
    code: "NZ",
    name: "New Zealand",
    currency: "NZD",
  },
  region: {
    slug: "auckland",
    name: "Auckland",
  },
};

export const aucklandOverview: CityOverview = {
  currency: "NZD",
  topPrice: "1492.86",
  topMaterial: "Silver (Sterling)",
  topMaterialSlug: "silver",
  averagePrice: "51.96",
  priceChanges: 8,
  materialsDown: 10,
  materialsTracked: 34,
  scrapYardCount: 7,
  lastUpdated: "2026-11-22T00:00:00Z",
  timeZone: "Pacific/Auckland",
};

export const aucklandPrices: CityPriceRow[] = [
  {
    id: 140820,
    materialId: 1,
    cityId: 70,
    price: "14.91",
    currency: "NZD",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "14.91",
    change: "0.00",
    changePercent: 0.0,
    trend: "flat",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 1,
      name: "Copper",
      slug: "copper",
      grade: null,
      category: "Copper",
    },
  },
  {
    id: 141180,
    materialId: 7,
    cityId: 70,
    price: "9.48",
    currency: "NZD",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: "9.48",
    change: "0.00",
    changePercent: 0.0,
    trend: "flat",
    source: {
      name: "ScrapIndex demo data (generated, not real quotes)",
      kind: "demo",
    },
    material: {
      id: 7,
      name: "Brass",
      slug: "brass",
      grade: null,
      category: "Brass",
    },
  },
];

export const aucklandYards: Schemas["CityYardPage"] = {
  data: [
    {
      id: 532,
      name: "Apex Metals",
      address: "107 Great South Road, Onehunga, Auckland, 1061",
      phone: "09 555 0105",
      email: "info@apex-metals-auckland.example.com",
      website: "https://apex-metals-auckland.example.com",
      rating: 4.8,
      reviewCount: 13,
      isOpen: false,
      openingHours:
        "Monday: 8:30 AM - 5:00 PM\nTuesday: 8:30 AM - 5:00 PM\nWednesday: 8:30 AM - 5:00 PM\nThursday: 8:30 AM - 5:00 PM\nFriday: 8:30 AM - 5:00 PM\nSaturday: Closed\nSunday: Closed",
      weeklyHours: [
        {
          day: 0,
          opens: "08:30",
          closes: "17:00",
        },
        {
          day: 1,
          opens: "08:30",
          closes: "17:00",
        },
        {
          day: 2,
          opens: "08:30",
          closes: "17:00",
        },
        {
          day: 3,
          opens: "08:30",
          closes: "17:00",
        },
        {
          day: 4,
          opens: "08:30",
          closes: "17:00",
        },
      ],
      latitude: -36.850817,
      longitude: 174.811758,
      city: {
        id: 70,
        name: "Auckland",
        slug: "auckland",
        latitude: -36.8485,
        longitude: 174.7633,
        timeZone: "Pacific/Auckland",
        country: {
          code: "NZ",
          name: "New Zealand",
          currency: "NZD",
        },
        region: {
          slug: "auckland",
          name: "Auckland",
        },
      },
    },
  ],
  pagination: {
    page: 1,
    pages: 3,
    total: 7,
    limit: 3,
  },
};
