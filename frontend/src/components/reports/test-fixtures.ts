// Small copies of live API answers (GET /api/materials, /api/cities) for the report tests.
import type { Material } from "@/api/client";
import { JOHANNESBURG, makeCity } from "@/test/factories";

const material = (id: number, name: string, slug: string): Material => ({
  id,
  name,
  slug,
  category: "Copper",
  grade: null,
  description: "",
});

export const MATERIALS: Material[] = [
  material(1, "Copper", "copper"),
  material(2, "Bare Bright Copper", "bare-bright-copper"),
];

export const LONDON = makeCity({
  id: 60,
  name: "London",
  countryCode: "GB",
  latitude: 51.5072,
  longitude: -0.1276,
  timeZone: "Europe/London",
});

export const CITIES = [JOHANNESBURG, LONDON];
