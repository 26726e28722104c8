import type { SiteStats } from "@/api/client";
import { formatCount, formatDate } from "@/lib/format";

type Kind = SiteStats["priceKinds"][number]["kind"];

/** What a number of prices of each kind is called in a sentence ("2,100 generated demo prices"). */
const KIND_NOUNS: Record<string, [one: string, many: string]> = {
  feed: ["from a price feed", "from price feeds"],
  manual: ["entered by an editor", "entered by editors"],
  report: ["from a user report", "from user reports"],
  estimate: ["estimate from market prices and exchange rates", "estimates from market prices and exchange rates"],
  demo: ["generated demo price", "generated demo prices"],
};

function kindPart(kind: Kind, prices: number): string {
  const [one, many] = KIND_NOUNS[kind] ?? [`${kind} price`, `${kind} prices`];
  const noun = prices === 1 ? one : many;
  // "2 from price feeds" reads as a count of prices; "2 generated demo prices" already names them.
  return `${formatCount(prices)} ${noun}`;
}

function joinParts(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** How often prices were stored lately, from the stats: "on every one of the 30 days up to …". */
export function priceFrequency(stats: SiteStats): string | null {
  if (!stats.latestPriceDate || stats.priceDays === 0) return null;
  const upTo = formatDate(stats.latestPriceDate);
  if (stats.priceDays === stats.priceDaysWindow) {
    return `New prices were stored on each of the ${stats.priceDaysWindow} days up to ${upTo}.`;
  }
  const days = stats.priceDays === 1 ? "1 day" : `${stats.priceDays} days`;
  return `New prices were stored on ${days} of the ${stats.priceDaysWindow} up to ${upTo}.`;
}

/** Which kinds of price the pages show, with how many of each: "The 2,550 prices shown: …". */
export function priceKindsShown(stats: SiteStats): string | null {
  const kinds = stats.priceKinds.filter((k) => k.prices > 0);
  if (kinds.length === 0) return null;
  const total = kinds.reduce((sum, k) => sum + k.prices, 0);
  const noun = total === 1 ? "price" : "prices";
  return `The ${formatCount(total)} ${noun} shown: ${joinParts(kinds.map((k) => kindPart(k.kind, k.prices)))}.`;
}
