import { render, screen } from "@testing-library/react";
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
