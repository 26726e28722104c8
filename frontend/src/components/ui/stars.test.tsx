import { render, screen } from "@testing-library/react";
import { Stars, starFills } from "./stars";

const fills = (container: HTMLElement) =>
  [...container.querySelectorAll("[data-star]")].map((star) => star.getAttribute("data-star"));

describe("Stars", () => {
  it("rounds 4.9 to five full stars and names the exact rating", () => {
    const { container } = render(<Stars rating={4.9} reviews={12} />);
    expect(fills(container)).toEqual(["full", "full", "full", "full", "full"]);
    expect(screen.getByRole("img", { name: "Rated 4.9 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("4.9")).toBeInTheDocument();
    expect(screen.getByText("(12 reviews)")).toBeInTheDocument();
  });

  it("shows a half star for 4.7", () => {
    const { container } = render(<Stars rating={4.7} />);
    expect(fills(container)).toEqual(["full", "full", "full", "full", "half"]);
    expect(screen.getByRole("img", { name: "Rated 4.7 out of 5" })).toBeInTheDocument();
  });

  it("rounds to the nearest half", () => {
    expect(starFills(4.2)).toEqual(["full", "full", "full", "full", "empty"]);
    expect(starFills(4.25)).toEqual(["full", "full", "full", "full", "half"]);
    expect(starFills(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starFills(0.2)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(starFills(5)).toEqual(["full", "full", "full", "full", "full"]);
  });

  it("says when there is no rating", () => {
    const { container } = render(<Stars rating={null} />);
    expect(fills(container)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(screen.getByRole("img", { name: "Not rated yet" })).toBeInTheDocument();
    expect(screen.getByText("N/A")).toBeInTheDocument();
  });
});
