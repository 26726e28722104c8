// Shaped like the live API's answers (GET /api/scrap-yards/1, GET /api/cities/johannesburg/prices).
import type { CityPriceRow, YardDetail } from "@/api/client";

const DEMO = { name: "ScrapIndex demo data (generated, not real quotes)", kind: "demo" };

export const YARD: YardDetail = {
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
    { day: 0, opens: "08:00", closes: "17:30" },
    { day: 1, opens: "08:00", closes: "17:30" },
    { day: 2, opens: "08:00", closes: "17:30" },
    { day: 3, opens: "08:00", closes: "17:30" },
    { day: 4, opens: "08:00", closes: "17:30" },
    { day: 5, opens: "08:00", closes: "13:00" },
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
    country: { code: "ZA", name: "South Africa", currency: "ZAR" },
    region: { slug: "gauteng", name: "Gauteng" },
  },
  source: DEMO,
};

type Line = [id: number, materialId: number, name: string, slug: string, grade: string | null, category: string];
type Money = [price: string, previous: string, change: string, percent: number, trend: CityPriceRow["trend"]];

function row([id, materialId, name, slug, grade, category]: Line, [price, previous, change, percent, trend]: Money) {
  return {
    id,
    materialId,
    cityId: 1,
    price,
    currency: "ZAR",
    unit: "kg",
    date: "2026-11-22",
    updatedAt: "2026-11-22T00:00:00Z",
    previousPrice: previous,
    change,
    changePercent: percent,
    trend,
    source: DEMO,
    material: { id: materialId, name, slug, grade, category },
  } satisfies CityPriceRow;
}

/** The first 10 of Johannesburg's 34 rows, in the API's order (highest price first). */
export const PRICES: CityPriceRow[] = [
  row([10585, 29, "Silver (Sterling)", "silver", null, "Precious"], ["16736.05", "16354.83", "381.22", 2.3, "up"]),
  row(
    [10220, 28, "Catalytic Converters", "catalytic-converters", null, "Precious"],
    ["991.89", "991.89", "0.00", 0, "flat"],
  ),
  row([12045, 33, "RAM Chips", "ram-chips", null, "Electronics"], ["463.67", "445.93", "17.74", 4, "up"]),
  row([1095, 3, "#1 Copper", "copper-1", "Clean", "Copper"], ["190.37", "195.29", "-4.92", -2.5, "down"]),
  row([365, 1, "Copper", "copper", null, "Copper"], ["179.86", "178.90", "0.96", 0.5, "up"]),
  row(
    [730, 2, "Bare Bright Copper", "bare-bright-copper", "Grade A", "Copper"],
    ["168.17", "162.04", "6.13", 3.8, "up"],
  ),
  row([1460, 4, "#2 Copper", "copper-2", "Mixed", "Copper"], ["147.01", "148.90", "-1.89", -1.3, "down"]),
  row([2190, 6, "Copper Radiators", "copper-radiators", null, "Copper"], ["108.59", "107.56", "1.03", 1, "up"]),
  row([3285, 9, "Red Brass", "red-brass", null, "Brass"], ["107.49", "107.44", "0.05", 0, "up"]),
  row(
    [10950, 30, "Circuit Boards", "circuit-boards", "Mixed", "Electronics"],
    ["100.68", "101.62", "-0.94", -0.9, "down"],
  ),
];
