// Formatting in one place: money, units, dates, coordinates and ratings.
import currencies from "../../../content/currencies.json";
import units from "../../../content/units.json";
import { dateTimeFormat, numberFormat } from "./intl-cache";

/** A weight a price of a material sold by weight may be shown in: the visitor's remembered choice. */
export type WeightUnit = "kg" | "lb" | "t";
/** What a price may be given or shown per. */
export type Unit = WeightUnit | "ozt" | "piece";
/**
 * How a material is sold (the API's saleUnit): by weight (stored per kg), precious metal by weight
 * (stored per kg, shown per troy ounce first) or by the piece (stored per piece, never converted).
 */
export type SaleUnit = keyof typeof units.saleUnits;
/** The choice a troy-ounce material's page offers: per troy oz (the default) or per kg. */
export type TroyUnit = "ozt" | "kg";
/** The unit a price of a material sold so is shown in, for this visitor. */
export type UnitFor = (saleUnit: SaleUnit) => Unit;

// The choices of the two toggles: the shown units of content/units.json (format.test.ts checks).
export const WEIGHT_UNITS: readonly WeightUnit[] = ["kg", "lb", "t"];
export const TROY_UNITS: readonly TroyUnit[] = ["ozt", "kg"];
export const UNIT_LABELS: Record<Unit, string> = {
  kg: "per kg",
  lb: "per lb",
  t: "per tonne",
  ozt: "per troy oz",
  piece: "per piece",
};
/** After an amount, as the server writes it: "R182.00/kg", "$28.30/troy oz", "R991.89 per piece". */
export const UNIT_SUFFIXES: Record<Unit, string> = {
  kg: "/kg",
  lb: "/lb",
  t: "/t",
  ozt: "/troy oz",
  piece: " per piece",
};
// content/units.json, shared with the server. A piece is stored per piece: its factor is 1.
const STORED_PER_UNIT: Record<Unit, number> = {
  kg: Number(units.kgPerUnit.kg),
  lb: Number(units.kgPerUnit.lb),
  t: Number(units.kgPerUnit.t),
  ozt: Number(units.kgPerUnit.ozt),
  piece: 1,
};

// content/currencies.json, shared with the server.
const SYMBOLS: Record<string, string> = currencies.symbols;

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

function asUnit(value: string): Unit {
  if (!Object.hasOwn(UNIT_LABELS, value)) throw new Error(`content/units.json names an unknown unit: ${value}`);
  return value as Unit;
}

/** The units a price of a material sold so may be shown in; the first is the default. */
export function shownUnits(saleUnit: SaleUnit): readonly Unit[] {
  return units.saleUnits[saleUnit].shown.map(asUnit);
}

/** The units a price of a material sold so may be given in (a report, an alert's threshold). */
export function givenUnits(saleUnit: SaleUnit): readonly Unit[] {
  return units.saleUnits[saleUnit].given.map(asUnit);
}

/** What a stored price of a material sold so is for: one kg, or one piece. */
export function storedUnit(saleUnit: SaleUnit): "kg" | "piece" {
  return saleUnit === "piece" ? "piece" : "kg";
}

/**
 * The unit a visitor sees a material's prices in: its own when it has one choice (a piece), the
 * troy-ounce choice for precious metal (per troy oz unless they chose kg), else the weight they
 * chose (kg, lb or tonne).
 */
export function shownUnit(saleUnit: SaleUnit, weightUnit: WeightUnit, troyUnit: TroyUnit = "ozt"): Unit {
  const options = shownUnits(saleUnit);
  const chosen = saleUnit === "troy_oz" ? troyUnit : weightUnit;
  return options.includes(chosen) ? chosen : (options[0] ?? "kg");
}

/**
 * The unit a form takes a price of a material sold so in: the one the visitor picked while the
 * material may be priced in it (lb for copper, not for a catalytic converter), else `shown`, the
 * unit its prices are shown in (a shown unit is always one a price may be given in).
 */
export function givenUnit(saleUnit: SaleUnit, picked: Unit | null, shown: Unit): Unit {
  return picked !== null && givenUnits(saleUnit).includes(picked) ? picked : shown;
}

/**
 * A stored price (decimal string or number: per kg, or per piece for a material sold by the piece)
 * in the unit shown, from the full value the API sends (priceExact: four decimals), never from a
 * figure already rounded to the cent: 0.1285/kg is 128.5 a tonne, where 0.13 would be 130. Twelve
 * significant digits drop the binary product's noise (0.1285 × 1000 is 128.49999999999997 in
 * doubles) before anything rounds it. A piece is never converted: pass it "piece".
 */
export function convertStoredPrice(stored: string | number, unit: Unit): number {
  return Number((Number(stored) * STORED_PER_UNIT[unit]).toPrecision(12));
}

/** "R 1,234.50" style: symbol, thousands separators, two decimals. */
export function formatMoney(amount: string | number, currency: string): string {
  const value = Number(amount);
  const digits = numberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value));
  const symbol = currencySymbol(currency);
  // A change of under half a cent downwards reads "R0.00", never "-R0.00" (as the server's).
  return value < 0 && /[1-9]/.test(digits) ? `-${symbol}${digits}` : `${symbol}${digits}`;
}

/** A stored price (per kg, or per piece) shown in the unit given: see convertStoredPrice. */
export function formatPrice(stored: string | number, currency: string, unit: Unit = "kg"): string {
  return formatMoney(convertStoredPrice(stored, unit), currency);
}

/** "+2.3%" / "-0.4%" / "0.0%"; an em dash when there is nothing to compare with. */
export function formatPercent(change: number | null | undefined): string {
  if (change === null || change === undefined) return "—";
  const sign = change > 0 ? "+" : "";
  return `${sign}${change.toFixed(1)}%`;
}

/** US English short date: "Nov 21, 2026". Dates without time are read as calendar days. */
export function formatDate(value: string | Date): string {
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return dateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(date);
}

/**
 * A calendar day as a price row says it: "Nov 24", with its year ("Nov 24, 2025") when that is not
 * the year of ``reference`` (the newest day shown beside it).
 */
export function formatDay(day: string, reference: string = day): string {
  return day.slice(0, 4) === reference.slice(0, 4)
    ? dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`))
    : formatDate(day);
}

/**
 * The usual abbreviations of the zones we cover, [standard, daylight saving]. Browsers' Intl only
 * knows a few (it calls Johannesburg "GMT+2" and Sydney "GMT+11"); other zones fall back to it.
 */
const ZONE_ABBREVIATIONS: Record<string, readonly [string, string]> = {
  "Africa/Johannesburg": ["SAST", "SAST"],
  "America/New_York": ["EST", "EDT"],
  "America/Detroit": ["EST", "EDT"],
  "America/Toronto": ["EST", "EDT"],
  "America/Chicago": ["CST", "CDT"],
  "America/Winnipeg": ["CST", "CDT"],
  "America/Denver": ["MST", "MDT"],
  "America/Edmonton": ["MST", "MDT"],
  "America/Phoenix": ["MST", "MST"],
  "America/Los_Angeles": ["PST", "PDT"],
  "America/Vancouver": ["PST", "PDT"],
  "America/Halifax": ["AST", "ADT"],
  "Australia/Sydney": ["AEST", "AEDT"],
  "Australia/Melbourne": ["AEST", "AEDT"],
  "Australia/Hobart": ["AEST", "AEDT"],
  "Australia/Brisbane": ["AEST", "AEST"],
  "Australia/Adelaide": ["ACST", "ACDT"],
  "Australia/Darwin": ["ACST", "ACST"],
  "Australia/Perth": ["AWST", "AWST"],
  "Europe/London": ["GMT", "BST"],
  "Europe/Madrid": ["CET", "CEST"],
  "Pacific/Auckland": ["NZST", "NZDT"],
};

/** Minutes ahead of UTC in a zone at a moment, from Intl's "GMT+13:00" style name. */
function offsetMinutes(date: Date, timeZone: string): number {
  const name =
    dateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0; // plain "GMT"
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Intl's own short zone name at a moment: "GMT+2", "PST", "GMT+13". */
function intlZoneName(date: Date, timeZone: string): string {
  return (
    dateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

/**
 * A zone's usual abbreviation at a moment: "SAST", "AEDT" in a Sydney summer, "BST" in a London
 * one. Daylight saving is when the offset is above the year's smaller (standard) offset.
 */
export function timeZoneAbbreviation(value: string | Date, timeZone: string): string {
  const date = new Date(value);
  const names = ZONE_ABBREVIATIONS[timeZone];
  if (!names) return intlZoneName(date, timeZone);
  const year = date.getUTCFullYear();
  const standard = Math.min(
    offsetMinutes(new Date(Date.UTC(year, 0, 1)), timeZone),
    offsetMinutes(new Date(Date.UTC(year, 6, 1)), timeZone),
  );
  return offsetMinutes(date, timeZone) > standard ? names[1] : names[0];
}

/** A moment shown in a place's own time zone: "Nov 21, 2026, 2:00 AM SAST". */
export function formatDateTimeIn(value: string, timeZone: string): string {
  const local = dateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(new Date(value));
  return `${local} ${timeZoneAbbreviation(value, timeZone)}`;
}

export function formatCoordinate(value: number): string {
  return value.toFixed(4);
}

export function formatRating(value: number | null | undefined): string {
  return value === null || value === undefined ? "N/A" : value.toFixed(1);
}

export function formatCount(value: number): string {
  return numberFormat("en-US", {}).format(value);
}

/** The time zone of the browser showing the page, e.g. "Europe/London". */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * A moment, always with its time zone named: in `timeZone` when given (a city's), else in the
 * viewer's own. "Nov 27, 2026, 11:00 AM NZDT"; an em dash for none. A calendar day (a date
 * without a time, such as the day a seller was paid) is not a moment: formatDate says it.
 */
export function formatMoment(value: string | null | undefined, timeZone: string = viewerTimeZone()): string {
  return value ? formatDateTimeIn(value, timeZone) : "—";
}
