import type { CityPriceRow } from "@/api/client";
import { formatPercent, formatPrice, shownUnit, UNIT_LABELS, type WeightUnit } from "@/lib/format";

const OPENINGS: Record<string, string> = {
  up: "Copper prices are trending upward",
  down: "Copper prices are trending downward",
  flat: "Copper prices are steady",
};

/**
 * The Market Insight sentence, built from the city's real copper row (DESIGN §6: no hard-coded
 * claims). The trend compares today's stored price with the previous one. The price is in the
 * weight chosen (copper is sold by weight).
 */
export function copperInsight(rows: readonly CityPriceRow[], cityName: string, weight: WeightUnit): string {
  const copper = rows.find((row) => row.material.slug === "copper");
  if (!copper) return `No copper price is available for ${cityName} yet.`;
  const unit = shownUnit(copper.material.saleUnit, weight);
  const price = `${formatPrice(copper.priceExact, copper.currency, unit)} ${UNIT_LABELS[unit]}`;
  // An estimate from old inputs restates them: no trend of today's market is claimed from it.
  if (copper.estimate?.inputsNote) {
    return `Copper is ${price} in ${cityName}, an estimate (${copper.estimate.inputsNote}): it shows no current market trend.`;
  }
  if (copper.changePercent === null && copper.source.kind === "estimate" && copper.previousPrice !== null) {
    return `Copper is ${price} in ${cityName}, an estimate; there is no earlier estimate to compare with yet.`;
  }
  if (copper.changePercent === null) {
    return `Copper is ${price} in ${cityName}; there is no earlier price to compare with yet.`;
  }
  const opening = OPENINGS[copper.trend] ?? OPENINGS.flat;
  return `${opening} in ${cityName}: ${price}, ${formatPercent(copper.changePercent)} since the previous update.`;
}
