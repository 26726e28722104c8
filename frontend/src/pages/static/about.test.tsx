import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Country, SiteStats } from "@/api/client";
import { countryQueries, statsQueries } from "@/api/queries";
import { renderRoute } from "@/test/render";
import { Component as AboutPage } from "./about";

const fetchSpy = vi.hoisted(() => vi.spyOn(globalThis, "fetch"));
afterEach(() => fetchSpy.mockReset());

// Copied from GET /api/countries (trimmed to four countries).
const COUNTRIES: Country[] = [
  { code: "US", name: "United States", currency: "USD", cityCount: 25, yardCount: 219 },
  { code: "ZA", name: "South Africa", currency: "ZAR", cityCount: 12, yardCount: 83 },
  { code: "GB", name: "United Kingdom", currency: "GBP", cityCount: 12, yardCount: 85 },
  { code: "NZ", name: "New Zealand", currency: "NZD", cityCount: 3, yardCount: 17 },
];

const STATS: SiteStats = {
  countries: 4,
  cities: 52,
  materials: 34,
  scrapYards: 404,
  dailyPriceUpdates: 2550,
  latestPriceDate: "2026-11-22",
  demoData: true,
  priceKinds: [{ kind: "demo", prices: 2550 }],
  priceDays: 30,
  priceDaysWindow: 30,
};

function renderAbout(seedCountries = true) {
  return renderRoute(<AboutPage />, {
    path: "/about",
    url: "/about",
    seed: seedCountries
      ? [
          [statsQueries.site().queryKey, STATS],
          [countryQueries.list().queryKey, COUNTRIES],
        ]
      : [[statsQueries.site().queryKey, STATS]],
  });
}

describe("About page", () => {
  it("shows each country's city and yard counts and currency from the API", () => {
    renderAbout();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const southAfrica = screen.getByRole("heading", { name: "South Africa" }).closest("li") as HTMLElement;
    expect(within(southAfrica).getByText("12 cities")).toBeInTheDocument();
    expect(within(southAfrica).getByText("83 scrap yards")).toBeInTheDocument();
    expect(within(southAfrica).getByText("ZAR")).toBeInTheDocument();
    const newZealand = screen.getByRole("heading", { name: "New Zealand" }).closest("li") as HTMLElement;
    expect(within(newZealand).getByText("3 cities")).toBeInTheDocument();
    expect(within(newZealand).getByText("NZD")).toBeInTheDocument();
    // Totals are sums of the API's numbers, not typed-in marketing figures.
    expect(screen.getByText(/52 cities and 404 scrap yards in 4 countries/)).toBeInTheDocument();
  });

  it("says plainly that prices and yards are demo data, and links to contact", () => {
    renderAbout();
    expect(screen.getByText(/generated demo data set until real price feeds are connected/)).toBeInTheDocument();
    expect(screen.getByText(/scrap yards listed are demo entries/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });

  it("shows a loading state for coverage while countries load", () => {
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    renderAbout(false);
    expect(screen.getByRole("status")).toHaveTextContent("Loading coverage");
  });

  it("offers a retry when the countries request fails", async () => {
    fetchSpy.mockResolvedValue(new Response("boom", { status: 500 }));
    renderAbout(false);
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
