// Cross-city figures for one material. Rows are in many local currencies, so every
// aggregate uses priceUsd (the server's stored FX conversion), never price. Ranking needs more
// than priceUsd: rounded to cents, it can put R171.25 above R171.27. The API sends the rows
// ranked on the exact converted price (ties by city name), so comparePrices trusts that order
// wherever the rounded figures cannot tell two rows apart.
import type { MaterialPriceRow } from "@/api/client";

export type PricedRow = MaterialPriceRow & { usd: number };

export type MarketStats = {
  cityCount: number;
  countryCount: number;
  /** Rows that carry a USD price; the aggregates below are computed from these only. */
  usdCount: number;
  averageUsd: number | null;
  minUsd: number | null;
  maxUsd: number | null;
  highest: PricedRow | null;
  lowest: PricedRow | null;
};

/** Rows with a usable USD price, each with that price as a number. */
export function withUsd(rows: readonly MaterialPriceRow[]): PricedRow[] {
  const priced: PricedRow[] = [];
  for (const row of rows) {
    if (row.priceUsd === null || row.priceUsd === "") continue;
    const usd = Number(row.priceUsd);
    if (Number.isFinite(usd)) priced.push({ ...row, usd });
  }
  return priced;
}

/** Ties by city name, then country, as the API breaks them (code points, not the locale's order). */
export function byCityName(a: MaterialPriceRow, b: MaterialPriceRow): number {
  const key = (row: MaterialPriceRow) => [row.city.name, row.city.country.name] as const;
  const [cityA, countryA] = key(a);
  const [cityB, countryB] = key(b);
  if (cityA !== cityB) return cityA < cityB ? -1 : 1;
  if (countryA !== countryB) return countryA < countryB ? -1 : 1;
  return 0;
}

/**
 * How two rows' prices compare, in the order the API ranked ``rows``: positive when a pays
 * more, 0 when they pay exactly the same. Different rounded USD prices decide alone; in one
 * currency the local prices compare exactly; across currencies within a cent, the API's order
 * (it ranked on the unrounded conversion) decides. Both rows must have a USD price.
 */
export function priceComparer(rows: readonly MaterialPriceRow[]) {
  const position = new Map(rows.map((row, index) => [row.city.slug, index]));
  const at = (row: PricedRow) => position.get(row.city.slug) ?? rows.length;
  return (a: PricedRow, b: PricedRow): number => {
    if (a.usd !== b.usd) return a.usd - b.usd;
    if (a.currency === b.currency) return Number(a.price) - Number(b.price);
    return at(b) - at(a);
  };
}

/** Rows with a USD price, dearest first; equal prices by city name. */
export function rankByPrice(rows: readonly MaterialPriceRow[]): PricedRow[] {
  const compare = priceComparer(rows);
  return withUsd(rows).sort((a, b) => compare(b, a) || byCityName(a, b));
}

export function computeStats(rows: readonly MaterialPriceRow[]): MarketStats {
  const ranked = rankByPrice(rows);
  const compare = priceComparer(rows);
  const highest = ranked[0] ?? null;
  // The cheapest price; among equals, the first by city name, as an ascending sort lists them.
  let lowest: PricedRow | null = null;
  let total = 0;
  for (const row of ranked) {
    total += row.usd;
    const order = lowest ? compare(row, lowest) || byCityName(row, lowest) : -1;
    if (order < 0) lowest = row;
  }
  return {
    cityCount: new Set(rows.map((row) => row.city.slug)).size,
    countryCount: new Set(rows.map((row) => row.city.country.code)).size,
    usdCount: ranked.length,
    averageUsd: ranked.length > 0 ? total / ranked.length : null,
    minUsd: lowest?.usd ?? null,
    maxUsd: highest?.usd ?? null,
    highest,
    lowest,
  };
}

/** SPEC §9: the 5 best-paying cities, highest price first (ties by city name). */
export function topMarkets(rows: readonly MaterialPriceRow[], count = 5): PricedRow[] {
  return rankByPrice(rows).slice(0, count);
}
