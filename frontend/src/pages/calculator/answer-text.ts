import type { CalculatorAnswer, CalculatorLine } from "@/api/client";
import { currencySymbol, formatMoney, formatPrice, UNIT_SUFFIXES, type Unit } from "@/lib/format";
import { dateTimeFormat, numberFormat } from "@/lib/intl-cache";
import { AMOUNT_UNITS } from "./item-row";

// The answer's figures in words: money, amounts, prices per unit, the time of the visit.

const isUnit = (unit: string): unit is Unit => Object.hasOwn(UNIT_SUFFIXES, unit);

/** What a line's price is stored per: a kg, or a piece. */
export function storedUnitOf(line: Pick<CalculatorLine, "material">): Unit {
  return line.material.saleUnit === "piece" ? "piece" : "kg";
}

/** "12 kg", "1,500 lb", "3 pieces", as the visitor gave it. */
export function amountText(line: Pick<CalculatorLine, "amount" | "unit">): string {
  const amount = numberFormat("en-US", { maximumFractionDigits: 3 }).format(Number(line.amount));
  return `${amount} ${isUnit(line.unit) ? AMOUNT_UNITS[line.unit] : line.unit}`;
}

/**
 * The city's price of a line in the unit the visitor gave the amount in ("R182.50/kg",
 * "$4.10/lb"), from its exact figure; per piece for an item sold so.
 */
export function cityPriceText(line: CalculatorLine, currency: string): string | null {
  if (!line.cityPrice) return null;
  const unit =
    isUnit(line.unit) && line.unit !== "piece" && storedUnitOf(line) === "kg" ? line.unit : storedUnitOf(line);
  return `${formatPrice(line.cityPrice.priceExact, currency, unit)}${UNIT_SUFFIXES[unit]}`;
}

/** A price as the API rounds it, per what it is stored per: "R180.00/kg", "R950.00 per piece". */
export function storedPriceText(price: string, currency: string, unit: Unit): string {
  return `${formatMoney(price, currency)}${UNIT_SUFFIXES[unit]}`;
}

/** The trip's cost per km or mile, to the cent or finer when the figure is finer ($0.725). */
export function perDistanceText(value: string, currency: string): string {
  const digits = numberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(value));
  return `${currencySymbol(currency)}${digits}`;
}

export function distanceText(distance: number, unit: CalculatorAnswer["distanceUnit"]): string {
  return `${numberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(distance)} ${unit}`;
}

/** The local time open and closed were judged at: "Sun, Nov 29, 10:00" (the city's clock). */
export function atText(at: string): string {
  return dateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(new Date(`${at}:00Z`));
}

/** Material names by slug, from the answer's lines (the yards' lines and the tips name them so). */
export function materialNames(answer: CalculatorAnswer): Map<string, string> {
  return new Map(answer.lines.map((line) => [line.material.slug, line.material.name]));
}
