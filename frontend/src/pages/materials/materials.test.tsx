import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Material, MaterialSummary } from "@/api/client";
import { makeCity, makeCityPriceRow, makeMaterial } from "@/test/factories";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component as MaterialsPage } from "./index";

const fetchSpy = spyOnFetch();

// Copied from GET /api/materials (descriptions shortened).
const MATERIALS: Material[] = [
  {
    id: 1,
    name: "Copper",
    slug: "copper",
    category: "Copper",
    saleUnit: "kg",
    grade: null,
    description: "General copper scrap such as pipe, tubing, bus bar and stripped wire.",
  },
  {
    id: 2,
    name: "Bare Bright Copper",
    slug: "bare-bright-copper",
    category: "Copper",
    saleUnit: "kg",
    grade: "Grade A",
    description: "Clean, unalloyed, uncoated copper wire with its insulation removed.",
  },
  {
    id: 7,
    name: "Brass",
    slug: "brass",
    category: "Brass",
    saleUnit: "kg",
    grade: null,
    description: "Mixed brass scrap, a copper-zinc alloy covering fittings, keys, valves and decorative hardware.",
  },
  {
    id: 18,
    name: "Heavy Melting Steel",
    slug: "hms-steel",
    category: "Steel",
    saleUnit: "kg",
    grade: "HMS 1&2",
    description: "Prepared ferrous scrap at least about 6 mm thick, from structural steel, beams and plate.",
  },
  {
    id: 29,
    name: "Silver (Sterling)",
    slug: "silver",
    category: "Precious",
    saleUnit: "troy_oz",
    grade: null,
    description: "Sterling silver scrap such as cutlery, jewelry, trophies and coins.",
  },
  {
    id: 30,
    name: "Circuit Boards",
    slug: "circuit-boards",
    category: "Electronics",
    saleUnit: "kg",
    grade: "Mixed",
    description: "Printed circuit boards from computers, servers, telecom gear and appliances.",
  },
];

// Copied from GET /api/prices/summary (Heavy Melting Steel left out: a material with no prices).
const SUMMARY: MaterialSummary[] = [
  {
    materialId: 1,
    materialSlug: "copper",
    currency: "USD",
    averagePrice: "8.65",
    minPrice: "7.96",
    maxPrice: "9.51",
    citiesTracked: 75,
    countries: 7,
  },
  {
    materialId: 2,
    materialSlug: "bare-bright-copper",
    currency: "USD",
    averagePrice: "9.50",
    minPrice: "8.66",
    maxPrice: "10.61",
    citiesTracked: 75,
    countries: 7,
  },
  {
    materialId: 7,
    materialSlug: "brass",
    currency: "USD",
    averagePrice: "5.65",
    minPrice: "5.14",
    maxPrice: "6.27",
    citiesTracked: 75,
    countries: 7,
  },
  {
    materialId: 29,
    materialSlug: "silver",
    currency: "USD",
    averagePrice: "869.68",
    minPrice: "779.77",
    maxPrice: "975.76",
    citiesTracked: 75,
    countries: 7,
  },
  {
    materialId: 30,
    materialSlug: "circuit-boards",
    currency: "USD",
    averagePrice: "3.71",
    minPrice: "3.37",
    maxPrice: "4.17",
    citiesTracked: 75,
    countries: 7,
  },
];

function renderMaterials(seed: "all" | "materials" | "none" = "all", url = "/scrap-metal-prices") {
  return renderRoute(<MaterialsPage />, {
    path: "/scrap-metal-prices",
    url,
    seed: [
      ...(seed === "none" ? [] : [[["/api/materials"], MATERIALS] as [string[], unknown]]),
      ...(seed === "all" ? [[["/api/prices/summary"], SUMMARY] as [string[], unknown]] : []),
    ],
  });
}

const shown = () =>
  screen
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent)
    .sort();
const search = () => screen.getByPlaceholderText("Search materials, categories, or descriptions...");
const cardOf = (name: string) => screen.getByRole("link", { name }).closest("li") as HTMLElement;

describe("Materials page", () => {
  it("shows the headline with the material count, and groups by category with badges", () => {
    renderMaterials();
    expect(screen.getByRole("heading", { level: 1, name: "Scrap Metal Prices" })).toBeInTheDocument();
    expect(screen.getByText("6 materials in 5 categories.")).toBeInTheDocument();
    expect(screen.getByText(/in US dollars \(USD\), across all tracked cities/)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Copper",
      "Brass",
      "Steel",
      "Precious",
      "Electronics",
    ]);
    // Icons, not emoji (no emoji font draws boxes): hidden from screen readers, the name is the text.
    for (const heading of screen.getAllByRole("heading", { level: 2 })) {
      expect(within(heading).getByTestId("category-icon")).toHaveAttribute("aria-hidden", "true");
    }
    expect(screen.getByText("2 of 2 materials")).toBeInTheDocument();
    expect(screen.getAllByText("1 of 1 material")).toHaveLength(4);
  });

  it("shows each card's link, grade, description, average and range in USD per kg", () => {
    renderMaterials();
    expect(screen.getByRole("link", { name: "Bare Bright Copper" })).toHaveAttribute(
      "href",
      "/material/bare-bright-copper",
    );
    const card = cardOf("Bare Bright Copper");
    const grade = within(card).getByText("Grade A");
    expect(grade.querySelector("svg")).not.toBeNull();
    expect(within(card).getByText(/uncoated copper wire/)).toBeInTheDocument();
    expect(within(card).getByText("Average Price")).toBeInTheDocument();
    expect(within(card).getByText("$9.50")).toBeInTheDocument();
    expect(within(card).getByText("Range: $8.66 - $10.61")).toBeInTheDocument();
    expect(within(card).getByText("View Price Trends")).toBeInTheDocument();
    expect(within(cardOf("Circuit Boards")).getByText("Mixed").querySelector("svg")).toBeNull();
    expect(within(cardOf("Heavy Melting Steel")).getByText("No price data available")).toBeInTheDocument();
  });

  it("changes the shown average when the unit changes", async () => {
    renderMaterials();
    expect(within(cardOf("Copper")).getByText("$8.65")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "per lb" }));
    // 8.65 per kg is 3.92 per lb
    expect(within(cardOf("Copper")).getByText("$3.92")).toBeInTheDocument();
    expect(within(cardOf("Copper")).getByText("per lb")).toBeInTheDocument();
    expect(within(cardOf("Copper")).queryByText("$8.65")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(within(cardOf("Copper")).getByText("$8,650.00")).toBeInTheDocument();
  });

  it("searches by name, category and description", async () => {
    renderMaterials();
    await userEvent.type(search(), "sterling");
    expect(shown()).toEqual(["Silver (Sterling)"]);
    await userEvent.clear(search());
    await userEvent.type(search(), "ELECTRONICS");
    expect(shown()).toEqual(["Circuit Boards"]);
    await userEvent.clear(search());
    await userEvent.type(search(), "wire");
    expect(shown()).toEqual(["Bare Bright Copper", "Copper"]);
  });

  it("filters by category, combines with the search, and All Categories clears it", async () => {
    renderMaterials();
    const button = (name: string) => screen.getByRole("button", { name });
    await userEvent.click(button("Copper"));
    expect(button("Copper")).toHaveAttribute("aria-pressed", "true");
    expect(button("All Categories")).toHaveAttribute("aria-pressed", "false");
    expect(shown()).toEqual(["Bare Bright Copper", "Copper"]);
    await userEvent.type(search(), "insulation");
    expect(shown()).toEqual(["Bare Bright Copper"]);
    expect(screen.getByText("1 of 2 materials")).toBeInTheDocument();
    await userEvent.clear(search());
    await userEvent.click(button("All Categories"));
    expect(shown()).toHaveLength(6);
  });

  it("reads the search and the category from the URL, so Back and reload keep them", () => {
    renderMaterials("all", "/scrap-metal-prices?category=copper&q=insulation");
    expect(search()).toHaveValue("insulation");
    expect(screen.getByRole("button", { name: "Copper" })).toHaveAttribute("aria-pressed", "true");
    expect(shown()).toEqual(["Bare Bright Copper"]);
  });

  it("shows the empty state when nothing matches", async () => {
    renderMaterials();
    await userEvent.click(screen.getByRole("button", { name: "Brass" }));
    await userEvent.type(search(), "silver");
    expect(screen.getByText("No materials found")).toBeInTheDocument();
    expect(shown()).toEqual([]);
  });

  it("renders the three ad slots", () => {
    renderMaterials();
    for (const id of ["materials-ad-1", "materials-ad-2", "materials-ad-3"]) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it("shows 12 skeleton cards inside the loading region before the data arrives", () => {
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    renderMaterials("none");
    const region = screen.getByTestId("loading");
    expect(region).toHaveTextContent("Loading materials");
    expect(within(region).getAllByTestId("material-skeleton")).toHaveLength(12);
  });

  it("shows price skeletons while the averages load, and the cards meanwhile", () => {
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    renderMaterials("materials");
    expect(shown()).toHaveLength(6);
    expect(screen.getAllByTestId("price-skeleton")).toHaveLength(6);
  });

  it("shows the error with a Try again button when the API fails", async () => {
    fetchSpy.mockImplementation(async () => Response.json({ message: "Database unavailable" }, { status: 500 }));
    renderMaterials("none");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Database unavailable");
    fetchSpy.mockImplementation(async (input) =>
      Response.json(String((input as Request).url).endsWith("/api/materials") ? MATERIALS : SUMMARY),
    );
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(shown()).toHaveLength(6));
  });
});

// GET /api/cities (trimmed) and each city's GET /api/cities/{slug}/prices.
const NEW_YORK = makeCity({
  id: 13,
  name: "New York",
  countryCode: "US",
  latitude: 0,
  longitude: 0,
  timeZone: "America/New_York",
});
const LONDON = makeCity({
  id: 48,
  name: "London",
  countryCode: "GB",
  latitude: 0,
  longitude: 0,
  timeZone: "Europe/London",
});
const JOBURG = makeCity({
  id: 1,
  name: "Johannesburg",
  countryCode: "ZA",
  latitude: 0,
  longitude: 0,
  timeZone: "Africa/Johannesburg",
});
const LISTED = [JOBURG, NEW_YORK, LONDON].map((city) => ({ ...city, copperPrice: null }));
const copperRef = makeMaterial(1, "Copper", "Copper");
const brassRef = makeMaterial(7, "Brass", "Brass");
const PRICES = {
  "new-york": [
    {
      ...makeCityPriceRow(1, NEW_YORK, copperRef, "9.3125", null, { date: "2026-11-21" }),
      source: { name: "Estimates", kind: "estimate" as const },
    },
  ],
  london: [makeCityPriceRow(2, LONDON, copperRef, "7.25", null), makeCityPriceRow(3, LONDON, brassRef, "4.1", null)],
};

describe("Materials page: the visitor's city first", () => {
  const spies: { mockRestore: () => void }[] = [];
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  function renderIn(timeZone: string) {
    const options = { locale: "en-US", calendar: "gregory", numberingSystem: "latn", timeZone };
    spies.push(
      vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue(options),
      vi.spyOn(navigator, "languages", "get").mockReturnValue(["en"]),
    );
    return renderRoute(<MaterialsPage />, {
      path: "/scrap-metal-prices",
      url: "/scrap-metal-prices",
      seed: [
        [["/api/materials"], MATERIALS],
        [["/api/prices/summary"], SUMMARY],
        [["/api/cities"], LISTED],
        [["/api/cities/new-york/prices"], PRICES["new-york"]],
        [["/api/cities/london/prices"], PRICES.london],
      ],
    });
  }

  it("shows the city's own price in its currency, with its kind and day, before the USD average", () => {
    renderIn("America/New_York");
    expect(screen.getByText(/Prices first for/)).toHaveTextContent(
      "Prices first for New York, United States in USD; below each, the average across all tracked cities in US dollars.",
    );
    const card = cardOf("Copper");
    const local = within(card).getByTestId("local-price");
    expect(local).toHaveTextContent("In New York$9.31 USD per kgEstimate · Nov 21, 2026");
    // First: the city's price comes before the average across countries.
    const average = within(card).getByText("Average Price");
    expect(local.compareDocumentPosition(average) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card).toHaveTextContent("Across 75 cities in 7 countries, in USD");
    expect(within(cardOf("Brass")).getByTestId("local-price")).toHaveTextContent("No price in New York");
  });

  it("changes the city from the chooser, and remembers it", async () => {
    const first = renderIn("America/New_York");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Your city" }), "london");
    expect(within(cardOf("Copper")).getByTestId("local-price")).toHaveTextContent("In London£7.25 GBP per kgDemo data");
    expect(within(cardOf("Brass")).getByTestId("local-price")).toHaveTextContent("£4.10 GBP per kg");
    first.unmount();
    renderIn("America/New_York");
    expect(within(cardOf("Copper")).getByTestId("local-price")).toHaveTextContent("In London");
  });
});
