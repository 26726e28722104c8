import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Sparkline, sparklinePoints, trendWords } from "./sparkline";

describe("Sparkline", () => {
  it("draws a hidden line and says the trend in words", () => {
    const { container } = render(<Sparkline values={[10, 12, 11, 12.5]} label="Copper, last 30 days" />);
    const svg = container.querySelector("svg");
    expect(svg).toHaveAttribute("aria-hidden", "true");
    expect(svg?.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(4);
    expect(screen.getByText("Copper, last 30 days: up 25.0%")).toHaveClass("sr-only");
    expect(screen.getByTestId("sparkline")).toHaveAttribute("title", "Copper, last 30 days: up 25.0%");
    expect(screen.getByTestId("sparkline")).toHaveAttribute("data-trend", "up");
  });

  it("says down and unchanged too", () => {
    expect(trendWords([10, 9.5])).toBe("down 5.0%");
    expect(trendWords([3, 4, 3])).toBe("unchanged");
    expect(trendWords([3])).toBe("unchanged");
  });

  it("draws nothing for fewer than two points", () => {
    const { container } = render(<Sparkline values={[5]} label="Lead" />);
    expect(container.querySelector("svg")).toBeNull();
  });

  it("scales the points into the box, highest at the top", () => {
    expect(sparklinePoints([1, 3, 2], 60, 20)).toBe("0,19 30,1 60,10");
    expect(sparklinePoints([2, 2], 10, 20)).toBe("0,10 10,10");
  });
});
