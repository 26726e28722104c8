import { type CalculatorUrl, type ItemEntry, itemText, MAX_ITEMS, parseItem } from "./calculator-url";

// The form's list while the visitor edits it: the URL's list until "Work it out" writes it back.

export type DraftItem = ItemEntry & { key: string };
export type Draft = { city: string; items: DraftItem[]; costPerDistance: string; at: string };
/** A problem, by the field it belongs to: "city", "costPerDistance", "at", or an item's key. */
export type Problems = Record<string, string>;

/** The API's bounds (contract §A): an amount above 0 up to 1,000,000 with 3 decimals at most. */
const MAX_AMOUNT = 1_000_000;
/** As the API takes it: no sign, exponent or leading zero (its item pattern). */
const AMOUNT = /^(?:0|[1-9]\d{0,6})(?:\.\d{1,3})?$/;
const COST = /^\d+(\.\d{1,4})?$/;
const MAX_COST = 100;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

let lastKey = 0;
export function newItem(entry: Partial<ItemEntry> = {}): DraftItem {
  lastKey += 1;
  return { key: `item-${lastKey}`, material: "", amount: "", unit: "", ...entry };
}

export function draftOf(url: CalculatorUrl): Draft {
  const items = url.items.map((text) => newItem(parseItem(text)));
  return {
    city: url.city,
    items: items.length > 0 ? items : [newItem()],
    costPerDistance: url.costPerDistance,
    at: url.at,
  };
}

const isBlank = (item: DraftItem) => !item.material && !item.amount.trim();

/** What is wrong with an amount typed for a line in `unit` (pieces are counted: whole numbers). */
export function amountProblem(amount: string, unit: string): string | undefined {
  const text = amount.trim();
  if (!text) return "Enter how much you have.";
  if (!AMOUNT.test(text)) return "Enter a number such as 12 or 2.5 (at most 3 decimals).";
  const value = Number(text);
  if (value <= 0) return "Enter an amount above 0.";
  if (value > MAX_AMOUNT) return "Enter at most 1,000,000.";
  if (unit === "piece" && !Number.isInteger(value)) return "Pieces are counted: enter a whole number.";
  return undefined;
}

function costProblem(cost: string): string | undefined {
  const text = cost.trim();
  if (!text) return undefined; // the country's figure
  if (!COST.test(text) || Number(text) > MAX_COST) return "Enter a cost from 0 to 100, such as 0.70.";
  return undefined;
}

/** What is wrong with one line: no material, one listed above it already, or its amount. */
function itemProblem(item: DraftItem, index: number, items: readonly DraftItem[], unit: string): string | undefined {
  if (!item.material) return "Choose a material.";
  const earlier = items.findIndex((other) => other.material === item.material);
  if (earlier < index) return `This material is item ${earlier + 1} already: add the amounts together there.`;
  return amountProblem(item.amount, unit);
}

/**
 * What stops the draft from being worked out, by field. `located`: the visitor's location stands
 * in for a city; `unitOf`: the unit a row shows. Rows left wholly blank are dropped, not problems.
 */
export function draftProblems(draft: Draft, located: boolean, unitOf: (item: DraftItem) => string): Problems {
  const problems: Problems = {};
  const filled = draft.items.filter((item) => !isBlank(item));
  if (!draft.city && !located) problems.city = "Choose your city, or use your location.";
  if (filled.length === 0) problems.list = "Add at least one thing you want to sell.";
  if (filled.length > MAX_ITEMS) problems.list = `A list holds at most ${MAX_ITEMS} items.`;
  draft.items.forEach((item, index) => {
    const problem = isBlank(item) ? undefined : itemProblem(item, index, draft.items, unitOf(item));
    if (problem) problems[item.key] = problem;
  });
  const cost = costProblem(draft.costPerDistance);
  if (cost) problems.costPerDistance = cost;
  if (draft.at && !LOCAL_TIME.test(draft.at)) problems.at = "Enter a date and time.";
  return problems;
}

/**
 * The draft as the URL writes it: blank rows dropped, amounts trimmed, each line in the unit its
 * row shows (`unitOf`: the one picked while the material may be sold in it, else its default).
 */
export function urlOf(draft: Draft, unitOf: (item: DraftItem) => string): CalculatorUrl {
  return {
    city: draft.city,
    items: draft.items
      .filter((item) => !isBlank(item))
      .map((item) => itemText({ material: item.material, amount: item.amount.trim(), unit: unitOf(item) })),
    costPerDistance: draft.costPerDistance.trim(),
    at: draft.at,
  };
}
