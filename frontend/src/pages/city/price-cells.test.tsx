import { render, screen } from "@testing-library/react";
import { JOHANNESBURG, makeCity, makeCityPriceRow, makeMaterial } from "@/test/factories";
import { ChangeCell, shownTrend, TrendIndicator } from "./price-cells";

const silver = makeMaterial(29, "Silver (Sterling)", "Precious", { slug: "silver" });

function renderCells(price: string, previous: string) {
  const row = makeCityPriceRow(1740, JOHANNESBURG, silver, price, previous);
  render(
    <>
      <ChangeCell row={row} unit="kg" />
      <TrendIndicator row={row} />
    </>,
  );
  return row;
}

const SHEFFIELD = makeCity({
  id: 95,
  name: "Sheffield",
  countryCode: "GB",
  latitude: 53.3811,
  longitude: -1.4701,
  timeZone: "Europe/London",
});

describe("a price imported per tonne", () => {
  // £120.00/t then £128.50/t: 0.1200 and 0.1285 a kg. Two decimals sent 0.12 and 0.13, so the
  // row said +7.1% beside "+£10.00 per tonne" (8.3% of £120): now every figure comes from the
  // stored values and they agree.
  const row = makeCityPriceRow(1, SHEFFIELD, makeMaterial(12, "Steel", "Ferrous"), "0.1285", "0.1200");

  it("is sent to the cent and at the stored precision", () => {
    expect([row.price, row.priceExact, row.changeExact, row.changePercent]).toEqual(["0.13", "0.1285", "0.0085", 7.1]);
  });

  it("shows a change per tonne that agrees with its percentage", () => {
    render(<ChangeCell row={row} unit="t" />);
    expect(screen.getByText("+7.1%")).toHaveAttribute("title", "+£8.50 per tonne since the previous price");
  });

  it("shows the change per lb from the full value too", () => {
    render(<ChangeCell row={row} unit="lb" />);
    // 0.0085 x 0.45359237 = £0.0039: under half a penny, not the £0.00454 a rounded 0.01 would give.
    expect(screen.getByText("+7.1%")).toHaveAttribute("title", "+£0.00 per lb since the previous price");
  });
});

describe("change and trend cells", () => {
  it("shows no up arrow next to a change that rounds to 0.0%", () => {
    const row = renderCells("16725.82", "16725.77"); // +R0.05 on R16,725: the API says "up", 0.0%
    expect(row.trend).toBe("up");
    expect(row.changePercent).toBe(0);
    expect(screen.getByText("0.0%")).toHaveClass("text-slate-600");
    expect(screen.getByText("0.0%")).toHaveAttribute("title", "+R0.05 per kg since the previous price");
    expect(screen.getByText("No change")).toBeInTheDocument();
    expect(screen.queryByText("Up")).not.toBeInTheDocument();
  });

  it("keeps the arrow when the percentage shows a move", () => {
    renderCells("16742.50", "16725.77");
    expect(screen.getByText("+0.1%")).toHaveClass("text-green-700");
    expect(screen.getByText("Up")).toBeInTheDocument();
  });

  it("reads the trend from the shown percentage", () => {
    expect(shownTrend({ trend: "down", changePercent: -0.04 })).toBe("flat");
    expect(shownTrend({ trend: "down", changePercent: -0.05 })).toBe("down");
    expect(shownTrend({ trend: "up", changePercent: null })).toBe("up");
    expect(shownTrend({ trend: "flat", changePercent: null })).toBe("flat");
  });
});

describe("an estimate after a price of another kind", () => {
  // The API compares an estimate with an earlier estimate only: no change, though a demo price
  // came before it (R150.00 demo, then R154.00 from the formula once read "+2.7%").
  const estimate = {
    ...makeCityPriceRow(180, JOHANNESBURG, makeMaterial(3, "#1 Copper", "Copper"), "154.00", "150.00"),
    change: null,
    changeExact: null,
    changePercent: null,
    trend: "flat" as const,
    source: { name: "ScrapIndex estimate", kind: "estimate" as const },
  };

  it("shows no move, and says why", () => {
    render(<ChangeCell row={estimate} unit="kg" />);
    expect(screen.getByText("—")).toHaveAttribute("title", "No earlier estimate to compare with");
    expect(screen.getByText(/no earlier estimate to compare with/)).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it("says a first price has nothing before it", () => {
    render(<ChangeCell row={{ ...estimate, previousPrice: null, previousPriceExact: null }} unit="kg" />);
    expect(screen.getByText("—")).toHaveAttribute("title", "No earlier price to compare with");
  });
});
