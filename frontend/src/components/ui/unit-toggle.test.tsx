import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UnitToggle } from "./unit-toggle";

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("UnitToggle", () => {
  it("remembers the chosen unit in storage", async () => {
    render(<UnitToggle />);
    await userEvent.click(screen.getByRole("radio", { name: "per lb" }));
    expect(screen.getByRole("radio", { name: "per lb" })).toBeChecked();
    expect(window.localStorage.getItem("scrapindex.unit")).toBe("lb");
  });

  it("offers no choice for a material sold by the piece: it says so", () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    render(<UnitToggle saleUnit="piece" />);
    expect(screen.getByText("Priced per piece")).toBeInTheDocument();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("group", { name: "Price unit" })).toBeNull();
  });

  it("offers per troy oz (chosen at first) and per kg for precious metal, and no other weight", () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    render(<UnitToggle saleUnit="troy_oz" />);
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.closest("label")?.textContent)).toEqual(["per troy oz", "per kg"]);
    expect(screen.getByRole("radio", { name: "per troy oz" })).toBeChecked();
  });

  it("keeps precious metal's choice apart: per kg for silver leaves copper per lb", async () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    render(
      <>
        <div data-testid="silver">
          <UnitToggle saleUnit="troy_oz" />
        </div>
        <div data-testid="copper">
          <UnitToggle />
        </div>
      </>,
    );
    const silver = within(screen.getByTestId("silver"));
    const copper = within(screen.getByTestId("copper"));
    await userEvent.click(silver.getByRole("radio", { name: "per kg" }));
    expect(silver.getByRole("radio", { name: "per kg" })).toBeChecked();
    expect(copper.getByRole("radio", { name: "per lb" })).toBeChecked();
    expect(copper.getByRole("radio", { name: "per kg" })).not.toBeChecked();
    expect(window.localStorage.getItem("scrapindex.unit")).toBe("lb");
    expect(window.localStorage.getItem("scrapindex.unit.troy_oz")).toBe("kg");
  });

  it("still applies the unit for the session when storage refuses it", async () => {
    const refuse = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(refuse);
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(refuse);
    render(<UnitToggle />);
    await userEvent.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(screen.getByRole("radio", { name: "per tonne" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "per kg" })).not.toBeChecked();
  });
});
