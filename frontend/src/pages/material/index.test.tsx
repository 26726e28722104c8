import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

// openapi-fetch keeps the fetch and Request it finds when the client module loads, so both are
// replaced before any import: fetch by a mock, Request by one that accepts the app's
// same-origin paths (Node's own Request refuses relative URLs).
const fetchMock = vi.hoisted(() => {
  const NodeRequest = globalThis.Request;
  globalThis.Request = class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, "http://localhost").href : input, init);
    }
  } as typeof Request;
  const mock = vi.fn<(request: Request) => Promise<Response>>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

// jsdom cannot draw the chart (a canvas); the stand-in shows what the real chart is given and labels
// the first Y value with the same tick formatter the real Y axis uses.
vi.mock("./price-chart", async () => {
  const { axisTickFormatter } = await import("./chart-data");
  return {
    PriceChart: ({ data, currency, label }: { data: { value: number }[]; currency: string; label: string }) => (
      <div role="img" aria-label={label} data-testid="price-chart">
        {axisTickFormatter(currency)(data[0]?.value ?? 0)}
      </div>
    ),
  };
});

import type { PriceHistory } from "@/api/client";
import { cityQueries, materialQueries, priceQueries } from "@/api/queries";
import { renderRoute, type Seed } from "@/test/render";
import { Component } from "./index";
import {
  allCities,
  bareBright,
  copper,
  copperCities,
  copperPrices,
  copperSummary,
  FIRST_MARKETS,
  johannesburgHistory,
  londonHistory,
  marketPage,
} from "./test-fixtures";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const requested = () => fetchMock.mock.calls.map(([request]) => new URL(request.url));

/** What the server embeds in the page (detail, summary, the table's first page), the chooser's
 * cities and the default city's history. */
function seedAll(history: PriceHistory = johannesburgHistory, material = copper): Seed {
  return [
    [materialQueries.detail(material.slug).queryKey, material],
    [materialQueries.marketSummary(material.slug).queryKey, copperSummary],
    [materialQueries.markets(material.slug, FIRST_MARKETS).queryKey, marketPage(copperPrices)],
    [materialQueries.marketCities(material.slug).queryKey, copperCities],
    [priceQueries.history(material.slug, "johannesburg", 30).queryKey, { ...history, materialSlug: material.slug }],
    [cityQueries.list().queryKey, allCities],
  ];
}

const seedWithoutHistory = () => seedAll().filter(([key]) => key[0] !== "/api/prices/history");

const BY_USD = ["Halifax", "Polokwane", "Los Angeles", "Johannesburg", "Sydney", "London", "Madrid"];
const BY_NAME = ["Halifax", "Johannesburg", "London", "Los Angeles", "Madrid", "Polokwane", "Sydney"];
const rowsNamed = (names: string[]) => names.map((name) => copperPrices.find((row) => row.city.name === name));

/** The server's four orders of copperPrices, answered as it would page them. */
function answerMarkets(request: Request): Response | undefined {
  const url = new URL(request.url);
  if (url.pathname !== "/api/materials/copper/markets") return undefined;
  const sort = url.searchParams.get("sort");
  const order = url.searchParams.get("order");
  const names = sort === "city" ? BY_NAME : BY_USD;
  const descending = sort === "city" ? order === "desc" : order !== "asc";
  const ordered =
    sort === "city" ? (descending ? [...names].reverse() : names) : descending ? names : [...names].reverse();
  return json(marketPage(rowsNamed(ordered) as typeof copperPrices));
}

function renderPage(seed: Seed = seedAll(), slug = "copper") {
  return renderRoute(<Component />, { path: "/material/:materialSlug", url: `/material/${slug}`, seed });
}

function bodyRows() {
  const table = screen.getByRole("table", { name: /All markets/ });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getByRole("rowheader").textContent);
}

/** The browser's time zone and languages, which place the visitor (lib/visitor-place). */
function browserIn(timeZone: string, languages: string[]) {
  const options = { locale: "en-US", calendar: "gregory", numberingSystem: "latn", timeZone };
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue(options);
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

beforeEach(() => {
  // A visitor the rule cannot place: the chart opens on the default city.
  vi.restoreAllMocks();
  browserIn("Etc/UTC", ["en"]);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => json({ message: `unexpected ${request.url}` }, 500));
});

describe("Material page", () => {
  it("shows the material with breadcrumbs, badges and title", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(crumbs).getByRole("link", { name: "Scrap Metal Prices" })).toHaveAttribute(
      "href",
      "/scrap-metal-prices",
    );
    expect(within(crumbs).getByText("Copper")).toHaveAttribute("aria-current", "page");
    // No grade: no grade badge at all (never "Unknown"); the category badge and its icon stay.
    expect(screen.queryByText("Unknown")).not.toBeInTheDocument();
    const hero = screen.getByRole("region", { name: "Copper" });
    expect(within(hero).getByText("Copper", { selector: "span" })).toBeInTheDocument();
    expect(within(hero).getByTestId("category-icon")).toHaveAttribute("aria-hidden", "true");
    expect(screen.queryByText("Premium Grade")).not.toBeInTheDocument();
    expect(screen.getByText(/General copper scrap/)).toBeInTheDocument();
    expect(within(hero).getByRole("link", { name: /What is yours worth/ })).toHaveAttribute(
      "href",
      "/calculator?item=copper:1:kg",
    );
    await waitFor(() => expect(document.title).toBe("Copper Scrap Price by City | ScrapIndex"));
    expect([...document.querySelectorAll("[data-ad-slot]")].map((ad) => ad.id)).toEqual([
      "material-ad-1",
      "material-ad-2",
      "material-ad-3",
    ]);
    await screen.findByTestId("price-chart");
  });

  it("marks Grade A as premium and falls back when there is no description", async () => {
    renderPage(seedAll(johannesburgHistory, bareBright), "bare-bright-copper");
    expect(screen.getByText("Premium Grade")).toBeInTheDocument();
    expect(screen.getByText("Grade A")).toBeInTheDocument();
    expect(screen.getByText("No description available")).toBeInTheDocument();
    await screen.findByTestId("price-chart");
  });

  it("shows the server's figures in USD on the stats and cards", async () => {
    renderPage();
    const stats = screen.getByText("Cities Tracked").closest("dl") as HTMLElement;
    const value = (label: string) => within(stats).getByText(label).closest("div")?.querySelector("dd");
    expect(value("Cities Tracked")).toHaveTextContent("7");
    expect(value("Countries")).toHaveTextContent("6"); // two South African cities
    // (9.51 + 9.37 + 9.31 + 9.18 + 9.03 + 8.88 + 7.97) / 7 = 9.0357…
    expect(screen.getByTestId("stat-average")).toHaveTextContent("$9.04");
    expect(screen.getByTestId("stat-range")).toHaveTextContent("$7.97 – $9.51");
    expect(within(stats).getAllByText("(in USD per kg)")).toHaveLength(2);

    const card = (title: string) =>
      screen.getByRole("heading", { name: title }).closest("div.rounded-lg") as HTMLElement;
    expect(within(card("Highest Price")).getByText("$9.51")).toBeInTheDocument();
    expect(within(card("Highest Price")).getByText("Halifax, Canada")).toBeInTheDocument();
    expect(within(card("Average Market Price")).getByText("$9.04")).toBeInTheDocument();
    expect(within(card("Lowest Price")).getByText("$7.97")).toBeInTheDocument();
    expect(within(card("Lowest Price")).getByText("Madrid, Spain")).toBeInTheDocument();
    expect(within(card("Lowest Price")).getByText("in USD per kg")).toBeInTheDocument();
    await screen.findByTestId("price-chart");
  });

  it("ranks the top 5 paying markets in local currency with city links", async () => {
    renderPage();
    const items = screen.getAllByTestId("top-market");
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^#1Halifax.*C\$13\.18/),
      expect.stringMatching(/^#2Polokwane.*R174\.95/),
      expect.stringMatching(/^#3Los Angeles.*\$9\.31/),
      expect.stringMatching(/^#4Johannesburg.*R171\.52/),
      expect.stringMatching(/^#5Sydney.*A\$13\.71/),
    ]);
    expect(within(items[0] as HTMLElement).getByRole("link", { name: "View City: Halifax" })).toHaveAttribute(
      "href",
      "/ca/halifax",
    );
    expect(within(items[1] as HTMLElement).getByRole("link", { name: "View City: Polokwane" })).toHaveAttribute(
      "href",
      "/za/polokwane",
    );
    await screen.findByTestId("price-chart");
  });

  it("asks the server for each sort of All Markets: price (desc) by default, flips and resets directions", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (request) => answerMarkets(request) ?? json({}, 500));
    const { router } = renderPage();
    const table = screen.getByRole("table", { name: /All markets/ });
    const priceHeader = within(table).getByRole("columnheader", { name: "Price" });
    const cityHeader = within(table).getByRole("columnheader", { name: "City" });
    const lastMarketsQuery = () =>
      Object.fromEntries(
        requested()
          .filter((url) => url.pathname.endsWith("/markets"))
          .at(-1)?.searchParams ?? [],
      );

    expect(bodyRows()).toEqual(BY_USD);
    expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    expect(cityHeader).toHaveAttribute("aria-sort", "none");

    await user.click(within(priceHeader).getByRole("button"));
    await waitFor(() => expect(bodyRows()).toEqual([...BY_USD].reverse()));
    expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
    expect(lastMarketsQuery()).toEqual({ page: "1", limit: "20", sort: "price", order: "asc" });
    expect(router.state.location.search).toBe("?order=asc");

    await user.click(within(cityHeader).getByRole("button")); // new field: its default, ascending
    await waitFor(() => expect(bodyRows()).toEqual(BY_NAME));
    expect(cityHeader).toHaveAttribute("aria-sort", "ascending");
    expect(priceHeader).toHaveAttribute("aria-sort", "none");
    expect(router.state.location.search).toBe("?sort=city");

    await user.click(within(cityHeader).getByRole("button"));
    await waitFor(() => expect(bodyRows()).toEqual([...BY_NAME].reverse()));
    expect(cityHeader).toHaveAttribute("aria-sort", "descending");
    expect(lastMarketsQuery()).toEqual({ page: "1", limit: "20", sort: "city", order: "desc" });

    await user.click(within(priceHeader).getByRole("button")); // back to price: descending again
    await waitFor(() => expect(bodyRows()).toEqual(BY_USD));
    expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    expect(router.state.location.search).toBe("");

    const firstRow = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(firstRow).getByText("Canada")).toBeInTheDocument();
    expect(within(firstRow).getByText("Nov 22, 2026")).toBeInTheDocument();
    expect(within(firstRow).getByRole("link", { name: "View Details: Halifax" })).toHaveAttribute(
      "href",
      "/ca/halifax",
    );
  });

  it("pages through All Markets, says which it shows and takes focus back to the table's heading", async () => {
    const user = userEvent.setup();
    const secondPage = marketPage(copperPrices.slice(0, 2), 2, 22);
    fetchMock.mockImplementation(async (request) =>
      new URL(request.url).searchParams.get("page") === "2" ? json(secondPage) : json({}, 500),
    );
    const seed = seedAll();
    seed[2] = [materialQueries.markets("copper", FIRST_MARKETS).queryKey, marketPage(copperPrices, 1, 22)];
    const { router } = renderPage(seed);
    expect(screen.getByText("Markets 1–7 of 22")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Market pages" });
    await user.click(within(pages).getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Markets 21–22 of 22")).toBeInTheDocument();
    expect(bodyRows()).toEqual(["Halifax", "Polokwane"]);
    expect(router.state.location.search).toBe("?page=2");
    await waitFor(() => expect(document.title).toBe("Copper Scrap Price by City - Page 2 | ScrapIndex"));
    expect(screen.getByRole("heading", { name: "All Markets" })).toHaveFocus();
    expect(within(pages).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });

  it("reads the table's sort and page from the URL", async () => {
    fetchMock.mockImplementation(async (request) => answerMarkets(request) ?? json({}, 500));
    renderRoute(<Component />, {
      path: "/material/:materialSlug",
      url: "/material/copper?sort=city&order=desc&page=1",
      seed: seedAll(),
    });
    await waitFor(() => expect(bodyRows()).toEqual([...BY_NAME].reverse()));
    const cityHeader = screen.getByRole("columnheader", { name: "City" });
    expect(cityHeader).toHaveAttribute("aria-sort", "descending");
  });

  it("says so when the material has no market at all", async () => {
    const seed = seedAll();
    seed[1] = [
      materialQueries.marketSummary("copper").queryKey,
      {
        ...copperSummary,
        cityCount: 0,
        countryCount: 0,
        usdCount: 0,
        averageUsd: null,
        averageUsdExact: null,
        minUsd: null,
        minUsdExact: null,
        maxUsd: null,
        maxUsdExact: null,
        highest: null,
        lowest: null,
        top: [],
      },
    ];
    seed[2] = [materialQueries.markets("copper", FIRST_MARKETS).queryKey, marketPage([], 1, 0)];
    seed[3] = [materialQueries.marketCities("copper").queryKey, []];
    renderPage(seed);
    expect(screen.getAllByText("No price data available").length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId("stat-range")).toHaveTextContent("—");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText("No Chart Data")).toBeInTheDocument();
  });

  it("shows every price in the chosen unit", async () => {
    const user = userEvent.setup();
    renderPage();
    const table = screen.getByRole("table", { name: /All markets/ });
    expect(within(table).getByText("C$13.18")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(within(table).getByText("C$13,180.00")).toBeInTheDocument();
    // The calculator is opened with a tonne of it listed, in the unit now chosen.
    expect(screen.getByRole("link", { name: /What is yours worth/ })).toHaveAttribute(
      "href",
      "/calculator?item=copper:1:t",
    );
    // From averageUsdExact, 9.0357 a kg: the mean to four places, as every exact figure.
    expect(screen.getByTestId("stat-average")).toHaveTextContent("$9,035.70");
    expect(screen.getByTestId("stat-range")).toHaveTextContent("$7,970.00 – $9,510.00");
    expect(screen.getAllByTestId("top-market")[0]).toHaveTextContent("C$13,180.00");
    expect(await screen.findByTestId("price-chart")).toHaveTextContent("R169,740");
    expect(screen.getByText("Prices in ZAR per tonne")).toBeInTheDocument();
  });

  it("converts the dollar figures from their exact value, not the one rounded to the cent", async () => {
    // Steel's kind of prices: $0.13 a kg to the cent is $130.00 a tonne, the price $128.40.
    const user = userEvent.setup();
    const seed = seedAll();
    seed[1] = [
      materialQueries.marketSummary("copper").queryKey,
      {
        ...copperSummary,
        averageUsd: "0.145714",
        averageUsdExact: "0.1457",
        minUsd: "0.13",
        minUsdExact: "0.1284",
        maxUsd: "0.16",
        maxUsdExact: "0.1649",
      },
    ];
    renderPage(seed);
    await user.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(screen.getByTestId("stat-range")).toHaveTextContent("$128.40 – $164.90");
    expect(screen.getByTestId("stat-average")).toHaveTextContent("$145.70");
    const lowest = screen.getByRole("heading", { name: "Lowest Price" }).closest("div")?.parentElement;
    expect(lowest).toHaveTextContent("$128.40");
    expect(lowest).not.toHaveTextContent("$130.00");
  });

  it("draws the chosen city's history in that city's currency", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (request) =>
      new URL(request.url).searchParams.get("citySlug") === "london" ? json(londonHistory) : json({}, 500),
    );
    renderPage();
    const chooser = screen.getByRole("combobox", { name: "City" });
    expect(chooser).toHaveValue("johannesburg");
    expect(await screen.findByTestId("price-chart")).toHaveTextContent("R169.74");
    expect(screen.getByRole("img", { name: /Copper price trend in Johannesburg/ })).toBeInTheDocument();
    expect(screen.getByTestId("trend-summary")).toHaveTextContent("From R169.74 on Nov 19, 2026");

    await user.selectOptions(chooser, "london");
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveTextContent("£7.19"));
    expect(screen.getByRole("img", { name: /Copper price trend in London .* GBP per kg/ })).toBeInTheDocument();
    expect(screen.getByTestId("trend-summary")).toHaveTextContent("to £7.25 on Nov 22, 2026, up 0.8%");
    // The report summary asks for its own data alongside: only the history requests matter here.
    const [url] = requested().filter((request) => request.pathname === "/api/prices/history");
    expect(url?.pathname).toBe("/api/prices/history");
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      materialSlug: "copper",
      citySlug: "london",
      days: "30",
    });
  });

  it("shows No Chart Data without history", async () => {
    renderPage(seedAll({ ...johannesburgHistory, points: [] }));
    expect(await screen.findByText("No Chart Data")).toBeInTheDocument();
    expect(screen.getByText("No price history available")).toBeInTheDocument();
    expect(screen.queryByTestId("price-chart")).not.toBeInTheDocument();
  });

  it("shows No Chart Data with a single history point", async () => {
    renderPage(seedAll({ ...johannesburgHistory, points: johannesburgHistory.points.slice(0, 1) }));
    expect(await screen.findByText("No Chart Data")).toBeInTheDocument();
    expect(screen.getByText("Need at least 2 data points to show trend")).toBeInTheDocument();
  });

  it("requests the history only once the material has loaded", async () => {
    let answerMaterial: (response: Response) => void = () => {};
    fetchMock.mockImplementation((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/api/materials/copper") {
        return new Promise<Response>((resolve) => {
          answerMaterial = resolve;
        });
      }
      if (pathname === "/api/prices/history") return Promise.resolve(json(johannesburgHistory));
      return Promise.resolve(json({}, 500));
    });
    renderPage(seedAll().filter(([key]) => key[0] !== "/api/materials/copper" && key[0] !== "/api/prices/history"));
    await waitFor(() => expect(requested().map((url) => url.pathname)).toEqual(["/api/materials/copper"]));
    expect(screen.getByText("Loading material")).toBeInTheDocument();
    // Give any eager request a chance to go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requested().map((url) => url.pathname)).not.toContain("/api/prices/history");

    await act(async () => answerMaterial(json(copper)));
    expect(await screen.findByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
    await waitFor(() => expect(requested().map((url) => url.pathname)).toContain("/api/prices/history"));
    expect(requested().at(-1)?.searchParams.get("citySlug")).toBe("johannesburg");
    expect(await screen.findByTestId("price-chart")).toBeInTheDocument();
  });

  it("shows Material Not Found on a 404 and asks not to be indexed", async () => {
    fetchMock.mockImplementation(async () => json({ message: "Material 'nope' not found" }, 404));
    renderPage([], "nope");
    expect(await screen.findByRole("heading", { level: 1, name: "Material Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The requested scrap metal material could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse All Materials" })).toHaveAttribute("href", "/scrap-metal-prices");
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex,nofollow"),
    );
    expect(requested().map((url) => url.pathname)).not.toContain("/api/prices/history");
  });

  it("shows an error with Try again when the API fails, and recovers on retry", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json({ message: "Database unavailable" }, 500));
    renderPage(seedAll().slice(1));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Database unavailable")).toBeInTheDocument();

    fetchMock.mockImplementation(async () => json(copper));
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
  });

  it("shows an error with Try again in place of each market section when they fail", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json({ message: "Prices unavailable" }, 500));
    renderPage([[materialQueries.detail("copper").queryKey, copper]]);
    // The cards, the chart's city chooser and the table: each says so, and each can try again.
    await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(3));
    expect(screen.getByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    fetchMock.mockImplementation(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith("/markets/summary")) return json(copperSummary);
      if (pathname.endsWith("/markets")) return json(marketPage(copperPrices));
      if (pathname.endsWith("/markets/cities")) return json(copperCities);
      if (pathname === "/api/prices/history") return json(johannesburgHistory);
      return json({ message: "unexpected" }, 500);
    });
    for (const button of screen.getAllByRole("button", { name: "Try again" })) await user.click(button);
    expect(await screen.findByText("Halifax, Canada")).toBeInTheDocument();
    expect(await screen.findByRole("table", { name: /All markets/ })).toBeInTheDocument();
    expect(await screen.findByTestId("price-chart")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("Material page price history ranges", () => {
  const yearHistory: PriceHistory = {
    ...johannesburgHistory,
    resolution: "week",
    points: [
      { date: "2025-12-01", price: "150.00", priceExact: "150.0000" },
      { date: "2026-06-01", price: "160.00", priceExact: "160.0000" },
      { date: "2026-11-16", price: "170.00", priceExact: "170.0000" },
    ],
    reference: [
      { date: "2025-11-01", price: "180.00", priceExact: "180.0000" },
      { date: "2026-06-01", price: "190.00", priceExact: "190.0000" },
    ],
    referenceName: "Copper (IMF via FRED, monthly)",
  };

  it("switches to one year with the keyboard-reachable radios and asks for 365 days", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(yearHistory));
    renderPage();
    expect(await screen.findByTestId("price-chart")).toHaveTextContent("R169.74");
    const group = screen.getByRole("group", { name: "Time range" });
    expect(within(group).getByRole("radio", { name: "30 days" })).toBeChecked();
    expect(screen.getByRole("heading", { name: "Price Trends (Last 30 Days)" })).toBeInTheDocument();

    await user.click(within(group).getByRole("radio", { name: "1 year" }));
    expect(within(group).getByRole("radio", { name: "1 year" })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveTextContent("R150"));
    expect(screen.getByRole("heading", { name: "Price Trends (Last Year)" })).toBeInTheDocument();
    expect(screen.getByText(/^Weekly averages in ZAR per/)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: /in Johannesburg over the last year/ })).toBeInTheDocument();
    const url = requested().at(-1);
    expect(url?.pathname).toBe("/api/prices/history");
    expect(url?.searchParams.get("days")).toBe("365");
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/prices/history?materialSlug=copper&citySlug=johannesburg&days=365&format=csv",
    );

    // Arrow keys move along the radio group.
    await user.keyboard("{ArrowRight}");
    expect(within(group).getByRole("radio", { name: "All" })).toBeChecked();
    await waitFor(() => expect(requested().at(-1)?.searchParams.get("days")).toBe("3660"));
  });

  it("reads the range from the URL", async () => {
    fetchMock.mockImplementation(async () => json(yearHistory));
    renderRoute(<Component />, {
      path: "/material/:materialSlug",
      url: "/material/copper?range=90d",
      seed: seedWithoutHistory(),
    });
    expect(screen.getByRole("radio", { name: "90 days" })).toBeChecked();
    await waitFor(() => expect(requested().at(-1)?.searchParams.get("days")).toBe("90"));
  });

  it("reads the chart's city from the URL, with the range", async () => {
    fetchMock.mockImplementation(async (request) =>
      new URL(request.url).searchParams.get("citySlug") === "london" ? json(londonHistory) : json({}, 500),
    );
    renderRoute(<Component />, {
      path: "/material/:materialSlug",
      url: "/material/copper?range=90d&city=london",
      seed: seedWithoutHistory(),
    });
    expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("london");
    expect(screen.getByRole("radio", { name: "90 days" })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveTextContent("£7.19"));
    expect(Object.fromEntries(requested().at(-1)?.searchParams ?? [])).toMatchObject({
      citySlug: "london",
      days: "90",
    });
  });

  it("opens the chart on the city page visited last, in its currency", async () => {
    fetchMock.mockImplementation(async (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/prices/history")
        return json({ ...londonHistory, citySlug: url.searchParams.get("citySlug") });
      return json({}, 500);
    });
    const losAngeles = allCities.find((city) => city.slug === "los-angeles");
    renderPage([...seedAll(), [cityQueries.detail("los-angeles").queryKey, losAngeles]]);
    expect(await screen.findByRole("combobox", { name: "City" })).toHaveValue("los-angeles");
    await waitFor(() =>
      expect(
        requested()
          .filter((url) => url.pathname === "/api/prices/history")
          .at(-1)
          ?.searchParams.get("citySlug"),
      ).toBe("los-angeles"),
    );
    expect(requested().map((url) => url.searchParams.get("citySlug"))).not.toContain("johannesburg");
  });

  it("opens the chart on the city of the browser's time zone, else of its language's country", async () => {
    fetchMock.mockImplementation(async (request) =>
      new URL(request.url).searchParams.get("citySlug") === "london" ? json(londonHistory) : json({}, 500),
    );
    browserIn("Europe/London", ["en-US"]);
    const first = renderPage();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("london"));
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveTextContent("£7.19"));
    first.unmount();

    // New York has no copper price: its country's first priced city stands in.
    browserIn("America/New_York", ["en"]);
    renderPage();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("los-angeles"));
  });

  it("places the visitor by the language's region when the time zone is not one of ours", async () => {
    browserIn("Asia/Tokyo", ["fr-CA", "en-GB"]);
    renderPage();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("halifax"));
  });

  it("falls back to the default city for a city without a price", async () => {
    renderRoute(<Component />, {
      path: "/material/:materialSlug",
      url: "/material/copper?city=atlantis",
      seed: seedAll(),
    });
    expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("johannesburg");
    await screen.findByTestId("price-chart");
  });

  it("lists every market for phones too, with the same prices, provenance and links", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (request) => answerMarkets(request) ?? json({}, 500));
    renderPage();
    const list = screen.getByRole("list", { name: "All markets" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(bodyRows());
    const first = items[0] as HTMLElement;
    expect(first).toHaveTextContent("Canada");
    expect(first).toHaveTextContent("C$13.18 CAD");
    expect(first).toHaveTextContent("Updated Nov 22, 2026");
    expect(within(first).getByRole("link", { name: "View Details: Halifax" })).toHaveAttribute("href", "/ca/halifax");
    expect(within(first).getByText("Demo data")).toBeInTheDocument();

    const sorts = screen.getByRole("group", { name: "Sort markets" });
    expect(within(sorts).getByRole("button", { name: "Price, highest first" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(sorts).getByRole("button", { name: "City" }));
    expect(within(sorts).getByRole("button", { name: "City, A to Z" })).toHaveAttribute("aria-pressed", "true");
    const names = () =>
      within(screen.getByRole("list", { name: "All markets" }))
        .getAllByRole("listitem")
        .map((item) => item.querySelector("p")?.textContent);
    await waitFor(() => expect(names()).toEqual(BY_NAME));
    expect(bodyRows()).toEqual(names());
  });

  it("draws the market reference on request, named in the chart", async () => {
    const user = userEvent.setup();
    renderPage([...seedWithoutHistory(), [priceQueries.history("copper", "johannesburg", 30).queryKey, yearHistory]]);
    const toggle = await screen.findByRole("button", { name: "Show market reference" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("img", { name: /price trend in Johannesburg/ })).not.toHaveAccessibleName(/IMF/);
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("img", { name: /, with Copper \(IMF via FRED, monthly\)$/ })).toBeInTheDocument();
  });

  it("offers no reference toggle when the API has none", async () => {
    renderPage();
    expect(await screen.findByTestId("price-chart")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show market reference" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      expect.stringContaining("days=30"),
    );
  });
});
