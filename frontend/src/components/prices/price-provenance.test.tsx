import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CityPriceRow } from "@/api/client";
import { newestDay, PriceProvenance } from "./price-provenance";

const FORMULA =
  "Estimate: Copper $9,412/t (FRED monthly average, Oct 2026) × 0.955 Bare Bright Copper factor × 0.82 ZA yard margin × R18.21/USD (20 Nov 2026)";

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
  inputsOutdated: false,
  referenceOutdated: false,
  inputsNote: null,
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

describe("the day of each row on a city's board", () => {
  it("says the day of a price of the city's newest day quietly", () => {
    render(<PriceProvenance row={row({})} newestDate="2026-11-22" />);
    const day = screen.getByText("Nov 22");
    expect(day).toHaveAttribute("datetime", "2026-11-22");
    expect(day).not.toHaveClass("text-amber-800");
    expect(day.parentElement).toHaveTextContent("Demo data · Nov 22");
  });

  it("marks a price older than the city's newest day with its own date", () => {
    render(
      <PriceProvenance
        row={row({ source: { name: "Joburg board", kind: "feed" }, date: "2026-11-20" })}
        newestDate="2026-11-22"
      />,
    );
    const day = screen.getByText("Nov 20");
    expect(day).toHaveClass("text-amber-800");
    expect(day.parentElement).toHaveTextContent("Price feed · Nov 20");
  });

  it("gives the year of a day in another year than the newest", () => {
    render(<PriceProvenance row={row({ date: "2025-12-30" })} newestDate="2026-01-02" />);
    expect(screen.getByText("Dec 30, 2025")).toBeInTheDocument();
  });

  it("says a stale price's day once", () => {
    render(<PriceProvenance row={row({ stale: true, date: "2026-11-12" })} newestDate="2026-11-22" />);
    expect(screen.getByText(/price from Nov 12, 2026/)).toBeInTheDocument();
    expect(screen.queryByText("Nov 12")).not.toBeInTheDocument();
  });

  it("leaves the day to a table's own date column when not given the newest day", () => {
    render(<PriceProvenance row={row({ date: "2026-11-20" })} />);
    expect(screen.queryByText("Nov 20")).not.toBeInTheDocument();
  });

  it("finds the newest day of the rows", () => {
    expect(newestDay([{ date: "2026-11-20" }, { date: "2026-11-22" }, { date: "2026-11-21" }])).toBe("2026-11-22");
    expect(newestDay([])).toBeUndefined();
  });
});

describe("an estimate's inputs", () => {
  const old = { ...estimate, inputsOutdated: true, inputsNote: "inputs from Apr–Oct 2025" } as const;

  it("says the months of old inputs on the row", () => {
    render(<PriceProvenance row={row({ source: { name: "ScrapIndex estimate", kind: "estimate" }, estimate: old })} />);
    expect(screen.getByTestId("estimate-inputs")).toHaveTextContent("· inputs from Apr–Oct 2025");
    expect(screen.getByTestId("estimate-inputs")).toBeVisible();
  });

  it("says nothing of recent inputs", () => {
    render(<PriceProvenance row={row({ source: { name: "ScrapIndex estimate", kind: "estimate" }, estimate })} />);
    expect(screen.queryByText(/inputs from/)).not.toBeInTheDocument();
  });
});
