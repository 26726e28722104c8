import { UNIT_LABELS, type Unit } from "@/lib/format";

/** The price table's title unit: "Current Prices (Per KG)". */
export const UNIT_TITLES: Record<Unit, string> = {
  kg: "Per KG",
  lb: "Per LB",
  t: "Per Tonne",
  ozt: "Per Troy Oz",
  piece: "Per Piece",
};

// A table of many materials says its unit once, in its title and caption: the weight chosen, with
// "unless marked" when a row is in another (silver per troy oz, a catalytic converter per piece),
// which then says its own beside its price (UnitMark).
const unlessMarked = (tableUnit: Unit, rowUnits: readonly Unit[]) =>
  rowUnits.some((unit) => unit !== tableUnit) ? " unless marked" : "";

/** "Per LB", or "Per LB unless marked" when some rows are in another unit. */
export function tableUnitTitle(tableUnit: Unit, rowUnits: readonly Unit[]): string {
  return UNIT_TITLES[tableUnit] + unlessMarked(tableUnit, rowUnits);
}

/** "per lb", or "per lb unless marked" when some rows are in another unit. */
export function tableUnitLabel(tableUnit: Unit, rowUnits: readonly Unit[]): string {
  return UNIT_LABELS[tableUnit] + unlessMarked(tableUnit, rowUnits);
}
