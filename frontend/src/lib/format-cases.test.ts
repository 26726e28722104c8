import { describe, expect, it } from "vitest";
import cases from "../../../tests/fixtures/format-cases.json";
import { formatMoney, formatPercent, formatPrice, type Unit } from "./format";

// The same table tests/unit/test_formatting.py runs against the server's formatter.
describe("the cases shared with the server", () => {
  it.each(cases.money)("money $amount $currency", ({ amount, currency, text }) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it.each(cases.price)("price $pricePerKg per $unit", ({ pricePerKg, currency, unit, text }) => {
    expect(formatPrice(pricePerKg, currency, unit as Unit)).toBe(text);
  });

  it.each(cases.percent)("percent $change", ({ change, text }) => {
    expect(formatPercent(change)).toBe(text);
  });
});
