import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import type { ListedCity } from "./city-card";
import { Component as CitiesPage } from "./index";

const fetchSpy = spyOnFetch();

const copper = (priceExact: string, currency: string, kind: "demo" | "estimate") => ({
  materialName: "#1 Copper",
  materialSlug: "copper-1",
  price: Number(priceExact).toFixed(2),
  priceExact,
  currency,
  kind,
  date: "2026-11-27",
});

// Copied from GET /api/cities (trimmed to eight cities in four countries; two with copper prices).
const CITIES: ListedCity[] = [
  {
    id: 1,
    name: "Johannesburg",
    slug: "johannesburg",
    latitude: -26.2041,
    longitude: 28.0473,
    timeZone: "Africa/Johannesburg",
    country: { code: "ZA", name: "South Africa", currency: "ZAR" },
    region: { slug: "gauteng", name: "Gauteng" },
    copperPrice: copper("171.5200", "ZAR", "demo"),
  },
  {
    id: 2,
    name: "Pretoria",
    slug: "pretoria",
    latitude: -25.7479,
    longitude: 28.2293,
    timeZone: "Africa/Johannesburg",
    country: { code: "ZA", name: "South Africa", currency: "ZAR" },
    region: { slug: "gauteng", name: "Gauteng" },
    copperPrice: null,
  },
  {
    id: 4,
    name: "Cape Town",
    slug: "cape-town",
    latitude: -33.9249,
    longitude: 18.4241,
    timeZone: "Africa/Johannesburg",
    country: { code: "ZA", name: "South Africa", currency: "ZAR" },
    region: { slug: "western-cape", name: "Western Cape" },
    copperPrice: null,
  },
  {
    id: 13,
    name: "New York",
    slug: "new-york",
    latitude: 40.7128,
    longitude: -74.006,
    timeZone: "America/New_York",
    country: { code: "US", name: "United States", currency: "USD" },
    region: { slug: "new-york", name: "New York" },
    copperPrice: copper("9.3125", "USD", "estimate"),
  },
  {
    id: 14,
    name: "Los Angeles",
    slug: "los-angeles",
    latitude: 34.0522,
    longitude: -118.2437,
    timeZone: "America/Los_Angeles",
    country: { code: "US", name: "United States", currency: "USD" },
    region: { slug: "california", name: "California" },
    copperPrice: null,
  },
  {
    id: 38,
    name: "Sydney",
    slug: "sydney",
    latitude: -33.8688,
    longitude: 151.2093,
    timeZone: "Australia/Sydney",
    country: { code: "AU", name: "Australia", currency: "AUD" },
    region: { slug: "new-south-wales", name: "New South Wales" },
    copperPrice: null,
  },
  {
    id: 48,
    name: "London",
    slug: "london",
    latitude: 51.5074,
    longitude: -0.1278,
    timeZone: "Europe/London",
    country: { code: "GB", name: "United Kingdom", currency: "GBP" },
    region: { slug: "england", name: "England" },
    copperPrice: null,
  },
  {
    id: 50,
    name: "Manchester",
    slug: "manchester",
    latitude: 53.4808,
    longitude: -2.2426,
    timeZone: "Europe/London",
    country: { code: "GB", name: "United Kingdom", currency: "GBP" },
    region: { slug: "england", name: "England" },
    copperPrice: null,
  },
];

function renderCities(seeded = true, url = "/cities") {
  return renderRoute(<CitiesPage />, {
    path: "/cities",
    url,
    seed: seeded ? [[["/api/cities"], CITIES]] : [],
  });
}

const cityLinks = () =>
  screen
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent)
    .sort();
const countryButton = (name: string) => screen.getByRole("button", { name });
const search = () => screen.getByPlaceholderText("Search cities or countries...");

describe("Cities page", () => {
  it("shows the headline with the total city count and every city grouped by country", () => {
    renderCities();
    expect(screen.getByRole("heading", { level: 1, name: "Global Scrap Metal Markets" })).toBeInTheDocument();
    expect(screen.getByText(/in 8 cities across 4 countries/)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "South Africa",
      "United States",
      "Australia",
      "United Kingdom",
    ]);
    expect(cityLinks()).toHaveLength(8);
    expect(screen.getByText("3 of 3 cities")).toBeInTheDocument();
    expect(screen.getByText("1 of 1 city")).toBeInTheDocument();
  });

  it("links each card once, to the city page, with lower-case country codes", () => {
    renderCities();
    expect(screen.getByRole("link", { name: "Johannesburg" })).toHaveAttribute("href", "/za/johannesburg");
    expect(screen.getByRole("link", { name: "London" })).toHaveAttribute("href", "/gb/london");
    const card = screen.getByRole("link", { name: "New York" }).closest("li") as HTMLElement;
    expect(within(card).getAllByRole("link")).toHaveLength(1);
  });

  it("shows each city's #1 Copper price in its currency with its kind, and no coordinates", async () => {
    renderCities();
    const card = (name: string) => screen.getByRole("link", { name }).closest("li") as HTMLElement;
    expect(card("New York")).toHaveTextContent("$9.31 per kg");
    expect(card("New York")).toHaveTextContent("#1 Copper, USD · Estimate");
    expect(card("Johannesburg")).toHaveTextContent("R171.52 per kg");
    expect(card("Johannesburg")).toHaveTextContent("#1 Copper, ZAR · Demo data");
    expect(card("London")).toHaveTextContent("No copper price yet");
    expect(card("New York")).toHaveTextContent("New York, United States");
    expect(document.body).not.toHaveTextContent(/Lat |Lng |40\.7128/);
    await userEvent.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(card("New York")).toHaveTextContent("$9,312.50 per tonne");
  });

  it("searches by city name, case-insensitively", async () => {
    renderCities();
    await userEvent.type(search(), "PRET");
    expect(cityLinks()).toEqual(["Pretoria"]);
    expect(screen.getByText("1 of 3 cities")).toBeInTheDocument();
    expect(screen.getByText("Showing 1 of 8 cities")).toBeInTheDocument();
  });

  it("searches by country name", async () => {
    renderCities();
    await userEvent.type(search(), "united kingdom");
    expect(cityLinks()).toEqual(["London", "Manchester"]);
    expect(screen.getByText("2 of 2 cities")).toBeInTheDocument();
  });

  it("filters by country with pressed buttons, and All Countries clears the filter", async () => {
    renderCities();
    expect(countryButton("All Countries")).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(countryButton("United States"));
    expect(countryButton("United States")).toHaveAttribute("aria-pressed", "true");
    expect(countryButton("All Countries")).toHaveAttribute("aria-pressed", "false");
    expect(cityLinks()).toEqual(["Los Angeles", "New York"]);
    await userEvent.click(countryButton("All Countries"));
    expect(countryButton("All Countries")).toHaveAttribute("aria-pressed", "true");
    expect(cityLinks()).toHaveLength(8);
  });

  it("reads the search and the country from the URL, so Back and reload keep them", () => {
    renderCities(true, "/cities?country=za&q=town");
    expect(search()).toHaveValue("town");
    expect(countryButton("South Africa")).toHaveAttribute("aria-pressed", "true");
    expect(cityLinks()).toEqual(["Cape Town"]);
  });

  it("shows all countries for a country the list does not have", () => {
    renderCities(true, "/cities?country=zz");
    expect(countryButton("All Countries")).toHaveAttribute("aria-pressed", "true");
    expect(cityLinks()).toHaveLength(8);
  });

  it("requires the search and the country filter to both match", async () => {
    renderCities();
    await userEvent.click(countryButton("South Africa"));
    await userEvent.type(search(), "town");
    expect(cityLinks()).toEqual(["Cape Town"]);
    expect(screen.getByText("1 of 3 cities")).toBeInTheDocument();
  });

  it("shows the empty state when nothing matches", async () => {
    renderCities();
    await userEvent.click(countryButton("Australia"));
    await userEvent.type(search(), "london");
    expect(screen.getByText("No cities found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search terms or filters")).toBeInTheDocument();
    expect(cityLinks()).toEqual([]);
  });

  it("renders the three ad slots", () => {
    renderCities();
    for (const id of ["cities-ad-1", "cities-ad-2", "cities-ad-3"]) {
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it("shows 12 skeleton cards inside the loading region before the data arrives", () => {
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    renderCities(false);
    const region = screen.getByTestId("loading");
    expect(region).toHaveTextContent("Loading cities");
    expect(within(region).getAllByTestId("city-skeleton")).toHaveLength(12);
  });

  it("shows the error with a Try again button when the API fails, and retries", async () => {
    fetchSpy.mockImplementation(async () =>
      Response.json({ message: "Database unavailable" }, { status: 500, statusText: "Internal Server Error" }),
    );
    renderCities(false);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Database unavailable");
    fetchSpy.mockImplementation(async () => Response.json(CITIES));
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cityLinks()).toHaveLength(8));
  });
});
