import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import type { Yard } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { directionsHref } from "@/components/yards/links";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as CityYardsPage } from "./index";
import { johannesburg, johannesburgPage, johannesburgYards, MONDAY_EVENING, yardPage } from "./test-fixtures";

const fetch = spyOnFetch();
const PATH = "/:countryCode/:citySlug/scrap-yards";
type YardsQuery = Parameters<typeof cityQueries.yards>[1];
const FIRST_PAGE: YardsQuery = { page: 1, limit: 10, status: "all", sort: "rating" };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(MONDAY_EVENING);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Shows the router's current search string, to check what the page keeps in the URL. */
function LocationProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderPage({ url = "/za/johannesburg/scrap-yards", seed = seedFor() }: { url?: string; seed?: Seed } = {}) {
  return renderRoute(
    <>
      <CityYardsPage />
      <LocationProbe />
    </>,
    { path: PATH, url, seed },
  );
}

function seedFor(page = johannesburgPage, query: YardsQuery = {}): Seed {
  return [
    [cityQueries.detail("johannesburg").queryKey, johannesburg],
    [cityQueries.yards("johannesburg", { ...FIRST_PAGE, ...query }).queryKey, page],
    [cityQueries.list().queryKey, [johannesburg]],
  ];
}

/** The URLs of the yard lists requested so far. */
function yardRequests(): URLSearchParams[] {
  return fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === "/api/cities/johannesburg/scrap-yards")
    .map((url) => url.searchParams);
}

/** Answers the city and, for each page asked, that page of a city with `total` yards. */
function answerCity(total: number, yardsFor: (params: URLSearchParams) => Yard[] = () => johannesburgYards) {
  fetch.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/api/cities/johannesburg") return answerJson(johannesburg)();
    if (url.pathname === "/api/cities") return answerJson([johannesburg])();
    const page = Number(url.searchParams.get("page") ?? 1);
    return answerJson(yardPage(yardsFor(url.searchParams), { page, total }))();
  });
}

/** A page's worth of yards, renamed so that each page is told apart. */
const pageOf = (page: number) =>
  johannesburgYards.map((y) => ({ ...y, id: y.id + page * 100, name: `${y.name} ${page}` }));

const list = () => within(screen.getByRole("region", { name: "All Scrap Yards" }));
const listedNames = () =>
  list()
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);
const yardItem = (name: string) => within(list().getByRole("heading", { name }).closest("li") as HTMLElement);
const stat = (label: string) => screen.getByText(label).closest("div")?.querySelector("dd")?.textContent;
const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe("City scrap yards page", () => {
  it("shows the breadcrumbs, heading, count, title and ad slots", () => {
    const { container } = renderPage();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(crumbs.getByRole("link", { name: "Johannesburg" })).toHaveAttribute("href", "/za/johannesburg");
    expect(crumbs.getByText("Scrap Yards")).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("heading", { level: 1, name: "Scrap Yards in Johannesburg" })).toBeInTheDocument();
    expect(screen.getByText("Showing 9 of 9 scrap yards")).toBeInTheDocument();
    expect(document.title).toBe("Scrap Yards in Johannesburg, South Africa | ScrapIndex");
    expect(metaContent("description")).toMatch(/^Scrap yards in Johannesburg, South Africa/);
    for (const id of ["city-yards-ad-1", "city-yards-ad-2", "city-yards-ad-3"]) {
      expect(container.querySelector(`#${id}`)).toBeInTheDocument();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("lists the page's yards in the API's order", () => {
    renderPage();
    expect(listedNames()).toEqual(johannesburgYards.map((yard) => yard.name));
  });

  it("shows each yard's link, status, address, rating and hours", () => {
    renderPage();
    const first = yardItem("Pioneer Metal Traders");
    expect(first.getByRole("link", { name: "Pioneer Metal Traders" })).toHaveAttribute("href", "/scrap-yard/1");
    expect(first.getByText("Open")).toBeInTheDocument(); // 17:15 on a Monday; the API's flag said false
    expect(first.getByText("39 Old Pretoria Road, Selby, Johannesburg, 2001")).toBeInTheDocument();
    expect(first.getByRole("img", { name: "Rated 4.9 out of 5" })).toBeInTheDocument();
    expect(first.getByText("(13 reviews)")).toBeInTheDocument();
    expect(first.getByText("Monday").nextSibling).toHaveTextContent("8:00 AM - 5:30 PM");
    expect(first.getByText("Sunday").nextSibling).toHaveTextContent("Closed");
    const northside = yardItem("Northside Salvage").getByText("Closed", { selector: "span" }); // closes at 16:30
    expect(northside.parentElement).toHaveTextContent("ClosedOpens tomorrow 7:30 AM"); // Monday 17:15 there
    expect(yardItem("Harbour Scrap Yard").getByRole("img", { name: "Not rated yet" })).toBeInTheDocument();
  });

  it("has its own city chosen in Yards Near Me, with the radius in the unit of its distances", () => {
    renderPage();
    const place = screen.getByRole("combobox", { name: "Or pick a place" });
    expect(place).toHaveValue("johannesburg");
    expect(within(place).getByRole("option", { selected: true })).toHaveTextContent("Johannesburg (South Africa)");
    expect(screen.getByRole("combobox", { name: "Within" })).toHaveDisplayValue("50 km");
  });

  it("links Call, Website and Directions", () => {
    renderPage();
    const first = yardItem("Pioneer Metal Traders");
    expect(first.getByRole("link", { name: "Call Pioneer Metal Traders" })).toHaveAttribute("href", "tel:0115550100");
    const website = first.getByRole("link", { name: /^Website/ });
    expect(website).toHaveAttribute("href", "https://pioneer-metal-traders-johannesburg.example.com");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website.getAttribute("rel")).toContain("noopener");
    const directions = first.getByRole("link", { name: /^Directions/ });
    expect(directions).toHaveAttribute("href", directionsHref({ latitude: -26.179157, longitude: 28.125762 }));
    expect(directions).toHaveAttribute("target", "_blank");
    expect(directions.getAttribute("rel")).toContain("noopener");
  });

  it("leaves out Website and Call when the yard has none", () => {
    const [first, ...rest] = johannesburgYards as [Yard, ...Yard[]];
    renderPage({ seed: seedFor(yardPage([{ ...first, phone: null }, ...rest])) });
    expect(yardItem("Pioneer Metal Traders").queryByRole("link", { name: /^Call/ })).not.toBeInTheDocument();
    expect(yardItem("Pioneer Metal Traders").getByRole("link", { name: /^Website/ })).toBeInTheDocument();
    const anchor = yardItem("Anchor Scrap Yard");
    expect(anchor.queryByRole("link", { name: /^Website/ })).not.toBeInTheDocument();
    expect(anchor.getByRole("link", { name: "Call Anchor Scrap Yard" })).toHaveAttribute("href", "tel:0115550101");
    expect(anchor.getByRole("link", { name: /^Directions/ })).toBeInTheDocument();
  });

  it("never links a website that is not a web address", () => {
    const [first, ...rest] = johannesburgYards as [Yard, ...Yard[]];
    renderPage({ seed: seedFor(yardPage([{ ...first, website: "javascript:alert(1)" }, ...rest])) });
    expect(yardItem("Pioneer Metal Traders").queryByRole("link", { name: /^Website/ })).not.toBeInTheDocument();
  });

  it("says so when the city has no yards", () => {
    renderPage({ seed: seedFor(yardPage([])) });
    expect(screen.getByText("No scrap yards found in Johannesburg")).toBeInTheDocument();
    expect(screen.getByText("Showing 0 of 0 scrap yards")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Scrap yard pages" })).not.toBeInTheDocument();
  });

  describe("quick stats", () => {
    it("counts all yards, averages the page's rated yards and counts those open now", () => {
      renderPage({ seed: seedFor(yardPage(johannesburgYards, { total: 45 })) });
      expect(stat("Total Scrap Yards")).toBe("45");
      // (4.9 + 4.8 + 4.4 + 4.4 + 3.9 + 3.7 + 3.4) / 7 = 4.21; the two unrated yards are left out
      expect(stat("Average Rating")).toBe("4.2");
      expect(stat("Currently Open")).toBe("3"); // Pioneer Metal Traders, Anchor, Harbour at 17:15
      expect(screen.getByRole("link", { name: "View Johannesburg Prices" })).toHaveAttribute(
        "href",
        "/za/johannesburg",
      );
    });

    it("shows N/A when no yard on the page is rated", () => {
      const unrated = johannesburgYards.slice(-2);
      renderPage({ seed: seedFor(yardPage(unrated)) });
      expect(stat("Average Rating")).toBe("N/A");
      expect(stat("Currently Open")).toBe("1"); // Harbour Scrap Yard, till 18:00
    });
  });

  describe("map card", () => {
    it("names the first 3 yards and counts the rest", async () => {
      renderPage();
      const card = within(
        screen.getByRole("heading", { name: "Yard Locations" }).parentElement?.parentElement as HTMLElement,
      );
      expect(card.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
        "Pioneer Metal Traders",
        "Anchor Scrap Yard",
        "Northside Salvage",
      ]);
      expect(card.getByText("+6 more yards on map")).toBeInTheDocument();
      const map = screen.getByRole("region", { name: "Map of scrap yards in Johannesburg" });
      await waitFor(() => expect(map.querySelectorAll(".leaflet-marker-icon")).toHaveLength(9));
    });

    it("has no count of more yards for 3 or fewer", () => {
      renderPage({ seed: seedFor(yardPage(johannesburgYards.slice(0, 3))) });
      expect(screen.queryByText(/more yards? on map/)).not.toBeInTheDocument();
    });
  });

  describe("search box", () => {
    it("searches all the city's yards on the server, back on page 1 (audit #10)", async () => {
      const user = userEvent.setup();
      // Anchor Scrap Yard is on page 1; the visitor is on page 2 when searching for it.
      const anchor = johannesburgYards.filter((yard) => yard.name === "Anchor Scrap Yard");
      fetch.mockImplementation(async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === "/api/cities/johannesburg") return answerJson(johannesburg)();
        if (url.pathname === "/api/cities") return answerJson([johannesburg])();
        const q = url.searchParams.get("q");
        const page = Number(url.searchParams.get("page") ?? 1);
        const data = q ? anchor : pageOf(page);
        return answerJson(yardPage(data, { page, total: q ? 1 : 19, unfilteredTotal: 19 }))();
      });
      renderPage({ url: "/za/johannesburg/scrap-yards?page=2", seed: [] });
      await screen.findByRole("heading", { name: "Pioneer Metal Traders 2" }, { timeout: 4000 });
      await user.type(screen.getByRole("searchbox", { name: "Search yards" }), "anchor");
      // The search goes to the server, for the whole city, from page 1.
      await waitFor(
        () => expect(yardRequests().at(-1)?.toString()).toBe("page=1&limit=10&status=all&sort=rating&q=anchor"),
        { timeout: 4000 },
      );
      expect(screen.getByTestId("search")).toHaveTextContent(/^\?q=anchor$/);
    }, 15_000);

    it("starts from the URL's search text and asks the server for it", () => {
      const seed = seedFor(yardPage(johannesburgYards.filter((yard) => yard.name === "Crown Metals")), { q: "crown" });
      renderPage({ url: "/za/johannesburg/scrap-yards?q=crown", seed });
      expect(screen.getByPlaceholderText("Search yards...")).toHaveValue("crown");
      expect(listedNames()).toEqual(["Crown Metals"]);
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe("totals (audit #2)", () => {
    it("keeps the city's total in 'Showing X of Y' and Quick Stats when the status filter leaves none", () => {
      const seed = seedFor(yardPage([], { total: 0, unfilteredTotal: 9 }), { status: "open" });
      renderPage({ url: "/za/johannesburg/scrap-yards?status=open", seed });
      expect(screen.getByText("Showing 0 of 9 scrap yards")).toBeInTheDocument();
      expect(stat("Total Scrap Yards")).toBe("9");
      expect(screen.getByTestId("results-count")).toHaveTextContent("0 results");
    });

    it("counts the matching yards of every page, not only the page shown", () => {
      const seed = seedFor(yardPage(johannesburgYards, { total: 14, unfilteredTotal: 45 }), { status: "closed" });
      renderPage({ url: "/za/johannesburg/scrap-yards?status=closed", seed });
      expect(screen.getByText("Showing 14 of 45 scrap yards")).toBeInTheDocument();
      expect(stat("Total Scrap Yards")).toBe("45");
    });
  });

  describe("status and sort", () => {
    it("asks the server for the chosen status, back on page 1", async () => {
      const user = userEvent.setup();
      answerCity(19);
      renderPage({ url: "/za/johannesburg/scrap-yards?page=2", seed: [] });
      await screen.findByRole("heading", { name: "Pioneer Metal Traders" });
      expect(yardRequests().at(-1)?.toString()).toBe("page=2&limit=10&status=all&sort=rating");

      await user.selectOptions(screen.getByLabelText("Status"), "Open Now");
      await waitFor(() => expect(yardRequests().at(-1)?.toString()).toBe("page=1&limit=10&status=open&sort=rating"));
      expect(screen.getByTestId("search")).toHaveTextContent("?status=open");
      expect(screen.getByLabelText("Status")).toHaveValue("open");
    });

    it("asks the server for the chosen order, back on page 1", async () => {
      const user = userEvent.setup();
      answerCity(19);
      renderPage({ url: "/za/johannesburg/scrap-yards?page=2&status=closed", seed: [] });
      await screen.findByRole("heading", { name: "Pioneer Metal Traders" });

      await user.selectOptions(screen.getByLabelText("Sort by"), "Name A-Z");
      await waitFor(() => expect(yardRequests().at(-1)?.toString()).toBe("page=1&limit=10&status=closed&sort=name"));
      await user.selectOptions(screen.getByLabelText("Sort by"), "Most Reviews");
      await waitFor(() => expect(yardRequests().at(-1)?.toString()).toBe("page=1&limit=10&status=closed&sort=reviews"));
      expect(screen.getByTestId("search")).toHaveTextContent("?status=closed&sort=reviews");
    });

    it("offers the spec's options", () => {
      renderPage();
      const options = (label: string) =>
        within(screen.getByLabelText(label))
          .getAllByRole("option")
          .map((option) => option.textContent);
      expect(options("Status")).toEqual(["All Status", "Open Now", "Closed"]);
      expect(options("Sort by")).toEqual(["Highest Rated", "Name A-Z", "Most Reviews"]);
    });

    it("falls back to the defaults for unknown values in the URL", () => {
      renderPage({ url: "/za/johannesburg/scrap-yards?page=x&status=maybe&sort=price" });
      expect(screen.getByLabelText("Status")).toHaveValue("all");
      expect(screen.getByLabelText("Sort by")).toHaveValue("rating");
      expect(listedNames()).toHaveLength(9); // the seeded first page
    });
  });

  describe("pagination", () => {
    it("requests the chosen page, shows its neighbours and scrolls to the list", async () => {
      const user = userEvent.setup();
      const scrollIntoView = vi.fn();
      Element.prototype.scrollIntoView = scrollIntoView; // jsdom has none
      onTestFinished(() => {
        Reflect.deleteProperty(Element.prototype, "scrollIntoView");
      });
      answerCity(45, (params) => pageOf(Number(params.get("page"))));
      renderPage({ seed: [] });
      await screen.findByRole("heading", { name: "Pioneer Metal Traders 1" });
      const pages = () => within(screen.getByRole("navigation", { name: "Scrap yard pages" }));
      // first, last and the current page's neighbours
      expect(
        pages()
          .getAllByRole("button", { name: /^Page/ })
          .map((b) => b.textContent),
      ).toEqual(["1", "2", "5"]);
      expect(pages().getByRole("button", { name: "Previous" })).toBeDisabled();

      await user.click(pages().getByRole("button", { name: "Page 2" }));
      expect(await screen.findByRole("heading", { name: "Pioneer Metal Traders 2" })).toBeInTheDocument();
      expect(yardRequests().at(-1)?.get("page")).toBe("2");
      expect(pages().getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      expect(
        pages()
          .getAllByRole("button", { name: /^Page/ })
          .map((b) => b.textContent),
      ).toEqual(["1", "2", "3", "5"]);
      expect(screen.getByTestId("search")).toHaveTextContent("?page=2");
      expect(scrollIntoView).toHaveBeenCalled();
      expect(screen.getByRole("heading", { name: "All Scrap Yards" })).toHaveFocus();
      expect(document.title).toBe("Scrap Yards in Johannesburg, South Africa - Page 2 | ScrapIndex");

      await user.click(pages().getByRole("button", { name: "Next" }));
      expect(await screen.findByRole("heading", { name: "Pioneer Metal Traders 3" })).toBeInTheDocument();
      expect(yardRequests().at(-1)?.get("page")).toBe("3");
      expect(
        pages()
          .getAllByRole("button", { name: /^Page/ })
          .map((b) => b.textContent),
      ).toEqual(["1", "2", "3", "4", "5"]);
    });

    it("goes back to page 1 when the URL's page is past the end", async () => {
      answerCity(9);
      renderPage({ url: "/za/johannesburg/scrap-yards?page=7", seed: [] });
      await waitFor(() => expect(yardRequests().at(-1)?.get("page")).toBe("1"), { timeout: 3000 });
      expect(await screen.findByRole("heading", { name: "Pioneer Metal Traders" })).toBeInTheDocument();
      expect(screen.getByTestId("search")).toHaveTextContent(/^$/);
    });
  });

  describe("not found", () => {
    it("shows City Not Found when the API answers 404", async () => {
      fetch.mockImplementation(answerJson({ message: "City 'atlantis' not found" }, 404));
      renderRoute(<CityYardsPage />, { path: PATH, url: "/za/atlantis/scrap-yards" });
      expect(await screen.findByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
      expect(screen.getByText("The city you're looking for doesn't exist.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
      expect(metaContent("robots")).toBe("noindex,nofollow");
    });

    it("shows City Not Found when the URL's country is not the city's", () => {
      renderPage({ url: "/gb/johannesburg/scrap-yards" });
      expect(screen.getByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: "All Scrap Yards" })).not.toBeInTheDocument();
    });

    it("accepts the country code in any case", () => {
      renderPage({ url: "/ZA/johannesburg/scrap-yards" });
      expect(screen.getByRole("heading", { level: 1, name: "Scrap Yards in Johannesburg" })).toBeInTheDocument();
    });
  });

  describe("loading and errors", () => {
    it("shows skeletons while the city loads", () => {
      fetch.mockImplementation(never);
      renderRoute(<CityYardsPage />, { path: PATH, url: "/za/johannesburg/scrap-yards" });
      expect(screen.getByRole("status")).toHaveTextContent("Loading scrap yards");
      expect(screen.getAllByTestId("yard-skeleton")).toHaveLength(5);
      expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    });

    it("shows the heading and skeleton yards while only the yards load", () => {
      fetch.mockImplementation(never);
      renderPage({ seed: [[cityQueries.detail("johannesburg").queryKey, johannesburg]] });
      expect(screen.getByRole("heading", { level: 1, name: "Scrap Yards in Johannesburg" })).toBeInTheDocument();
      expect(screen.getByRole("status")).toHaveTextContent("Loading scrap yards");
      expect(screen.getAllByTestId("yard-skeleton")).toHaveLength(5);
    });

    it("offers a retry when the city fails to load", async () => {
      const user = userEvent.setup();
      fetch.mockImplementation(answerJson({ message: "Internal Server Error" }, 500));
      renderRoute(<CityYardsPage />, { path: PATH, url: "/za/johannesburg/scrap-yards" });
      const retry = await screen.findByRole("button", { name: "Try again" });
      expect(screen.getByRole("alert")).toHaveTextContent("Internal Server Error");
      const calls = fetch.mock.calls.length;
      await user.click(retry);
      await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
    });

    it("keeps the page when only the yards fail, and retries them", async () => {
      const user = userEvent.setup();
      fetch.mockImplementation(answerJson({ message: "Database unavailable" }, 503));
      renderPage({ seed: [[cityQueries.detail("johannesburg").queryKey, johannesburg]] });
      expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
      expect(screen.getByRole("heading", { level: 1, name: "Scrap Yards in Johannesburg" })).toBeInTheDocument();

      fetch.mockImplementation(answerJson(johannesburgPage));
      await user.click(screen.getByRole("button", { name: "Try again" }));
      expect(await screen.findByRole("heading", { name: "Pioneer Metal Traders" })).toBeInTheDocument();
    });
  });
});
