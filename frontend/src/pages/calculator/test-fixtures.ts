// The calculator's tests: the materials and cities its form offers, and an answer worked out by
// hand for Cape Town (3 items, 3 yards), in the shape GET /api/calculator answers.
import type { CalculatorAnswer, CalculatorYard, Material, Schemas } from "@/api/client";
import { JOHANNESBURG, makeCity } from "@/test/factories";

type CityListItem = Schemas["CityListItem"];

const material = (
  id: number,
  slug: string,
  name: string,
  category: string,
  saleUnit: Material["saleUnit"] = "kg",
): Material => ({ id, slug, name, category, saleUnit, grade: null, description: `${name} scrap.` });

export const materials: Material[] = [
  material(2, "bare-bright-copper", "Bare Bright Copper", "Copper"),
  material(3, "copper-1", "#1 Copper", "Copper"),
  material(5, "insulated-copper-wire", "Insulated Copper Wire", "Copper"),
  material(12, "aluminum-cans", "Aluminum Cans", "Aluminum"),
  material(28, "catalytic-converters", "Catalytic Converters", "Precious", "piece"),
  material(29, "silver", "Silver", "Precious", "troy_oz"),
];

const listed = (city: ReturnType<typeof makeCity>): CityListItem => ({ ...city, copperPrice: null });

export const capeTown = makeCity({
  id: 4,
  name: "Cape Town",
  countryCode: "ZA",
  latitude: -33.9249,
  longitude: 18.4241,
  timeZone: "Africa/Johannesburg",
});

export const cities: CityListItem[] = [
  listed(capeTown),
  listed(JOHANNESBURG),
  listed(
    makeCity({
      id: 20,
      name: "New York",
      countryCode: "US",
      latitude: 40.7128,
      longitude: -74.006,
      timeZone: "America/New_York",
    }),
  ),
];

/** The list of the answer below, as its URL writes it. */
export const CAPE_TOWN_URL =
  "/calculator?city=cape-town&item=copper-1:12:kg&item=insulated-copper-wire:5:kg&item=catalytic-converters:2:piece";
export const CAPE_TOWN_QUERY = {
  city: "cape-town",
  item: ["copper-1:12:kg", "insulated-copper-wire:5:kg", "catalytic-converters:2:piece"],
};

const copper = { slug: "copper-1", name: "#1 Copper", saleUnit: "kg" } as const;
const wire = { slug: "insulated-copper-wire", name: "Insulated Copper Wire", saleUnit: "kg" } as const;
const converters = { slug: "catalytic-converters", name: "Catalytic Converters", saleUnit: "piece" } as const;

const cityLine = (slug: string, price: string, value: string) =>
  ({ materialSlug: slug, price, kind: "demo", date: "2026-11-28", value, accepted: null }) as const;

// Trip cost R4.18 a km, both ways: 2 x 4.2 x 4.18 = 35.11; 2 x 10.0 x 4.18 = 83.60; 2 x 2.0 x 4.18 = 16.72.
const yards: CalculatorYard[] = [
  {
    id: 11,
    name: "Atlantic Metals",
    address: "4 Dock Road, Cape Town",
    latitude: -33.91,
    longitude: 18.42,
    distance: 4.2,
    tripCost: "35.11",
    // 12 x 125.00 (posted) + 5 x 45.00 + 2 x 950.00
    gross: "3625.00",
    net: "3589.89",
    openAt: true,
    postedOn: "2026-11-28",
    lines: [
      { materialSlug: "copper-1", price: "125.00", kind: "yard", date: "2026-11-28", value: "1500.00", accepted: true },
      cityLine("insulated-copper-wire", "45.00", "225.00"),
      cityLine("catalytic-converters", "950.00", "1900.00"),
    ],
    notAccepted: [],
  },
  {
    id: 13,
    name: "Table Bay Recyclers",
    address: "9 Marine Drive, Paarden Eiland",
    latitude: -33.9,
    longitude: 18.47,
    distance: 10,
    tripCost: "83.60",
    gross: "3571.00",
    net: "3487.40",
    openAt: null,
    postedOn: null,
    lines: [
      cityLine("copper-1", "120.50", "1446.00"),
      cityLine("insulated-copper-wire", "45.00", "225.00"),
      cityLine("catalytic-converters", "950.00", "1900.00"),
    ],
    notAccepted: [],
  },
  {
    id: 12,
    name: "Harbour Scrap",
    address: "1 Harbour Road, Woodstock",
    latitude: -33.93,
    longitude: 18.44,
    distance: 2,
    tripCost: "16.72",
    gross: "1671.00",
    net: "1654.28",
    openAt: false,
    postedOn: null,
    lines: [
      cityLine("copper-1", "120.50", "1446.00"),
      cityLine("insulated-copper-wire", "45.00", "225.00"),
      { materialSlug: "catalytic-converters", price: null, kind: null, date: null, value: null, accepted: false },
    ],
    notAccepted: ["catalytic-converters"],
  },
];

export const capeTownAnswer: CalculatorAnswer = {
  city: { slug: "cape-town", name: "Cape Town", countryCode: "ZA", currency: "ZAR", timeZone: "Africa/Johannesburg" },
  origin: { latitude: -33.9249, longitude: 18.4241, from: "city" },
  distanceUnit: "km",
  at: "2026-11-29T10:00",
  tripCost: {
    perDistance: "4.18",
    defaultPerDistance: "4.18",
    isDefault: true,
    basis: "A test basis: what a car costs a km to run.",
    sourceName: "Test Authority",
    sourceUrl: "https://example.org/rates",
    asOf: "2026-03-01",
  },
  lines: [
    {
      material: copper,
      amount: "12",
      unit: "kg",
      quantity: "12",
      cityPrice: { price: "120.50", priceExact: "120.5000", kind: "demo", date: "2026-11-28", stale: false },
      value: "1446.00",
      yardRange: { low: "118.00", high: "125.00", yards: 2 },
      hint: "Clean copper pipe or thick wire, no solder, paint or insulation.",
    },
    {
      material: wire,
      amount: "5",
      unit: "kg",
      quantity: "5",
      cityPrice: { price: "45.00", priceExact: "45.0000", kind: "demo", date: "2026-11-28", stale: false },
      value: "225.00",
      yardRange: null,
      hint: "Copper wire still in its plastic.",
    },
    {
      material: converters,
      amount: "2",
      unit: "piece",
      quantity: "2",
      cityPrice: { price: "950.00", priceExact: "950.0000", kind: "demo", date: "2026-11-28", stale: false },
      value: "1900.00",
      yardRange: null,
      hint: null,
    },
  ],
  total: "3571.00",
  unpriced: [],
  yards,
  tips: [
    {
      kind: "strip-insulated",
      materialSlug: "insulated-copper-wire",
      gain: "77.50",
      text: "Stripping your insulated copper wire would pay about R77.50 more, if you have the time.",
    },
  ],
  assumptions: ["Distances are straight lines from the centre of Cape Town, not road distances."],
};
