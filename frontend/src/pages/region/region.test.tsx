import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { regionQueries } from "@/api/queries";
import { Component as CityPage } from "@/pages/city";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as RegionPage } from "./index";
import { california, californiaPrices } from "./test-fixtures";

const fetchSpy = spyOnFetch();

const PATH = "/:countryCode/:citySlug";

function seed(prices = californiaPrices): Seed {
  return [
    [regionQueries.detail("us", "california").queryKey, california],
    [regionQueries.prices("us", "california").queryKey, prices],
  ];
}

function renderCalifornia(data: Seed = seed(), url = "/us/california") {
  return renderRoute(<RegionPage />, { path: PATH, url, seed: data });
}

const table = () => screen.getByRole("table");
const materialOrder = () =>
  within(table())
    .getAllByRole("rowheader")
    .map((cell) => within(cell).getByRole("link").textContent);
const rowFor = (name: string) => within(within(table()).getByRole("link", { name }).closest("tr") as HTMLElement);
const headerCell = (name: RegExp) => screen.getByRole("button", { name }).closest("th");
const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : String(input));

describe("Region page", () => {
  it("shows the heading, breadcrumbs, what the prices are, the counts and the page title", async () => {
    renderCalifornia();
    expect(screen.getByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(crumbs.getByText("United States")).toBeInTheDocument();
    expect(crumbs.getByText("California")).toHaveAttribute("aria-current", "page");
    expect(
      screen.getByText("Prices are the average of the latest prices across its 5 cities, in USD."),
    ).toBeInTheDocument();
    const yards = within(screen.getByText("Scrap Yards", { selector: "dt" }).parentElement as HTMLElement);
    expect(yards.getByText("43")).toBeInTheDocument();
    expect(yards.getByText("In California")).toBeInTheDocument();
    expect(
      within(screen.getByText("Cities", { selector: "dt" }).parentElement as HTMLElement).getByText("5"),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("California Scrap Metal Prices | ScrapIndex"));
    expect(metaContent("description")).toMatch(
      /^Average scrap metal prices in California, United States \(cities tracked: 5\)/,
    );
    expect(metaContent("robots")).toBe("index,follow");
  });

  it("links every city to its prices and its scrap yards", () => {
    renderCalifornia();
    const cities = within(screen.getByRole("complementary", { name: "Cities in California" }));
    expect(cities.getByRole("heading", { name: "Cities in California" })).toBeInTheDocument();
    expect(cities.getAllByRole("listitem")).toHaveLength(5);
    expect(cities.getByRole("link", { name: "Los Angeles" })).toHaveAttribute("href", "/us/los-angeles");
    expect(cities.getByRole("link", { name: "Scrap yards in Los Angeles" })).toHaveAttribute(
      "href",
      "/us/los-angeles/scrap-yards",
    );
    expect(cities.getByRole("link", { name: "San Jose" })).toHaveAttribute("href", "/us/san-jose");
  });

  describe("price table", () => {
    it("lists each material's average, range and city count, highest average first", () => {
      renderCalifornia();
      expect(screen.getByRole("heading", { name: "Average Prices (Per KG unless marked)" })).toBeInTheDocument();
      expect(materialOrder()).toEqual(["Silver (Sterling)", "#1 Copper", "Copper", "Bare Bright Copper"]);
      expect(headerCell(/^Average/)).toHaveAttribute("aria-sort", "descending");
      expect(screen.getByRole("button", { name: "Average (USD)" })).toBeInTheDocument();
      const silver = rowFor("Silver (Sterling)");
      expect(silver.getByRole("link")).toHaveAttribute("href", "/material/silver");
      expect(silver.getByText("Precious")).toBeInTheDocument(); // category when there is no grade
      // Silver per troy oz ($885.17 a kg), marked so.
      expect(silver.getByText("$27.53")).toBeInTheDocument();
      expect(silver.getByText("per troy oz")).toBeInTheDocument();
      expect(silver.getByText("$26.56 – $28.26")).toBeInTheDocument();
      expect(silver.getByText("5")).toBeInTheDocument();
      expect(rowFor("Bare Bright Copper").getByText("Grade A")).toBeInTheDocument();
      expect(screen.getByText(/up to Nov 22, 2026/)).toBeInTheDocument();
    });

    it("sorts by material or average and keeps the choice in the URL", async () => {
      const user = userEvent.setup();
      renderCalifornia();
      await user.click(screen.getByRole("button", { name: /^Material/ }));
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "descending");
      expect(headerCell(/^Average/)).toHaveAttribute("aria-sort", "none");
      expect(materialOrder()).toEqual(["Silver (Sterling)", "Copper", "Bare Bright Copper", "#1 Copper"]);
      await user.click(screen.getByRole("button", { name: /^Material/ }));
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "ascending");
      expect(materialOrder()).toEqual(["#1 Copper", "Bare Bright Copper", "Copper", "Silver (Sterling)"]);
      await user.click(screen.getByRole("button", { name: /^Average/ }));
      expect(materialOrder()[0]).toBe("Silver (Sterling)");
      await user.click(screen.getByRole("button", { name: /^Average/ }));
      expect(materialOrder()[0]).toBe("Bare Bright Copper");
    });

    it("starts from the sort in the URL", () => {
      renderCalifornia(seed(), "/us/california?sort=material-asc");
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "ascending");
      expect(materialOrder()[0]).toBe("#1 Copper");
    });

    it("converts the title and every price when the unit changes", async () => {
      const user = userEvent.setup();
      renderCalifornia();
      await user.click(screen.getByRole("radio", { name: "per lb" }));
      expect(screen.getByRole("heading", { name: "Average Prices (Per LB unless marked)" })).toBeInTheDocument();
      expect(rowFor("#1 Copper").getByText("$4.56")).toBeInTheDocument();
      expect(rowFor("#1 Copper").getByText("$4.36 – $4.74")).toBeInTheDocument();
      // Silver keeps its troy ounce: a weight chosen for the table is not its unit.
      expect(rowFor("Silver (Sterling)").getByText("$27.53")).toBeInTheDocument();
      await user.click(screen.getByRole("radio", { name: "per tonne" }));
      expect(screen.getByRole("heading", { name: "Average Prices (Per Tonne unless marked)" })).toBeInTheDocument();
      expect(rowFor("#1 Copper").getByText("$10,050.00")).toBeInTheDocument();
      expect(rowFor("Silver (Sterling)").getByText("$27.53")).toBeInTheDocument();
    });

    it("says so when there are no prices", () => {
      renderCalifornia(seed([]));
      expect(screen.getByText("No price data available")).toBeInTheDocument();
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Los Angeles" })).toBeInTheDocument();
    });

    it("shows 5 skeleton rows while only the prices load", () => {
      fetchSpy.mockImplementation(never);
      renderCalifornia(seed().slice(0, 1));
      expect(screen.getByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent("Loading prices");
      expect(screen.getAllByTestId("price-skeleton-row")).toHaveLength(5);
    });

    it("offers a retry when only the prices fail", async () => {
      fetchSpy.mockImplementation(answerJson({ message: "Database unavailable" }, 500));
      renderCalifornia(seed().slice(0, 1));
      expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
      expect(screen.getByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
    });
  });

  it("shows the page skeleton while the region loads", () => {
    fetchSpy.mockImplementation(never);
    renderCalifornia([]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading region prices");
    expect(screen.getAllByTestId("price-skeleton-row")).toHaveLength(5);
  });

  it("shows the city page's not-found screen when the region does not exist either", async () => {
    fetchSpy.mockImplementation(answerJson({ message: "Region 'atlantis' not found in United States" }, 404));
    renderCalifornia([], "/us/atlantis");
    expect(await screen.findByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The city you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(metaContent("robots")).toBe("noindex,nofollow"));
    expect(document.title).toBe("City Not Found | ScrapIndex");
  });

  it("has the last word on the page title when the city page hands over to it", async () => {
    // The city page renders this page when no city has the slug. Once this page's code is loaded
    // and the region is in the cache, both set the title in the same commit: ours must win.
    fetchSpy.mockImplementation(answerJson({ message: "City 'california' not found" }, 404));
    const atCalifornia = { path: PATH, url: "/us/california", seed: seed() };
    const first = renderRoute(<CityPage regionPage={RegionPage} />, atCalifornia);
    expect(await screen.findByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
    first.unmount();
    document.title = "";
    renderRoute(<CityPage regionPage={RegionPage} />, atCalifornia);
    expect(await screen.findByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("California Scrap Metal Prices | ScrapIndex"));
    expect(metaContent("robots")).toBe("index,follow");
  });

  it("offers a retry when the region fails, and shows the page once it loads", async () => {
    const user = userEvent.setup();
    fetchSpy.mockImplementation(answerJson({ message: "Database unavailable" }, 500));
    renderCalifornia([]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    fetchSpy.mockImplementation(async (input) =>
      Response.json(urlOf(input).endsWith("/prices") ? californiaPrices : california),
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "California Scrap Metal Prices" })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([input]) => urlOf(input).endsWith("/api/countries/us/regions/california"))).toBe(
      true,
    );
  });
});
