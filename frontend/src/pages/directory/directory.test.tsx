import { configure, getConfig, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schemas, YardPage } from "@/api/client";
import { never, spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { Component as DirectoryPage } from "./index";
import { CITIES, COUNTRIES, YARDS, yardPage } from "./test-fixtures";

const fetchSpy = spyOnFetch();

type YardClusterMap = Schemas["YardClusterMap"];

// A whole page with real providers renders slowly on a busy machine: wait longer than the defaults.
const asyncTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 4000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncTimeout }));

type YardsHandler = (params: URLSearchParams) => YardPage | Response | Promise<Response>;

/** The map's answer: one cluster of two yards and a yard alone (YARDS[1]). */
const CLUSTERS: YardClusterMap = {
  clusters: [
    { latitude: -33.9, longitude: 18.5, count: 2, yard: null },
    {
      latitude: -26.2,
      longitude: 28.0,
      count: 1,
      yard: { id: 2, name: "Phoenix Recycling", rating: 4.1, isOpen: true },
    },
  ],
  total: 3,
  cellDegrees: 22.5,
  bounds: { west: 18.4, south: -33.9, east: 28.1, north: -26.1 },
};

/** Answers the four endpoints the page calls; every directory and map request's query is recorded. */
function serve(
  handler: YardsHandler = () => yardPage(YARDS),
  clusters: (params: URLSearchParams) => YardClusterMap = () => CLUSTERS,
) {
  const requests: URLSearchParams[] = [];
  const mapRequests: URLSearchParams[] = [];
  fetchSpy.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/api/countries") return Response.json(COUNTRIES);
    if (url.pathname === "/api/cities") return Response.json(CITIES);
    if (url.pathname === "/api/scrap-yards/clusters") {
      mapRequests.push(url.searchParams);
      return Response.json(clusters(url.searchParams));
    }
    if (url.pathname === "/api/scrap-yards") {
      requests.push(url.searchParams);
      const answer = await handler(url.searchParams);
      return answer instanceof Response ? answer : Response.json(answer);
    }
    return Response.json({ message: "Not found" }, { status: 404 });
  });
  return {
    requests,
    mapRequests,
    /** The query strings sent so far, parameters sorted. */
    sent: () =>
      requests.map((params) => {
        const sorted = new URLSearchParams(params);
        sorted.sort();
        return sorted.toString();
      }),
  };
}

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

function renderPage(url = "/scrap-yards") {
  const user = userEvent.setup();
  const result = renderRoute(
    <>
      <DirectoryPage />
      <Location />
    </>,
    { path: "/scrap-yards", url },
  );
  return { ...result, user };
}

const search = () => screen.getByTestId("location").textContent;
const failed = (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch"));
const select = (name: string) => screen.getByRole("combobox", { name });
const cards = () => screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("Global scrap yard directory", { timeout: 20_000 }, () => {
  it("shows the server's stats for the filtered set and the showing text", async () => {
    const api = serve(() =>
      yardPage(YARDS, { total: 45, pages: 3 }, { total: 45, countries: 2, cities: 3, openNow: 7 }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Global Scrap Yard Directory" })).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    await waitFor(() => expect(stat("Total Yards")).toBe("45"));
    expect(stat("Countries")).toBe("2");
    expect(stat("Cities")).toBe("3");
    expect(stat("Open Now")).toBe("7");
    expect(screen.getByText("Showing 1-3 of 45 scrap yards (filtered from 569 total)")).toBeInTheDocument();
    expect(api.sent()).toEqual(["limit=20&page=1"]);
    expect(cards()).toEqual(["Montague Gardens Recycling", "Phoenix Recycling", "Mercury Scrap Metal"]);
  });

  it("shows nine skeleton cards in a loading region on the first load", async () => {
    fetchSpy.mockImplementation(never);
    renderPage();
    const loading = await screen.findByRole("status");
    expect(loading).toHaveTextContent("Loading scrap yards");
    expect(within(loading).getAllByTestId("yard-card-skeleton")).toHaveLength(9);
  });

  it("gives each card its details link and only the contact buttons the yard has", async () => {
    serve();
    renderPage();
    const card = async (name: string) => {
      const heading = await screen.findByRole("heading", { level: 3, name });
      return within(heading.closest("li") as HTMLElement);
    };
    const both = await card("Montague Gardens Recycling");
    expect(both.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", "/scrap-yard/26");
    expect(both.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:0215550102");
    const website = both.getByRole("link", { name: /^Website/ });
    expect(website).toHaveAttribute("href", "https://montague-gardens-recycling-cape-town.example.com");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveAttribute("rel", "noopener noreferrer");
    expect(both.getByText("Cape Town, South Africa")).toBeInTheDocument();
    expect(both.getByText("266 Main Road, Montague Gardens, Cape Town, 7460")).toBeInTheDocument();
    expect(both.getByText("(31 reviews)")).toBeInTheDocument();
    expect(both.getByText("Monday")).toBeInTheDocument();

    const phoneOnly = await card("Phoenix Recycling");
    expect(phoneOnly.getByRole("link", { name: /^Call/ })).toBeInTheDocument();
    expect(phoneOnly.queryByRole("link", { name: /^Website/ })).not.toBeInTheDocument();

    const websiteOnly = await card("Mercury Scrap Metal");
    expect(websiteOnly.queryByRole("link", { name: /^Call/ })).not.toBeInTheDocument();
    expect(websiteOnly.getByRole("link", { name: /^Website/ })).toBeInTheDocument();
  });

  it("sends the search text once typing pauses and goes back to page 1", async () => {
    const api = serve(() => yardPage(YARDS, { total: 45, pages: 3 }));
    const { user } = renderPage("/scrap-yards?page=2");
    await screen.findByText("Montague Gardens Recycling");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "cape");
    await waitFor(() => expect(api.sent()).toContain("limit=20&page=1&q=cape"));
    expect(api.sent()).toEqual(["limit=20&page=2", "limit=20&page=1&q=cape"]);
    expect(search()).toBe("?q=cape");
    expect(screen.getByPlaceholderText("Search yards, cities...")).toHaveValue("cape");
  });

  it.each([
    ["Country", "za", "country=za&limit=20&page=1"],
    ["City", "cape-town", "city=cape-town&limit=20&page=1"],
    ["Status", "open", "limit=20&page=1&status=open"],
    ["Status", "closed", "limit=20&page=1&status=closed"],
    ["Sort by", "name", "limit=20&page=1&sort=name"],
    ["Sort by", "city", "limit=20&page=1&sort=city"],
    ["Sort by", "country", "limit=20&page=1&sort=country"],
    ["Sort by", "reviews", "limit=20&page=1&sort=reviews"],
  ])("sends the %s filter %s to the API and resets the page", async (label, value, expected) => {
    const api = serve(() => yardPage(YARDS, { total: 45, pages: 3 }));
    const { user } = renderPage("/scrap-yards?page=3");
    await screen.findByText("Montague Gardens Recycling");
    await waitFor(() => expect(select("City")).toHaveTextContent("Cape Town"));
    await waitFor(() => expect(select("Country")).toHaveTextContent("South Africa"));
    await user.selectOptions(select(label), value);
    await waitFor(() => expect(api.sent()).toContain(expected));
    expect(search()).not.toContain("page=");
  });

  it("offers the status and sort choices of the spec, defaults selected", async () => {
    serve();
    renderPage();
    await screen.findByText("Montague Gardens Recycling");
    const labels = (name: string) =>
      within(select(name))
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(labels("Status")).toEqual(["All", "Open Now", "Closed"]);
    expect(labels("Sort by")).toEqual(["Highest Rated", "Name A-Z", "City A-Z", "Country A-Z", "Most Reviews"]);
    expect(select("Status")).toHaveValue("all");
    expect(select("Sort by")).toHaveValue("rating");
    // Only countries with yards, by name.
    await waitFor(() =>
      expect(labels("Country")).toEqual([
        "All Countries",
        "Australia",
        "South Africa",
        "United Kingdom",
        "United States",
      ]),
    );
  });

  it("limits the city choices to the chosen country", async () => {
    serve();
    renderPage("/scrap-yards?country=za");
    await screen.findByText("Montague Gardens Recycling");
    const options = () =>
      within(select("City"))
        .getAllByRole("option")
        .map((option) => option.textContent);
    await waitFor(() => expect(options()).toEqual(["All Cities", "Cape Town", "Johannesburg"]));
    expect(select("Country")).toHaveValue("za");
  });

  it("shows the yards before the city choices arrive, and keeps a chosen city meanwhile", async () => {
    // Reached from another page, every city (750 at ten times the demo) may come after the yards.
    let sendCities = (_: Response) => {};
    const cities = new Promise<Response>((resolve) => {
      sendCities = resolve;
    });
    const api = serve();
    const answer = fetchSpy.getMockImplementation();
    fetchSpy.mockImplementation((input, init) =>
      new URL(input instanceof Request ? input.url : String(input)).pathname === "/api/cities"
        ? cities
        : (answer?.(input, init) ?? never()),
    );
    renderPage("/scrap-yards?city=cape-town");
    expect(await screen.findByText("Montague Gardens Recycling")).toBeInTheDocument();
    expect(api.sent()).toEqual(["city=cape-town&limit=20&page=1"]);
    expect(select("City")).toHaveValue("cape-town");
    expect(select("City")).not.toHaveTextContent("Cape Town");
    sendCities(Response.json(CITIES));
    await waitFor(() => expect(select("City")).toHaveTextContent("Cape Town"));
    expect(select("City")).toHaveValue("cape-town");
  });

  it("clears a chosen city of another country when the country changes (audit #9)", async () => {
    const api = serve();
    const { user } = renderPage("/scrap-yards?city=london&page=2");
    await screen.findByText("Montague Gardens Recycling");
    await waitFor(() => expect(select("Country")).toHaveTextContent("South Africa"));
    await user.selectOptions(select("Country"), "za");
    await waitFor(() => expect(api.sent()).toContain("country=za&limit=20&page=1"));
    expect(api.sent().some((query) => query.includes("city=london&country=za"))).toBe(false);
    expect(select("City")).toHaveValue("");
    expect(search()).toBe("?country=za");
  });

  it("keeps a chosen city of the new country, and any city for All Countries", async () => {
    const api = serve();
    const { user } = renderPage("/scrap-yards?city=london");
    await screen.findByText("Montague Gardens Recycling");
    await waitFor(() => expect(select("Country")).toHaveTextContent("United Kingdom"));
    await user.selectOptions(select("Country"), "gb");
    await waitFor(() => expect(api.sent()).toContain("city=london&country=gb&limit=20&page=1"));
    expect(search()).toBe("?city=london&country=gb");
    await user.selectOptions(select("Country"), "");
    await waitFor(() => expect(search()).toBe("?city=london"));
  });

  it("goes back to page 1 when the page is past the last one", async () => {
    const api = serve((params) =>
      params.get("page") === "9"
        ? yardPage([], { page: 9, pages: 3, total: 45 })
        : yardPage(YARDS, { page: 1, pages: 3, total: 45 }),
    );
    renderPage("/scrap-yards?page=9&sort=name");
    expect(await screen.findByText("Montague Gardens Recycling")).toBeInTheDocument();
    expect(api.sent()).toEqual(["limit=20&page=9&sort=name", "limit=20&page=1&sort=name"]);
    expect(search()).toBe("?sort=name");
    expect(screen.queryByText("No scrap yards found")).not.toBeInTheDocument();
  });

  it("pages with a window of five numbers, a gap and the last page", async () => {
    const api = serve((params) => {
      const page = Number(params.get("page"));
      return yardPage(page === 12 ? YARDS.slice(2) : YARDS, { page, pages: 12, total: 223 });
    });
    const { user } = renderPage();
    await screen.findByText("Montague Gardens Recycling");
    expect(screen.getByText("Page 1 of 12")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Scrap yard pages" });
    const numbers = within(nav)
      .getAllByRole("button", { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "12"]);
    expect(document.title).toBe("Scrap Yard Directory - Find Scrap Yards Worldwide | ScrapIndex");
    expect(nav).toHaveTextContent("…");
    expect(within(nav).getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

    await user.click(within(nav).getByRole("button", { name: "Page 12" }));
    await waitFor(() => expect(screen.getByText("Page 12 of 12")).toBeInTheDocument());
    expect(api.sent()).toContain("limit=20&page=12");
    expect(search()).toBe("?page=12");
    expect(document.title).toBe("Scrap Yard Directory - Find Scrap Yards Worldwide - Page 12 | ScrapIndex");
    expect(screen.getByText("Showing 221-221 of 223 scrap yards (filtered from 569 total)")).toBeInTheDocument();
    expect(cards()).toEqual(["Mercury Scrap Metal"]);
  });

  it("keeps the last results on screen while new filters load", async () => {
    let release: (response: Response) => void = () => undefined;
    serve((params) =>
      params.get("status") === "open"
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : yardPage(YARDS),
    );
    const { user } = renderPage();
    await screen.findByText("Montague Gardens Recycling");
    await user.selectOptions(select("Status"), "open");
    expect(screen.queryByTestId("loading")).not.toBeInTheDocument();
    expect(screen.getByText("Montague Gardens Recycling")).toBeInTheDocument();
    release(Response.json(yardPage(YARDS.slice(1, 2))));
    await waitFor(() => expect(cards()).toEqual(["Phoenix Recycling"]));
  });

  it("switches to the map view: the filtered yards' clusters, heading, badge and markers", async () => {
    const api = serve();
    const { user } = renderPage("/scrap-yards?status=open");
    await screen.findByText("Montague Gardens Recycling");
    expect(screen.getByRole("tab", { name: "List View" })).toHaveAttribute("aria-selected", "true");
    expect(api.mapRequests).toEqual([]); // asked for only when the map is shown
    await user.click(screen.getByRole("tab", { name: "Map View" }));
    expect(await screen.findByRole("heading", { name: "Global Scrap Yards Map" })).toBeInTheDocument();
    expect(await screen.findByText("3 locations")).toBeInTheDocument();
    expect(String(api.mapRequests[0])).toBe("zoom=2&status=open"); // the whole world first
    expect(search()).toBe("?status=open&view=map");
    expect(await screen.findByRole("button", { name: "2 scrap yards here: zoom in" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Phoenix Recycling" })).toBeInTheDocument();
    expect(screen.getByText("Mapping 3 of 3 scrap yards (filtered from 569 total)")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 3 })).not.toBeInTheDocument();
  });

  it("asks again for the view's clusters once the map has fitted and moved", async () => {
    // The view's own answer (with a bbox) tells its cluster apart from the whole world's.
    const inView = { ...CLUSTERS, clusters: [{ latitude: -33.9, longitude: 18.5, count: 5, yard: null }] };
    const api = serve(undefined, (params) => (params.has("bbox") ? inView : CLUSTERS));
    const { user } = renderPage("/scrap-yards?view=map&country=za");
    const cluster = await screen.findByRole("button", { name: "5 scrap yards here: zoom in" });
    const zooms = () => api.mapRequests.map((params) => Number(params.get("zoom")));
    const before = Math.max(...zooms());
    await user.click(cluster);
    await waitFor(() => expect(Math.max(...zooms())).toBe(before + 2));
    expect(api.mapRequests.every((params) => params.get("country") === "za")).toBe(true);
  });

  it("moves the map to new filters' yards after the user zoomed in elsewhere", async () => {
    // Australia's answer, asked for the South African view the user zoomed into: no cluster there,
    // but the box around all of Australia's yards.
    const australia = { west: 115.8, south: -37.9, east: 153.1, north: -27.4 };
    const api = serve(undefined, (params) =>
      params.get("country") === "za" ? CLUSTERS : { clusters: [], total: 0, cellDegrees: 1.40625, bounds: australia },
    );
    const { user } = renderPage("/scrap-yards?view=map&country=za");
    await user.click(await screen.findByRole("button", { name: "2 scrap yards here: zoom in" }));
    await waitFor(() => expect(api.mapRequests.at(-1)?.has("bbox")).toBe(true));
    await user.selectOptions(select("Country"), "Australia");
    const centredInAustralia = (params: URLSearchParams | undefined) => {
      const [w = Number.NaN, s = Number.NaN, e = Number.NaN, n = Number.NaN] = (params?.get("bbox") ?? "")
        .split(",")
        .map(Number);
      const [lng, lat] = [(w + e) / 2, (s + n) / 2];
      return (
        params?.get("country") !== "za" &&
        australia.west <= lng &&
        lng <= australia.east &&
        australia.south <= lat &&
        lat <= australia.north
      );
    };
    await waitFor(() => expect(centredInAustralia(api.mapRequests.at(-1))).toBe(true));
  });

  it("says so when no yard matches the filters", async () => {
    serve(
      () => yardPage([]),
      () => ({ clusters: [], total: 0, cellDegrees: 22.5, bounds: null }),
    );
    renderPage("/scrap-yards?view=map&q=nothing");
    expect(await screen.findByText("No scrap yards found")).toBeInTheDocument();
  });

  it("goes back to the list with the arrow keys", async () => {
    serve();
    const { user } = renderPage("/scrap-yards?view=map");
    await screen.findByRole("heading", { name: "Global Scrap Yards Map" });
    await user.click(screen.getByRole("tab", { name: "Map View" }));
    await user.keyboard("{ArrowLeft}");
    expect(await screen.findByText("Montague Gardens Recycling")).toBeInTheDocument();
    expect(search()).toBe("");
  });

  it("shows the error with a retry that loads the yards", async () => {
    let fail = true;
    serve(() =>
      fail ? Response.json({ message: "Database unavailable" }, { status: 500 }) : yardPage(YARDS.slice(0, 1)),
    );
    const { user } = renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Database unavailable");
    expect(screen.getAllByText("Not available")).toHaveLength(4);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Montague Gardens Recycling")).toBeInTheDocument();
  });

  it("does not stay dimmed while offline: new filters whose yards cannot be fetched say so, with a retry", async () => {
    let reachable = true;
    serve((params) => (reachable ? yardPage(params.get("status") === "open" ? YARDS.slice(1, 2) : YARDS) : failed()));
    const { user } = renderPage();
    await screen.findByText("Montague Gardens Recycling");
    reachable = false;
    window.dispatchEvent(new Event("offline"));
    try {
      await user.selectOptions(select("Status"), "open");
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("could not be reached");
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      reachable = true; // a saved copy, say, answers though the browser is still offline
      await user.click(within(alert).getByRole("button", { name: "Try again" }));
      await waitFor(() => expect(cards()).toEqual(["Phoenix Recycling"]));
    } finally {
      window.dispatchEvent(new Event("online"));
    }
  });

  it("reserves the three directory ad slots", async () => {
    serve();
    const { container } = renderPage();
    await screen.findByText("Montague Gardens Recycling");
    const slots = [...container.querySelectorAll("[data-ad-slot]")].map((slot) => slot.id);
    expect(slots).toEqual(["directory-ad-1", "directory-ad-2", "directory-ad-3"]);
  });
});
