import { UNIT_LABELS, type Unit } from "@/lib/format";

/**
 * A row's own unit under its price, when it is not the one its table's title says: "per piece"
 * beside a catalytic converter's price in a table per lb, so nobody reads it per lb.
 */
export function UnitMark({ unit, tableUnit }: { unit: Unit; tableUnit: Unit }) {
  if (unit === tableUnit) return null;
  return <span className="block text-xs font-normal text-slate-600">{UNIT_LABELS[unit]}</span>;
}
