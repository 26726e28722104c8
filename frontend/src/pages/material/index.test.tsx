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
import { materialQueries, priceQueries } from "@/api/queries";
import { renderRoute, type Seed } from "@/test/render";
import { Component } from "./index";
import { bareBright, copper, copperPrices, johannesburgHistory, londonHistory, withinACent } from "./test-fixtures";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const requested = () => fetchMock.mock.calls.map(([request]) => new URL(request.url));

function seedAll(history: PriceHistory = johannesburgHistory, material = copper): Seed {
  return [
    [materialQueries.detail(material.slug).queryKey, material],
    [materialQueries.prices(material.slug).queryKey, copperPrices],
    [priceQueries.history(material.slug, "johannesburg", 30).queryKey, { ...history, materialSlug: material.slug }],
  ];
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

beforeEach(() => {
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
    await waitFor(() => expect(document.title).toBe("Copper Scrap Price Today | ScrapIndex"));
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

  it("computes the stats and cards from USD prices", async () => {
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

  it("sorts All Markets by price (desc) by default, flips and resets directions", async () => {
    const user = userEvent.setup();
    renderPage();
    const table = screen.getByRole("table", { name: /All markets/ });
    const priceHeader = within(table).getByRole("columnheader", { name: "Price" });
    const cityHeader = within(table).getByRole("columnheader", { name: "City" });
    const byUsd = ["Halifax", "Polokwane", "Los Angeles", "Johannesburg", "Sydney", "London", "Madrid"];
    const byName = ["Halifax", "Johannesburg", "London", "Los Angeles", "Madrid", "Polokwane", "Sydney"];

    expect(bodyRows()).toEqual(byUsd);
    expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    expect(cityHeader).toHaveAttribute("aria-sort", "none");

    await user.click(within(priceHeader).getByRole("button"));
    expect(bodyRows()).toEqual([...byUsd].reverse());
    expect(priceHeader).toHaveAttribute("aria-sort", "ascending");

    await user.click(within(cityHeader).getByRole("button")); // new field: its default, ascending
    expect(bodyRows()).toEqual(byName);
    expect(cityHeader).toHaveAttribute("aria-sort", "ascending");
    expect(priceHeader).toHaveAttribute("aria-sort", "none");

    await user.click(within(cityHeader).getByRole("button"));
    expect(bodyRows()).toEqual([...byName].reverse());
    expect(cityHeader).toHaveAttribute("aria-sort", "descending");

    await user.click(within(priceHeader).getByRole("button")); // back to price: descending again
    expect(bodyRows()).toEqual(byUsd);
    expect(priceHeader).toHaveAttribute("aria-sort", "descending");

    const firstRow = within(table).getAllByRole("row")[1] as HTMLElement;
    expect(within(firstRow).getByText("Canada")).toBeInTheDocument();
    expect(within(firstRow).getByText("Nov 22, 2026")).toBeInTheDocument();
    expect(within(firstRow).getByRole("link", { name: "View Details: Halifax" })).toHaveAttribute(
      "href",
      "/ca/halifax",
    );
  });

  it("shows every price in the chosen unit", async () => {
    const user = userEvent.setup();
    renderPage();
    const table = screen.getByRole("table", { name: /All markets/ });
    expect(within(table).getByText("C$13.18")).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(within(table).getByText("C$13,180.00")).toBeInTheDocument();
    expect(screen.getByTestId("stat-average")).toHaveTextContent("$9,035.71");
    expect(screen.getByTestId("stat-range")).toHaveTextContent("$7,970.00 – $9,510.00");
    expect(screen.getAllByTestId("top-market")[0]).toHaveTextContent("C$13,180.00");
    expect(await screen.findByTestId("price-chart")).toHaveTextContent("R169,740");
    expect(screen.getByText("Prices in ZAR per tonne")).toBeInTheDocument();
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
    renderPage([[materialQueries.prices("copper").queryKey, copperPrices]]);
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
    renderPage([
      [materialQueries.prices("copper").queryKey, copperPrices],
      [priceQueries.history("copper", "johannesburg", 30).queryKey, johannesburgHistory],
    ]);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Database unavailable")).toBeInTheDocument();

    fetchMock.mockImplementation(async () => json(copper));
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
  });

  it("shows an error with Try again in place of the market sections when prices fail", async () => {
    fetchMock.mockImplementation(async () => json({ message: "Prices unavailable" }, 500));
    renderPage([[materialQueries.detail("copper").queryKey, copper]]);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Copper" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});

describe("Material page price history ranges", () => {
  const yearHistory: PriceHistory = {
    ...johannesburgHistory,
    resolution: "week",
    points: [
      { date: "2025-12-01", price: "150.00" },
      { date: "2026-06-01", price: "160.00" },
      { date: "2026-11-16", price: "170.00" },
    ],
    reference: [
      { date: "2025-11-01", price: "180.00" },
      { date: "2026-06-01", price: "190.00" },
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
      seed: seedAll().slice(0, 3),
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
      seed: seedAll().slice(0, 3),
    });
    expect(screen.getByRole("combobox", { name: "City" })).toHaveValue("london");
    expect(screen.getByRole("radio", { name: "90 days" })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveTextContent("£7.19"));
    expect(Object.fromEntries(requested().at(-1)?.searchParams ?? [])).toMatchObject({
      citySlug: "london",
      days: "90",
    });
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

  it("names the same city on the Highest Price card, as Top Market #1 and atop the table", async () => {
    renderPage([
      [materialQueries.detail("copper").queryKey, copper],
      [materialQueries.prices("copper").queryKey, withinACent],
    ]);
    const card = screen.getByRole("heading", { name: "Highest Price" }).closest("div.rounded-lg") as HTMLElement;
    expect(within(card).getByText("Vereeniging, South Africa")).toBeInTheDocument();
    expect(screen.getAllByTestId("top-market")[0]).toHaveTextContent(/^#1Vereeniging/);
    expect(bodyRows()).toEqual(["Vereeniging", "Leeds", "Pretoria", "Rustenburg", "Madrid"]);
    const lowest = screen.getByRole("heading", { name: "Lowest Price" }).closest("div.rounded-lg") as HTMLElement;
    expect(within(lowest).getByText("Madrid, Spain")).toBeInTheDocument();
  });

  it("lists every market for phones too, with the same prices, provenance and links", async () => {
    const user = userEvent.setup();
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
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("p")?.textContent);
    expect(names).toEqual(["Halifax", "Johannesburg", "London", "Los Angeles", "Madrid", "Polokwane", "Sydney"]);
    expect(bodyRows()).toEqual(names);
  });

  it("draws the market reference on request, named in the chart", async () => {
    const user = userEvent.setup();
    renderPage([...seedAll().slice(0, 3), [priceQueries.history("copper", "johannesburg", 30).queryKey, yearHistory]]);
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
