import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CityPriceRow } from "@/api/client";
import { PriceProvenance } from "./price-provenance";

const FORMULA =
  "Estimate: Copper $9,412/t (Oct 2026 average) × 0.955 Bare Bright Copper factor × 0.82 ZA yard margin × R18.21/USD (20 Nov 2026)";

const estimate: CityPriceRow["estimate"] = {
  metal: "copper",
  referenceUsdPerTonne: "9412.00",
  referenceDate: "2026-10-01",
  referencePeriod: "monthly",
  referenceSource: "FRED: IMF primary commodity prices",
  gradeFactor: "0.955",
  margin: "0.82",
  usdPerUnit: "0.05491488",
  fxDate: "2026-11-20",
  formula: FORMULA,
};

function row(fields: Partial<Pick<CityPriceRow, "source" | "estimate" | "stale" | "date">>) {
  return {
    source: { name: "ScrapIndex demo data (generated, not real quotes)", kind: "demo" as const },
    estimate: null,
    stale: false,
    date: "2026-11-22",
    ...fields,
  };
}

describe("PriceProvenance", () => {
  it("names each kind of price", () => {
    const { rerender } = render(<PriceProvenance row={row({})} />);
    expect(screen.getByText("Demo data")).toBeInTheDocument();
    rerender(<PriceProvenance row={row({ source: { name: "Joburg board", kind: "feed" } })} />);
    expect(screen.getByText("Price feed")).toHaveAttribute("title", "Joburg board");
  });

  it("opens an estimate to its formula", async () => {
    render(<PriceProvenance row={row({ source: { name: "ScrapIndex estimate", kind: "estimate" }, estimate })} />);
    const summary = screen.getByText("Estimate");
    expect(screen.getByText(FORMULA)).not.toBeVisible();
    await userEvent.click(summary);
    expect(screen.getByText(FORMULA)).toBeVisible();
  });

  it("says the day of an old price", () => {
    render(<PriceProvenance row={row({ stale: true, date: "2026-11-12" })} />);
    expect(screen.getByText(/price from Nov 12, 2026/)).toBeInTheDocument();
  });

  it("says nothing of the day of a fresh price", () => {
    render(<PriceProvenance row={row({ date: "2026-11-12" })} />);
    expect(screen.queryByText(/price from/)).not.toBeInTheDocument();
  });
});
