// Answers of the live demo API (Johannesburg and Auckland, 22 Nov 2026), trimmed to a few rows and
// rebuilt with the factories of src/test/factories.ts. Used only by the city page tests.
import type { City, CityOverview, LegalItem, SellerChecklist } from "@/api/client";
import {
  JOHANNESBURG,
  makeCity,
  makeCityPriceRow,
  makeMaterial,
  makePage,
  makeYard,
  weekHours,
} from "@/test/factories";

export const johannesburg = JOHANNESBURG;
export const auckland: City = makeCity({
  id: 70,
  name: "Auckland",
  countryCode: "NZ",
  latitude: -36.8485,
  longitude: 174.7633,
  timeZone: "Pacific/Auckland",
  region: { slug: "auckland", name: "Auckland" },
});

const cities: City[] = [
  johannesburg,
  makeCity({
    id: 2,
    name: "Pretoria",
    countryCode: "ZA",
    latitude: -25.7479,
    longitude: 28.2293,
    timeZone: "Africa/Johannesburg",
    region: { slug: "gauteng", name: "Gauteng" },
  }),
  makeCity({
    id: 4,
    name: "Cape Town",
    countryCode: "ZA",
    latitude: -33.9249,
    longitude: 18.4241,
    timeZone: "Africa/Johannesburg",
    region: { slug: "western-cape", name: "Western Cape" },
  }),
  makeCity({
    id: 5,
    name: "Durban",
    countryCode: "ZA",
    latitude: -29.8587,
    longitude: 31.0218,
    timeZone: "Africa/Johannesburg",
    region: { slug: "kwazulu-natal", name: "KwaZulu-Natal" },
  }),
  makeCity({
    id: 13,
    name: "New York",
    countryCode: "US",
    latitude: 40.7128,
    longitude: -74.006,
    timeZone: "America/New_York",
    region: { slug: "new-york", name: "New York" },
  }),
  makeCity({
    id: 48,
    name: "London",
    countryCode: "GB",
    latitude: 51.5074,
    longitude: -0.1278,
    timeZone: "Europe/London",
    region: { slug: "england", name: "England" },
  }),
  makeCity({
    id: 70,
    name: "Auckland",
    countryCode: "NZ",
    latitude: -36.8485,
    longitude: 174.7633,
    timeZone: "Pacific/Auckland",
    region: { slug: "auckland", name: "Auckland" },
  }),
];

// As GET /api/cities/{slug}/others answers: three others, the city's own country's first.
export const otherThanJohannesburg: City[] = cities.slice(1, 4);
export const otherThanAuckland: City[] = cities.slice(0, 3);

export const johannesburgPrices = [
  makeCityPriceRow(
    1740,
    johannesburg,
    makeMaterial(29, "Silver (Sterling)", "Precious", { slug: "silver", saleUnit: "troy_oz" }),
    "16725.77",
    "16725.77",
  ),
  makeCityPriceRow(
    1680,
    johannesburg,
    makeMaterial(28, "Catalytic Converters", "Precious", { saleUnit: "piece" }),
    "991.45",
    "1053.70",
  ),
  makeCityPriceRow(
    120,
    johannesburg,
    makeMaterial(2, "Bare Bright Copper", "Copper", { grade: "Grade A" }),
    "189.62",
    "191.49",
  ),
  makeCityPriceRow(
    180,
    johannesburg,
    makeMaterial(3, "#1 Copper", "Copper", { slug: "copper-1", grade: "Clean" }),
    "173.75",
    "173.24",
  ),
  makeCityPriceRow(60, johannesburg, makeMaterial(1, "Copper", "Copper"), "171.52", "171.80"),
  makeCityPriceRow(420, johannesburg, makeMaterial(7, "Brass", "Brass"), "113.09", "112.15"),
  makeCityPriceRow(1020, johannesburg, makeMaterial(17, "Steel", "Steel"), "4.56", "4.56"),
];

export const aucklandPrices = [
  makeCityPriceRow(140820, auckland, makeMaterial(1, "Copper", "Copper"), "14.91", "14.91"),
  makeCityPriceRow(141180, auckland, makeMaterial(7, "Brass", "Brass"), "9.48", "9.48"),
];

export const johannesburgOverview: CityOverview = {
  currency: "ZAR",
  topPrice: "16725.77",
  topPriceExact: "16725.7700",
  topMaterial: "Silver (Sterling)",
  topMaterialSlug: "silver",
  averagePrice: "586.07",
  averagePriceExact: "586.0700",
  copperPrice: "173.75",
  copperPriceExact: "173.7500",
  copperMaterial: "#1 Copper",
  copperMaterialSlug: "copper-1",
  copperKind: "estimate",
  priceChanges: 11,
  materialsDown: 9,
  materialsTracked: 34,
  scrapYardCount: 9,
  lastUpdated: "2026-11-22T04:12:09Z",
  lastUpdatedDayOnly: false,
  timeZone: "Africa/Johannesburg",
  postedPrices: { yards: 0, prices: 0, best: [] }, // no yard of the demo posts its own
};

export const aucklandOverview: CityOverview = {
  currency: "NZD",
  topPrice: "1492.86",
  topPriceExact: "1492.8600",
  topMaterial: "Silver (Sterling)",
  topMaterialSlug: "silver",
  averagePrice: "51.96",
  averagePriceExact: "51.9600",
  copperPrice: "13.07",
  copperPriceExact: "13.0700",
  copperMaterial: "#1 Copper",
  copperMaterialSlug: "copper-1",
  copperKind: "estimate",
  priceChanges: 8,
  materialsDown: 10,
  materialsTracked: 34,
  scrapYardCount: 7,
  lastUpdated: "2026-11-22T04:12:09Z",
  lastUpdatedDayOnly: false,
  timeZone: "Pacific/Auckland",
  postedPrices: { yards: 0, prices: 0, best: [] }, // no yard of the demo posts its own
};

export const johannesburgYards = makePage(
  [
    makeYard(johannesburg, {
      id: 1,
      name: "Pioneer Metal Traders",
      address: "39 Old Pretoria Road, Selby, Johannesburg, 2001",
      phone: "011 555 0100",
      email: "info@pioneer-metal-traders-johannesburg.example.com",
      website: "https://pioneer-metal-traders-johannesburg.example.com",
      rating: 4.9,
      reviewCount: 13,
      isOpen: false,
      latitude: -26.179157,
      longitude: 28.125762,
      weeklyHours: weekHours("08:00", "17:30", { closes: "13:00" }),
    }),
    makeYard(johannesburg, {
      id: 2,
      name: "Anchor Scrap Yard",
      address: "268 Lower Germiston Road, Selby, Johannesburg, 2001",
      phone: "011 555 0101",
      email: "info@anchor-scrap-yard-johannesburg.example.com",
      website: null,
      rating: 4.8,
      reviewCount: 8,
      isOpen: false,
      latitude: -26.239423,
      longitude: 28.080391,
      weeklyHours: [
        { day: 0, opens: "07:00", closes: "18:00" },
        { day: 1, opens: "07:00", closes: "18:00" },
        { day: 2, opens: "07:00", closes: "18:00" },
        { day: 3, opens: "07:00", closes: "18:00" },
        { day: 4, opens: "07:00", closes: "18:00" },
        { day: 5, opens: "08:00", closes: "12:00" },
      ],
    }),
    makeYard(johannesburg, {
      id: 4,
      name: "Northside Salvage",
      address: "135 Station Road, Booysens, Johannesburg, 2001",
      phone: "011 555 0103",
      email: "info@northside-salvage-johannesburg.example.com",
      website: "https://northside-salvage-johannesburg.example.com",
      rating: 4.4,
      reviewCount: 138,
      isOpen: false,
      latitude: -26.240385,
      longitude: 28.11806,
      weeklyHours: [
        { day: 0, opens: "07:30", closes: "16:30" },
        { day: 1, opens: "07:30", closes: "16:30" },
        { day: 2, opens: "07:30", closes: "16:30" },
        { day: 3, opens: "07:30", closes: "16:30" },
        { day: 4, opens: "07:30", closes: "16:30" },
        { day: 5, opens: "08:00", closes: "13:00" },
      ],
    }),
  ],
  { page: 1, limit: 3, total: 9 },
);

export const aucklandYards = makePage(
  [
    makeYard(auckland, {
      id: 532,
      name: "Apex Metals",
      address: "107 Great South Road, Onehunga, Auckland, 1061",
      phone: "09 555 0105",
      email: "info@apex-metals-auckland.example.com",
      website: "https://apex-metals-auckland.example.com",
      rating: 4.8,
      reviewCount: 13,
      isOpen: false,
      latitude: -36.850817,
      longitude: 174.811758,
      weeklyHours: weekHours("08:30", "17:00"),
    }),
  ],
  { page: 1, limit: 3, total: 7 },
);

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

// Two items of content/legal/checklists/au.yaml, shortened: one with regional lines, one unconfirmed.
export const auChecklist: SellerChecklist = {
  countryCode: "AU",
  items: [
    {
      topic: "payment",
      title: "How you will be paid",
      text: "New South Wales and Victoria ban cash for scrap metal.",
      sources: [{ name: "Scrap Metal Industry Act 2016 (NSW)", url: "https://legislation.nsw.gov.au/act-2016-042" }],
      reviewedOn: "2026-11-29",
      confirmed: true,
      note: "The other states were not reviewed.",
      regions: [
        {
          name: "New South Wales",
          region: "new-south-wales",
          text: "No cash, and no payment in goods or services.",
          sources: [
            { name: "Scrap Metal Industry Act 2016 (NSW)", url: "https://legislation.nsw.gov.au/act-2016-042" },
          ],
          reviewedOn: "2026-11-29",
          confirmed: false,
          note: "The section number was not read.",
        },
        {
          name: "Victoria",
          region: "victoria",
          text: "No cash: only a non-transferable cheque or an electronic funds transfer.",
          sources: [{ name: "Consumer Affairs Victoria", url: "https://www.consumer.vic.gov.au/scrapmetal" }],
          reviewedOn: "2026-11-29",
          confirmed: true,
          note: null,
        },
      ],
    },
    {
      topic: "catalytic_converters",
      title: "Catalytic converters",
      text: "Not confirmed: we found no state rule specific to catalytic converters.",
      sources: [{ name: "Consumer Affairs Victoria", url: "https://www.consumer.vic.gov.au/scrapmetal" }],
      reviewedOn: "2026-11-29",
      confirmed: false,
      note: "No rule found in the texts checked.",
      regions: [],
    },
  ],
};

export const zaChecklist: SellerChecklist = {
  countryCode: "ZA",
  items: [
    {
      topic: "who_may_buy",
      title: "Who may buy",
      text: "A dealer must be registered with the South African Police Service.",
      sources: [
        {
          name: "Second-Hand Goods Act 6 of 2009, sections 2, 15 and 25",
          url: "https://www.saps.gov.za/resource_centre/acts/downloads/juta/shg_act_6_2009.pdf",
        },
      ],
      reviewedOn: "2026-11-29",
      confirmed: true,
      note: null,
      regions: [],
    },
  ],
};
