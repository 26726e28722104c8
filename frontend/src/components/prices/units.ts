import type { Unit } from "@/lib/format";

/** The price table's title unit: "Current Prices (Per KG)". */
export const UNIT_TITLES: Record<Unit, string> = { kg: "Per KG", lb: "Per LB", t: "Per Tonne" };
