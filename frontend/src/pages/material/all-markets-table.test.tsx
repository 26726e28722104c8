import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { materialQueries } from "@/api/queries";
import { renderRoute } from "@/test/render";
import { AllMarketsTable } from "./all-markets-table";
import { copperPrices, FIRST_MARKETS, marketPage } from "./test-fixtures";

/** A window whose width matches the `sm` query or not, and can be turned. */
function screenWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return wide;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", (query: string) => {
    expect(query).toBe("(min-width: 640px)");
    return list;
  });
  return (next: boolean) => {
    wide = next;
    for (const listener of listeners) listener();
  };
}

function renderTable() {
  renderRoute(<AllMarketsTable materialSlug="copper" unit="kg" />, {
    path: "/material/:materialSlug",
    url: "/material/copper",
    seed: [[materialQueries.markets("copper", FIRST_MARKETS).queryKey, marketPage(copperPrices)]],
  });
}

describe("All Markets builds only the layout the screen shows", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a table alone on a wide screen, a list alone on a phone, and follows a turn", () => {
    const turn = screenWidth(true);
    renderTable();
    expect(screen.getByRole("table", { name: /All markets/ })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "All markets" })).toBeNull();
    act(() => turn(false));
    expect(screen.getByRole("list", { name: "All markets" })).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: /All markets/ })).toBeNull();
  });

  it("builds both, for the CSS to choose, where the browser cannot say", () => {
    vi.stubGlobal("matchMedia", undefined);
    renderTable();
    expect(screen.getByRole("table", { name: /All markets/ })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "All markets" })).toBeInTheDocument();
  });
});
