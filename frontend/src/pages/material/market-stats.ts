// Cross-city figures for one material. Rows are in many local currencies, so every
// comparison and aggregate uses priceUsd (the server's stored FX conversion), never price.
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

export function computeStats(rows: readonly MaterialPriceRow[]): MarketStats {
  const priced = withUsd(rows);
  let highest: PricedRow | null = null;
  let lowest: PricedRow | null = null;
  let total = 0;
  for (const row of priced) {
    total += row.usd;
    if (!highest || row.usd > highest.usd) highest = row;
    if (!lowest || row.usd < lowest.usd) lowest = row;
  }
  return {
    cityCount: new Set(rows.map((row) => row.city.slug)).size,
    countryCount: new Set(rows.map((row) => row.city.country.code)).size,
    usdCount: priced.length,
    averageUsd: priced.length > 0 ? total / priced.length : null,
    minUsd: lowest?.usd ?? null,
    maxUsd: highest?.usd ?? null,
    highest,
    lowest,
  };
}

/** SPEC §9: the 5 best-paying cities, highest USD price first (ties by city name). */
export function topMarkets(rows: readonly MaterialPriceRow[], count = 5): PricedRow[] {
  return withUsd(rows)
    .sort((a, b) => b.usd - a.usd || a.city.name.localeCompare(b.city.name))
    .slice(0, count);
}
