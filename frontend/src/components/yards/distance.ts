import { numberFormat } from "@/lib/intl-cache";

const MILES_PER_KM = 0.621371;
export const KM_PER_MILE = 1.609344;
/** Countries whose visitors read road distances in miles. */
const MILE_COUNTRIES = new Set(["US", "GB"]);

export type DistanceUnit = "km" | "mi";

/** The unit distances in a country are read in: miles in the US and the UK, km elsewhere. */
export function distanceUnit(countryCode: string): DistanceUnit {
  return MILE_COUNTRIES.has(countryCode.toUpperCase()) ? "mi" : "km";
}

/** "3.4 km", or "2.1 mi" for a yard in the US or the UK; one decimal under 10, none above. */
export function formatDistance(km: number, countryCode: string): string {
  const miles = distanceUnit(countryCode) === "mi";
  const value = miles ? km * MILES_PER_KM : km;
  const digits = value < 10 ? 1 : 0;
  const text = numberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${text} ${miles ? "mi" : "km"}`;
}

/** The spoken form, so a screen reader does not say "3.4 kilometre-m". */
export function distanceLabel(km: number, countryCode: string): string {
  const text = formatDistance(km, countryCode);
  return text.endsWith(" mi") ? `${text.slice(0, -3)} miles away` : `${text.slice(0, -3)} kilometres away`;
}
