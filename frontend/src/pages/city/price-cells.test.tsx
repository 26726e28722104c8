import { render, screen } from "@testing-library/react";
import { JOHANNESBURG, makeCityPriceRow, makeMaterial } from "@/test/factories";
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
