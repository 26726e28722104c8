// Shaped like the live API's answers (GET /api/scrap-yards/1, GET /api/cities/johannesburg/prices).
import type { YardDetail } from "@/api/client";
import { DEMO_SOURCE, JOHANNESBURG, makeCityPriceRow, makeMaterial, makeYard, weekHours } from "@/test/factories";

const johannesburg = JOHANNESBURG;

export const YARD: YardDetail = {
  ...makeYard(johannesburg, {
    id: 1,
    name: "Pioneer Metal Traders",
    address: "39 Old Pretoria Road, Selby, Johannesburg, 2001",
    phone: "011 555 0100",
    email: "info@pioneer-metal-traders-johannesburg.example.com",
    website: "https://pioneer-metal-traders-johannesburg.example.com",
    rating: 4.9,
    reviewCount: 13,
    isOpen: false,
    weeklyHours: weekHours("08:00", "17:30", { closes: "13:00" }),
    latitude: -26.179157,
    longitude: 28.125762,
  }),
  source: DEMO_SOURCE,
  services: null,
  permanentlyClosed: false,
  correctedAt: null,
  claimed: false,
  postedBoard: null,
  lastPostedOn: null,
  acceptedMaterials: null,
  paymentMethods: null,
  visitNotes: null,
};

const price = (id: number, material: ReturnType<typeof makeMaterial>, now: string, before: string) =>
  makeCityPriceRow(id, johannesburg, material, now, before);

/** The first 10 of Johannesburg's 34 rows, in the API's order (highest price first). */
export const PRICES = [
  price(
    10585,
    makeMaterial(29, "Silver (Sterling)", "Precious", { slug: "silver", saleUnit: "troy_oz" }),
    "16736.05",
    "16354.83",
  ),
  price(10220, makeMaterial(28, "Catalytic Converters", "Precious", { saleUnit: "piece" }), "991.89", "991.89"),
  price(12045, makeMaterial(33, "RAM Chips", "Electronics"), "463.67", "445.93"),
  price(1095, makeMaterial(3, "#1 Copper", "Copper", { slug: "copper-1", grade: "Clean" }), "190.37", "195.29"),
  price(365, makeMaterial(1, "Copper", "Copper"), "179.86", "178.90"),
  price(730, makeMaterial(2, "Bare Bright Copper", "Copper", { grade: "Grade A" }), "168.17", "162.04"),
  price(1460, makeMaterial(4, "#2 Copper", "Copper", { slug: "copper-2", grade: "Mixed" }), "147.01", "148.90"),
  price(2190, makeMaterial(6, "Copper Radiators", "Copper"), "108.59", "107.56"),
  price(3285, makeMaterial(9, "Red Brass", "Brass"), "107.49", "107.44"),
  price(10950, makeMaterial(30, "Circuit Boards", "Electronics", { grade: "Mixed" }), "100.68", "101.62"),
];
