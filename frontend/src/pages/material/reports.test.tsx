import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { materialQueries, priceQueries } from "@/api/queries";
import { CITIES } from "@/test/forms";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component } from "./index";
import {
  copper,
  copperCities,
  copperPrices,
  copperSummary,
  FIRST_MARKETS,
  johannesburgHistory,
  londonHistory,
  marketPage,
} from "./test-fixtures";

// jsdom cannot draw the chart (a canvas).
vi.mock("./price-chart", () => ({ PriceChart: () => <div data-testid="price-chart" /> }));

const fetchSpy = spyOnFetch();
const WAIT = { timeout: 4000 };

const summaryOf = (citySlug: string, count: number, currency: string) => ({
  citySlug,
  materialSlug: "copper",
  windowDays: 14,
  count,
  medianPerKg: "182.00",
  minPerKg: "150.00",
  maxPerKg: "210.00",
  latestDate: "2026-11-24",
  currency,
  publishesPrice: count >= 3,
});

function renderPage() {
  fetchSpy.mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    const city = url.searchParams.get("citySlug") ?? "";
    if (url.pathname === "/api/price-reports") {
      return Response.json(city === "london" ? summaryOf(city, 0, "GBP") : summaryOf(city, 6, "ZAR"));
    }
    if (url.pathname === "/api/prices/history") return Response.json(londonHistory);
    // The page loads the city list to place the visitor (lib/visitor-place); so does the report form.
    if (url.pathname === "/api/cities") return Response.json(CITIES);
    return Response.json({ message: "unexpected" }, { status: 500 });
  });
  return renderRoute(<Component />, {
    path: "/material/:materialSlug",
    url: "/material/copper",
    seed: [
      [materialQueries.detail("copper").queryKey, copper],
      [materialQueries.marketSummary("copper").queryKey, copperSummary],
      [materialQueries.markets("copper", FIRST_MARKETS).queryKey, marketPage(copperPrices)],
      [materialQueries.marketCities("copper").queryKey, copperCities],
      [materialQueries.list().queryKey, [copper]],
      [priceQueries.history("copper", "johannesburg", 30).queryKey, johannesburgHistory],
    ],
  });
}

describe("Material page: user price reports", () => {
  it("shows the selected city's report summary and a report button for it", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId("report-summary", {}, WAIT)).toHaveTextContent(
      "Reported by 6 sellers in the last 14 days: median R182.00/kg",
    );

    // London has no approved reports: nothing at all.
    await user.selectOptions(screen.getByRole("combobox", { name: "City" }), "london");
    await screen.findByTestId("price-chart", {}, WAIT);
    await vi.waitFor(() => expect(screen.queryByTestId("report-summary")).not.toBeInTheDocument(), WAIT);

    await user.click(screen.getByRole("button", { name: "Report a price you were paid" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Report a price you were paid" }, WAIT));
    expect(dialog.getByRole("combobox", { name: /Material/ })).toHaveValue("copper");
    await vi.waitFor(() => expect(dialog.getByRole("combobox", { name: /City/ })).toHaveValue("london"), WAIT);
  });
});
