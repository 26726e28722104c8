import type { CalculatorQuery } from "@/api/queries";

// The calculator's list lives in its URL, so a list can be shared and back and forward step
// through the lists worked out: ?city=cape-town&item=copper-1:12:kg&item=…&costPerDistance=…&at=….
// The page without JavaScript submits its form as rows (material, amount and unit, repeated),
// read here as items too. The server reads a URL the same way for its first render
// (web/pages.py calculator_url); tests/fixtures/calculator-url-cases.json holds both to it.

/** One line of the list as the URL writes it: "copper-1:12:kg". */
export type ItemEntry = { material: string; amount: string; unit: string };

export type CalculatorUrl = {
  city: string;
  /** As written: the API says which one is wrong, and why. */
  items: string[];
  costPerDistance: string;
  at: string;
};

/** The API's limit on a list's lines. */
export const MAX_ITEMS = 20;
const CITY = /^[a-z0-9-]{1,120}$/;

export function itemText({ material, amount, unit }: ItemEntry): string {
  return `${material}:${amount}:${unit}`;
}

/** An item as written, split in three; a part it lacks is empty. */
export function parseItem(text: string): ItemEntry {
  const [material = "", amount = "", ...unit] = text.split(":");
  return { material, amount, unit: unit.join(":") };
}

/** The rows the page without JavaScript submits: a row with a material and an amount is an item. */
function rowItems(params: URLSearchParams): string[] {
  const materials = params.getAll("material");
  const amounts = params.getAll("amount");
  const units = params.getAll("unit");
  return materials.flatMap((written, index) => {
    const material = written.trim();
    const amount = (amounts[index] ?? "").trim();
    if (!material || !amount) return [];
    return [itemText({ material, amount, unit: (units[index] ?? "").trim() })];
  });
}

export function readCalculatorUrl(params: URLSearchParams): CalculatorUrl {
  const city = (params.get("city") ?? "").trim().toLowerCase();
  const written = params
    .getAll("item")
    .map((item) => item.trim())
    .filter(Boolean);
  return {
    city: CITY.test(city) ? city : "",
    items: [...written, ...rowItems(params)],
    costPerDistance: (params.get("costPerDistance") ?? "").trim(),
    at: (params.get("at") ?? "").trim(),
  };
}

/**
 * The URL's query for a list ("city=cape-town&item=copper-1:12:kg"): empty values left out, one
 * `item` per line, its colons left as they are (a query may hold them), so a link reads plainly.
 */
export function calculatorSearch(state: CalculatorUrl): string {
  const pairs: [string, string][] = [
    ["city", state.city],
    ...state.items.map((item): [string, string] => ["item", item]),
    ["costPerDistance", state.costPerDistance],
    ["at", state.at],
  ];
  return pairs
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%3A/gi, ":")}`)
    .join("&");
}

/**
 * The API query for a list, or null while there is nothing to work out (no line, or no place).
 * A city in the URL wins; without one, the visitor's location (`near`, kept in this tab only).
 */
export function calculatorQuery(state: CalculatorUrl, near: string | null): CalculatorQuery | null {
  if (state.items.length === 0 || (!state.city && !near)) return null;
  const query: CalculatorQuery = state.city
    ? { city: state.city, item: state.items }
    : { near: near ?? "", item: state.items };
  if (state.costPerDistance) query.costPerDistance = state.costPerDistance;
  if (state.at) query.at = state.at;
  return query;
}
