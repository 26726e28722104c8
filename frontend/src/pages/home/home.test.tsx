import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { City, Material, SiteStats } from "@/api/client";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component as HomePage } from "./index";

const fetchSpy = spyOnFetch();

const country = {
  ZA: { code: "ZA", name: "South Africa", currency: "ZAR" },
  US: { code: "US", name: "United States", currency: "USD" },
  GB: { code: "GB", name: "United Kingdom", currency: "GBP" },
};

// Copied from GET /api/cities?limit=6 (the home page asks for its six cities only).
const CITIES: City[] = [
  [1, "Johannesburg", "johannesburg", -26.2041, 28.0473, "ZA"],
  [2, "Pretoria", "pretoria", -25.7479, 28.2293, "ZA"],
  [4, "Cape Town", "cape-town", -33.9249, 18.4241, "ZA"],
  [13, "New York", "new-york", 40.7128, -74.006, "US"],
  [14, "Los Angeles", "los-angeles", 34.0522, -118.2437, "US"],
  [48, "London", "london", 51.5074, -0.1278, "GB"],
].map(([id, name, slug, latitude, longitude, code]) => ({
  id: id as number,
  name: name as string,
  slug: slug as string,
  latitude: latitude as number,
  longitude: longitude as number,
  timeZone: "UTC",
  country: country[code as keyof typeof country],
  region: null,
}));

// Copied from GET /api/materials (five: one more than the home page shows; descriptions shortened).
const MATERIALS: Material[] = [
  {
    id: 1,
    name: "Copper",
    slug: "copper",
    category: "Copper",
    saleUnit: "kg",
    grade: null,
    description: "General copper scrap.",
  },
  {
    id: 2,
    name: "Bare Bright Copper",
    slug: "bare-bright-copper",
    category: "Copper",
    saleUnit: "kg",
    grade: "Grade A",
    description: "Clean, unalloyed, uncoated copper wire.",
  },
  {
    id: 3,
    name: "#1 Copper",
    slug: "copper-1",
    category: "Copper",
    saleUnit: "kg",
    grade: "Clean",
    description: "Clean copper.",
  },
  {
    id: 7,
    name: "Brass",
    slug: "brass",
    category: "Brass",
    saleUnit: "kg",
    grade: null,
    description: "Mixed brass scrap.",
  },
  {
    id: 11,
    name: "Aluminum",
    slug: "aluminum",
    category: "Aluminum",
    saleUnit: "kg",
    grade: null,
    description: "Mixed aluminum.",
  },
];

// Shaped as GET /api/stats, with figures unlike any typed-in marketing number.
const STATS: SiteStats = {
  countries: 7,
  cities: 75,
  materials: 34,
  scrapYards: 569,
  dailyPriceUpdates: 2550,
  latestPriceDate: "2026-11-22",
  demoData: true,
  priceKinds: [
    { kind: "estimate", prices: 450 },
    { kind: "demo", prices: 2100 },
  ],
  priceDays: 30,
  priceDaysWindow: 30,
};

function renderHome(stats: SiteStats = STATS) {
  return renderRoute(<HomePage />, {
    path: "/",
    url: "/",
    seed: [
      [["/api/cities", { limit: 6 }], CITIES],
      [["/api/materials"], MATERIALS],
      [["/api/stats"], stats],
    ],
  });
}

const section = (name: string) => screen.getByRole("region", { name });

// GET /api/cities (the whole list, each city with its #1 Copper price): the home page's own six,
// New York's price an estimate, Pretoria without copper prices.
const copperOf = (city: City, priceExact: string, kind: "demo" | "estimate", date: string) => ({
  materialName: "#1 Copper",
  materialSlug: "copper-1",
  price: Number(priceExact).toFixed(2),
  priceExact,
  currency: city.country.currency,
  kind,
  date,
});
const ZONES: Record<string, string> = {
  ZA: "Africa/Johannesburg",
  US: "America/New_York",
  GB: "Europe/London",
};
const PRICED: Record<string, [string, "demo" | "estimate", string]> = {
  johannesburg: ["171.5200", "demo", "2026-11-22"],
  "cape-town": ["170.1000", "demo", "2026-11-22"],
  "new-york": ["9.3125", "estimate", "2026-11-21"],
  "los-angeles": ["9.3100", "demo", "2026-11-22"],
  london: ["7.2500", "demo", "2026-11-22"],
};
const ALL_CITIES = CITIES.map((city) => {
  const priced = PRICED[city.slug];
  return {
    ...city,
    timeZone: ZONES[city.country.code] as string,
    copperPrice: priced ? copperOf(city, ...priced) : null,
  };
});

function renderHomeWithCities() {
  return renderRoute(<HomePage />, {
    path: "/",
    url: "/",
    seed: [
      [["/api/cities", { limit: 6 }], CITIES],
      [["/api/cities"], ALL_CITIES],
      [["/api/materials"], MATERIALS],
      [["/api/stats"], STATS],
    ],
  });
}

const browserSpies: { mockRestore: () => void }[] = [];

/** The browser's time zone and languages, which place the visitor (lib/visitor-place). */
function browserIn(timeZone: string, languages: string[]) {
  const options = { locale: "en-US", calendar: "gregory", numberingSystem: "latn", timeZone };
  browserSpies.push(
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue(options),
    vi.spyOn(navigator, "languages", "get").mockReturnValue(languages),
  );
}

describe("Home page: copper near you", () => {
  afterEach(() => {
    for (const spy of browserSpies.splice(0)) spy.mockRestore();
  });

  it("shows #1 Copper's price in the visitor's city, with its kind and day, and links to the city", () => {
    browserIn("America/New_York", ["en-US"]);
    renderHomeWithCities();
    const card = section("#1 Copper in New York, United States");
    expect(within(card).getByTestId("copper-near-you-price")).toHaveTextContent("$9.31 USD per kg");
    expect(card).toHaveTextContent("Estimate · Nov 21, 2026");
    expect(within(card).getByRole("link", { name: "All prices in New York" })).toHaveAttribute("href", "/us/new-york");
  });

  it("takes another city from the chooser, and remembers it for the next visit", async () => {
    browserIn("Europe/London", ["en-GB"]);
    const first = renderHomeWithCities();
    expect(
      within(section("#1 Copper in London, United Kingdom")).getByTestId("copper-near-you-price"),
    ).toHaveTextContent("£7.25 GBP per kg");
    await userEvent.click(screen.getByRole("button", { name: "Change city" }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Another city" }), "johannesburg");
    const card = section("#1 Copper in Johannesburg, South Africa");
    expect(within(card).getByTestId("copper-near-you-price")).toHaveTextContent("R171.52 ZAR per kg");
    expect(card).toHaveTextContent("Demo data · Nov 22, 2026");
    first.unmount();

    renderHomeWithCities();
    expect(section("#1 Copper in Johannesburg, South Africa")).toBeInTheDocument();
  });

  it("says so when the visitor's city has no copper price, and opens on Johannesburg for a visitor it cannot place", async () => {
    browserIn("Asia/Tokyo", ["ja-JP"]);
    renderHomeWithCities();
    expect(section("#1 Copper in Johannesburg, South Africa")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change city" }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Another city" }), "pretoria");
    const card = section("Copper in Pretoria, South Africa");
    expect(card).toHaveTextContent("No copper price for Pretoria yet.");
    expect(within(card).getByRole("link", { name: "All prices in Pretoria" })).toHaveAttribute("href", "/za/pretoria");
  });
});

describe("Home page", () => {
  it("shows the hero title and its two buttons", () => {
    renderHome();
    expect(
      screen.getByRole("heading", { level: 1, name: "Scrap Metal Prices by City and Scrap Yard Directory" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse All Cities" })).toHaveAttribute("href", "/cities");
    expect(screen.getByRole("link", { name: "Explore Materials" })).toHaveAttribute("href", "/scrap-metal-prices");
  });

  it("shows the four Why Choose ScrapIndex cards", () => {
    renderHome();
    const why = section("Why Choose ScrapIndex");
    expect(
      within(why)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Prices by City", "Local Scrap Yards", "Price Analytics", "Global Coverage"]);
  });

  it("claims nothing untrue: no real-time, no verified sources, no today's prices", () => {
    renderHome();
    expect(document.body).not.toHaveTextContent(/real[- ]time|verified|licensed|today's/i);
  });

  it("says how often prices came and which kinds are shown, from the stats", () => {
    renderHome();
    const card = within(section("Why Choose ScrapIndex")).getByRole("heading", {
      name: "Prices by City",
    }).parentElement;
    expect(card).toHaveTextContent("New prices were stored on each of the 30 days up to Nov 22, 2026.");
    expect(card).toHaveTextContent(
      "The 2,550 prices shown: 450 estimates from market prices and exchange rates and 2,100 generated demo prices.",
    );
  });

  it("says on how many days prices came when not every day, and names feed and report prices", () => {
    renderHome({
      ...STATS,
      demoData: false,
      priceKinds: [
        { kind: "feed", prices: 12 },
        { kind: "report", prices: 1 },
      ],
      priceDays: 4,
      latestPriceDate: "2026-10-02",
    });
    const card = within(section("Why Choose ScrapIndex")).getByRole("heading", {
      name: "Prices by City",
    }).parentElement;
    expect(card).toHaveTextContent("New prices were stored on 4 days of the 30 up to Oct 2, 2026.");
    expect(card).toHaveTextContent("The 13 prices shown: 12 from price feeds and 1 from a user report.");
    expect(card).not.toHaveTextContent(/demo/);
  });

  it("states no price facts when there are no prices", () => {
    renderHome({ ...STATS, priceKinds: [], priceDays: 0, latestPriceDate: null, demoData: false });
    const card = within(section("Why Choose ScrapIndex")).getByRole("heading", {
      name: "Prices by City",
    }).parentElement;
    expect(card).not.toHaveTextContent(/stored|shown/);
  });

  it("features the first 6 cities, each linking to its page, plus View All Cities", () => {
    renderHome();
    const featured = section("Featured Cities");
    const links = within(featured).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/cities",
      "/za/johannesburg",
      "/za/pretoria",
      "/za/cape-town",
      "/us/new-york",
      "/us/los-angeles",
      "/gb/london",
    ]);
    expect(within(featured).getByRole("link", { name: "View All Cities" })).toBeInTheDocument();
    expect(within(featured).queryByText("Manchester")).not.toBeInTheDocument();
  });

  it("shows the first 4 materials with category, and a grade only when there is one", () => {
    renderHome();
    const popular = section("Popular Materials");
    expect(within(popular).getByRole("link", { name: "View All Materials" })).toHaveAttribute(
      "href",
      "/scrap-metal-prices",
    );
    const cards = within(popular).getAllByRole("listitem") as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => within(card).getByRole("link").getAttribute("href"))).toEqual([
      "/material/copper",
      "/material/bare-bright-copper",
      "/material/copper-1",
      "/material/brass",
    ]);
    expect(within(cards[0]).getByText("Copper", { selector: "span.text-sm" })).toBeInTheDocument();
    expect(within(cards[0]).queryByText(/Grade:/)).not.toBeInTheDocument();
    expect(within(cards[1]).getByText("Grade A")).toBeInTheDocument(); // not "Grade: Grade A"
    expect(within(cards[1]).queryByText(/Grade: Grade/)).not.toBeInTheDocument();
    expect(within(cards[2]).getByText("Grade: Clean")).toBeInTheDocument();
    expect(within(popular).queryByText("Aluminum")).not.toBeInTheDocument();
  });

  it("takes the coverage figures from the stats and says when prices are demo data", () => {
    renderHome();
    const coverage = section("Coverage");
    const figure = (label: string) => within(coverage).getByText(label).nextElementSibling?.textContent;
    expect(figure("Countries")).toBe("7");
    expect(figure("Cities")).toBe("75");
    expect(figure("Scrap Yards")).toBe("569");
    expect(figure("Prices of the Latest Day")).toBe("2,550");
    expect(within(coverage).getByText(/Latest prices: Nov 22, 2026/)).toBeInTheDocument();
    expect(within(coverage).getByText(/demo data/)).toBeInTheDocument();
  });

  it("says nothing about demo data when the prices are real", () => {
    renderHome({ ...STATS, demoData: false, scrapYards: 1234 });
    expect(screen.queryByText(/demo data/)).not.toBeInTheDocument();
    expect(within(section("Coverage")).getByText("1,234")).toBeInTheDocument();
  });

  it("renders the three ad slots", () => {
    renderHome();
    for (const id of ["home-ad-1", "home-ad-2", "home-ad-3"]) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it("shows each section's error with a Try again button when the API fails", async () => {
    fetchSpy.mockImplementation(async () => Response.json({ message: "Database unavailable" }, { status: 500 }));
    renderRoute(<HomePage />, { path: "/", url: "/" });
    expect(screen.getAllByTestId("loading")).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(3));
    const alerts = screen.getAllByRole("alert");
    for (const alert of alerts) {
      expect(alert).toHaveTextContent("Database unavailable");
      expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });
});
