// The owner's price board as typed: one row per material shown, its previous price prefilled,
// the checks before sending, and the problems of a refusal placed on the rows they name.
import { MAX_PRICE } from "@/components/forms/checks";
import { convertStoredPrice, givenUnit, type SaleUnit, storedUnit, type Unit, type UnitFor } from "@/lib/format";
import type { MyYard, OwnerMaterial, PostedLine } from "../api/types";

export type PostingRow = {
  slug: string;
  /** As typed (or prefilled); empty: not posted today. */
  price: string;
  unit: Unit;
  /** Still the previous price as prefilled: sent as stored, so nothing drifts by conversion. */
  prefilled: boolean;
};

const PRICE = /^\d{1,7}(\.\d{1,4})?$/;

/** The materials a board starts with: those the yard buys or has posted; all when neither is known. */
export function boardMaterials(yard: MyYard): OwnerMaterial[] {
  const accepted = yard.profile.acceptedMaterials ?? [];
  const known = yard.materials.filter((material) => material.lastPosted || accepted.includes(material.slug));
  return known.length > 0 ? known : yard.materials;
}

/**
 * A previous price in `unit`, as a person would type it: two decimals, or up to four in the unit
 * it is stored in (steel at 0.1285 a kg). Sent unchanged, it goes as stored (toPostBody).
 */
export function priceIn(stored: string, unit: Unit, saleUnit: SaleUnit): string {
  const value = convertStoredPrice(stored, unit);
  const cents = value.toFixed(2);
  if (Number(cents) === value || unit !== storedUnit(saleUnit)) return cents;
  return String(Number(value.toFixed(4)));
}

/** A row for a material: in the unit this owner reads prices in, its previous price prefilled. */
export function newRow(material: OwnerMaterial, unitFor: UnitFor): PostingRow {
  const unit = givenUnit(material.saleUnit, null, unitFor(material.saleUnit));
  const last = material.lastPosted;
  return {
    slug: material.slug,
    unit,
    price: last ? priceIn(last.priceExact, unit, material.saleUnit) : "",
    prefilled: last !== null,
  };
}

/** Another unit for a row: a prefilled price follows it, a typed one stays as typed. */
export function changeUnit(row: PostingRow, material: OwnerMaterial, unit: Unit): PostingRow {
  if (row.prefilled && material.lastPosted)
    return { ...row, unit, price: priceIn(material.lastPosted.priceExact, unit, material.saleUnit) };
  return { ...row, unit };
}

/** "172,50" from a phone's keypad in a comma locale is 172.50. */
export function normalisedPrice(text: string): string {
  const trimmed = text.trim().replace(/\s/g, "");
  return trimmed.includes(".") ? trimmed : trimmed.replace(",", ".");
}

export function priceProblem(text: string): string | undefined {
  const price = normalisedPrice(text);
  if (!price) return undefined;
  if (!PRICE.test(price)) return "Write the price as a number, e.g. 172.50 (up to four decimals).";
  const value = Number(price);
  if (value <= 0) return "The price must be above 0.";
  if (value > MAX_PRICE) return "The price must be at most 1,000,000.";
  return undefined;
}

/** Each filled row's problem, by material slug. */
export function rowProblems(rows: readonly PostingRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const problem = priceProblem(row.price);
    if (problem) problems[row.slug] = problem;
  }
  return problems;
}

/** The rows with a price, as the API takes them; a prefilled one as stored (per kg or piece). */
export function toPostBody(rows: readonly PostingRow[], materials: readonly OwnerMaterial[]): PostedLine[] {
  return rows
    .filter((row) => normalisedPrice(row.price) !== "")
    .map((row) => {
      const material = materials.find((candidate) => candidate.slug === row.slug);
      if (row.prefilled && material?.lastPosted) {
        return { materialSlug: row.slug, price: material.lastPosted.priceExact, unit: storedUnit(material.saleUnit) };
      }
      return { materialSlug: row.slug, price: normalisedPrice(row.price), unit: row.unit };
    });
}

/**
 * A refusal's problems on the rows they concern: "line 2: …" is the second price sent; any other
 * problem naming a material (a grade order, a band) goes to each row it names. Every problem is
 * also said at the top of the form.
 */
export function problemsByRow(
  problems: readonly string[],
  sent: readonly PostedLine[],
  materials: readonly OwnerMaterial[],
): Record<string, string[]> {
  const byRow: Record<string, string[]> = {};
  const add = (slug: string, problem: string) => {
    byRow[slug] = [...(byRow[slug] ?? []), problem];
  };
  for (const problem of problems) {
    const line = /^line (\d+): (.*)$/.exec(problem);
    const lineSlug = line ? sent[Number(line[1]) - 1]?.materialSlug : undefined;
    if (lineSlug && line?.[2]) {
      add(lineSlug, line[2]);
      continue;
    }
    // Longest names first, each taken out once found: "#1 Copper" is not also "Copper".
    let rest = problem;
    const named = materials
      .filter((material) => sent.some((price) => price.materialSlug === material.slug))
      .sort((a, b) => b.name.length - a.name.length);
    for (const material of named) {
      if (!rest.includes(material.name)) continue;
      add(material.slug, problem);
      rest = rest.replaceAll(material.name, "\u0000");
    }
  }
  return byRow;
}
