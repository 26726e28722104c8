import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AdSlot } from "./ad-slot";

describe("AdSlot", () => {
  it("renders nothing when no ad provider is configured", () => {
    const { container } = render(<AdSlot id="city-ad-1" client="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("reserves the slot's height when a provider is configured", () => {
    render(<AdSlot id="city-ad-1" client="ca-pub-123" />);
    const slot = screen.getByText("Advertisement");
    expect(slot).toHaveAttribute("data-ad-client", "ca-pub-123");
    expect(slot.className).toContain("min-h-[90px]");
  });
});
