import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CityPriceRow, Yard } from "@/api/client";
import { cityQueries, countryQueries } from "@/api/queries";
import { Component as RegionPage } from "@/pages/region";
import { california, californiaPrices } from "@/pages/region/test-fixtures";
import { renderRoute, type Seed } from "@/test/render";
import { Component as CityPage } from "./index";
import {
  auckland,
  aucklandOverview,
  aucklandPrices,
  aucklandYards,
  johannesburg,
  johannesburgOverview,
  johannesburgPrices,
  johannesburgYards,
  otherThanAuckland,
  otherThanJohannesburg,
  zaChecklist,
  zaLegal,
} from "./test-fixtures";

afterEach(() => {
  vi.restoreAllMocks();
});

const PATH = "/:countryCode/:citySlug";

function johannesburgSeed(prices: CityPriceRow[] = johannesburgPrices, yards = johannesburgYards): Seed {
  return [
    [cityQueries.detail("johannesburg").queryKey, johannesburg],
    [cityQueries.prices("johannesburg").queryKey, prices],
    [cityQueries.overview("johannesburg").queryKey, johannesburgOverview],
    [cityQueries.yards("johannesburg", { limit: 3 }).queryKey, yards],
    [cityQueries.others("johannesburg").queryKey, otherThanJohannesburg],
    [countryQueries.legal("ZA").queryKey, zaLegal],
    [countryQueries.sellerChecklist("ZA").queryKey, zaChecklist],
  ];
}

const aucklandSeed: Seed = [
  [cityQueries.detail("auckland").queryKey, auckland],
  [cityQueries.prices("auckland").queryKey, aucklandPrices],
  [cityQueries.overview("auckland").queryKey, aucklandOverview],
  [cityQueries.yards("auckland", { limit: 3 }).queryKey, aucklandYards],
  [cityQueries.others("auckland").queryKey, otherThanAuckland],
  // The API's empty answers (a country we hold no guidance for), to show those states; New Zealand
  // itself has guidance and a checklist since issue 39 (content/legal/nz.yaml, checklists/nz.yaml).
  [countryQueries.legal("NZ").queryKey, []],
  [countryQueries.sellerChecklist("NZ").queryKey, { countryCode: "NZ", items: [] }],
];

function renderJohannesburg(seed = johannesburgSeed(), url = "/za/johannesburg") {
  return renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url, seed });
}

const priceTable = () => screen.getByRole("table");
const materialOrder = () =>
  within(priceTable())
    .getAllByRole("rowheader")
    .map((cell) => within(cell).getByRole("link").textContent);
const rowFor = (name: string) => {
  const row = within(priceTable()).getByRole("link", { name }).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};
const headerCell = (name: RegExp) => screen.getByRole("button", { name }).closest("th");
/** The overview card with this label. */
const overviewCard = (label: string) =>
  within(screen.getByText(label, { selector: "dt" }).parentElement as HTMLElement);
const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

/** Every request answers with this status and body. */
function answerEveryFetch(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => Response.json(body, { status, headers: { "content-type": "application/json" } }));
}

describe("the price table's 30-day lines", () => {
  const lines = johannesburgPrices.map((row) => ({
    materialSlug: row.material.slug,
    points: ["1.00", "1.10", "1.20"],
    pointsExact: ["1.0000", "1.1000", "1.2000"],
  }));
  /** Answers the lines; every other request the page makes is already seeded. */
  const answerLines = () => vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(lines));
  const asked = (fetch: ReturnType<typeof answerLines>) =>
    fetch.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
  const screenIsWide = (wide: boolean) =>
    vi.stubGlobal("matchMedia", () => ({ matches: wide, addEventListener() {}, removeEventListener() {} }));
  afterEach(() => vi.unstubAllGlobals());

  it("are drawn from the sm breakpoint up", async () => {
    screenIsWide(true);
    const fetch = answerLines();
    renderJohannesburg();
    await waitFor(() => expect(screen.getAllByTestId("sparkline")).toHaveLength(johannesburgPrices.length));
    expect(asked(fetch).some((url) => url.endsWith("/api/cities/johannesburg/sparklines"))).toBe(true);
  });

  it("are neither asked for nor drawn hidden on a phone", async () => {
    screenIsWide(false);
    const fetch = answerLines();
    renderJohannesburg();
    expect(priceTable()).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50)); // time enough to have asked
    expect(asked(fetch)).toEqual([]);
    expect(screen.queryAllByTestId("sparkline")).toEqual([]);
  });
});

describe("City prices page", () => {
  it("shows the heading, breadcrumbs, page title and ad slots", () => {
    const { container } = renderJohannesburg();
    expect(screen.getByRole("heading", { level: 1, name: "Johannesburg Scrap Metal Prices" })).toBeInTheDocument();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(crumbs.getByText("South Africa")).toBeInTheDocument();
    expect(crumbs.getByText("Johannesburg")).toHaveAttribute("aria-current", "page");
    expect(document.title).toBe("Johannesburg Scrap Metal Prices | ScrapIndex");
    expect(metaContent("description")).toMatch(/Johannesburg, South Africa, in ZAR/);
    expect(metaContent("robots")).toBe("index,follow");
    for (const id of ["city-ad-1", "city-ad-2", "city-ad-3"]) {
      expect(container.querySelector(`#${id}`)).toBeInTheDocument();
    }
  });

  it("offers the price report form for this city, and no per-row report summaries", async () => {
    const user = userEvent.setup();
    await import("@/components/reports/report-price-dialog"); // loaded on the first press
    renderJohannesburg();
    expect(screen.queryByTestId("report-summary")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Report a price you were paid" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Report a price you were paid" }, { timeout: 4000 }),
    );
    expect(dialog.getByText("Johannesburg, South Africa")).toBeInTheDocument();
    expect(dialog.getByRole("combobox", { name: "Currency" })).toHaveValue("ZAR");
  }, 15_000);

  it("shows the real last update time in the city's time zone", () => {
    renderJohannesburg();
    // 04:12 UTC is 6:12 AM in Johannesburg, with South Africa's own abbreviation (Intl says "GMT+2").
    expect(screen.getByText("Nov 22, 2026, 6:12 AM SAST")).toHaveAttribute("datetime", "2026-11-22T04:12:09Z");
  });

  it("uses another zone for another city", () => {
    renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/nz/auckland", seed: aucklandSeed });
    expect(screen.getByText("Nov 22, 2026, 5:12 PM NZDT")).toBeInTheDocument();
  });

  it("says only the day when the city's newest prices are demo data, which keep no write time", () => {
    renderJohannesburg(withOverview({ lastUpdated: "2026-11-22T00:00:00Z", lastUpdatedDayOnly: true }));
    // Not "Nov 22, 2026, 2:00 AM SAST": midnight UTC is the demo row's day, not when it was written.
    expect(screen.getByText("Nov 22, 2026")).toHaveAttribute("datetime", "2026-11-22");
    expect(screen.queryByText(/AM SAST/)).not.toBeInTheDocument();
  });

  it("shows each price row's kind and day, and the day of a row older than the city's newest", () => {
    const [silver, converters, ...rest] = johannesburgPrices;
    if (!silver || !converters) throw new Error("fixture rows");
    const prices = [
      silver,
      { ...converters, date: "2026-11-18", source: { name: "Joburg board", kind: "feed" as const } },
      ...rest,
    ];
    renderJohannesburg(johannesburgSeed(prices));
    expect(rowFor("Silver (Sterling)").getByRole("rowheader")).toHaveTextContent("Demo data · Nov 22");
    const older = rowFor("Catalytic Converters").getByText("Nov 18");
    expect(older).toHaveAttribute("datetime", "2026-11-18");
    expect(older).toHaveClass("text-amber-800");
    expect(rowFor("Catalytic Converters").getByRole("rowheader")).toHaveTextContent("Price feed · Nov 18");
  });

  it("fills the four overview cards from the overview answer, in the city's currency", () => {
    renderJohannesburg();
    const card = overviewCard;
    // Silver is shown per troy ounce: R16,725.77 a kg is R520.23 a troy oz.
    expect(card("Top Price Today").getByText("R520.23").closest("dd")).toHaveTextContent("R520.23 per troy oz");
    expect(card("Top Price Today").getByRole("link", { name: "Silver (Sterling)" })).toHaveAttribute(
      "href",
      "/material/silver",
    );
    expect(screen.queryByText("Average Price")).not.toBeInTheDocument();
    expect(card("#1 Copper").getByText("R173.75").closest("dd")).toHaveTextContent("R173.75 per kg");
    expect(card("#1 Copper").getByText("Estimate")).toBeInTheDocument();
    expect(card("Price Changes").getByText("+11")).toBeInTheDocument();
    expect(card("Price Changes").getByText("Materials Up")).toBeInTheDocument();
    expect(card("Scrap Yards").getByText("9")).toBeInTheDocument();
    expect(card("Scrap Yards").getByText("In this city")).toBeInTheDocument();
  });

  /** Johannesburg with some of its overview's fields replaced (a later seed entry wins). */
  const withOverview = (changes: Partial<typeof johannesburgOverview>): Seed => [
    ...johannesburgSeed(),
    [cityQueries.overview("johannesburg").queryKey, { ...johannesburgOverview, ...changes }],
  ];

  it("names the copper grade the overview fell back to, and shows the copper price per chosen unit", async () => {
    const user = userEvent.setup();
    renderJohannesburg(withOverview({ copperMaterial: "Copper", copperMaterialSlug: "copper", copperKind: "demo" }));
    await user.click(screen.getByRole("radio", { name: "per tonne" }));
    expect(overviewCard("Copper").getByText("R173,750.00").closest("dd")).toHaveTextContent("R173,750.00 per tonne");
    expect(overviewCard("Copper").getByText("Demo data")).toBeInTheDocument();
  });

  it("says so when the city has no copper price", () => {
    renderJohannesburg(
      withOverview({
        copperPrice: null,
        copperPriceExact: null,
        copperMaterial: null,
        copperMaterialSlug: null,
        copperKind: null,
      }),
    );
    expect(overviewCard("#1 Copper").getByText("N/A")).toBeInTheDocument();
    expect(overviewCard("#1 Copper").getByText("No copper price yet")).toBeInTheDocument();
  });

  describe("price table", () => {
    it("sorts by price, highest first, by default and links materials", () => {
      renderJohannesburg();
      // Silver (per troy oz) and the converters (per piece) are marked as not per kg, and sort by the
      // figure shown: the converter's price a piece above silver's a troy ounce.
      expect(screen.getByRole("heading", { name: "Current Prices (Per KG unless marked)" })).toBeInTheDocument();
      expect(materialOrder()).toEqual([
        "Catalytic Converters",
        "Silver (Sterling)",
        "Bare Bright Copper",
        "#1 Copper",
        "Copper",
        "Brass",
        "Steel",
      ]);
      expect(headerCell(/^Price/)).toHaveAttribute("aria-sort", "descending");
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "none");
      expect(rowFor("Bare Bright Copper").getByText("Grade A")).toBeInTheDocument(); // grade when present
      expect(rowFor("Copper").getByText("Copper", { selector: "span" })).toBeInTheDocument(); // else category
      expect(rowFor("Brass").getByRole("link")).toHaveAttribute("href", "/material/brass");
    });

    it("lands on the row a search link names (#price-<material>): in view, marked and focused", async () => {
      const scrolled: Element[] = [];
      const original = Element.prototype.scrollIntoView; // jsdom has none
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      onTestFinished(() => {
        Element.prototype.scrollIntoView = original;
      });
      renderJohannesburg(johannesburgSeed(), "/za/johannesburg#price-copper-1");
      const row = screen.getByRole("link", { name: "#1 Copper" }).closest("tr");
      expect(row).toHaveAttribute("id", "price-copper-1");
      expect(row).toHaveAttribute("aria-current", "true");
      await waitFor(() => expect(row).toHaveFocus());
      expect(scrolled).toEqual([row]);
      // Only that row: every row has its anchor, none other is marked.
      const brass = screen.getByRole("link", { name: "Brass" }).closest("tr");
      expect(brass).toHaveAttribute("id", "price-brass");
      expect(brass).not.toHaveAttribute("aria-current");
    });

    it("ignores an anchor naming no material on the table", async () => {
      renderJohannesburg(johannesburgSeed(), "/za/johannesburg#price-gold");
      expect(materialOrder()).toHaveLength(7);
      expect(document.querySelector("[aria-current=true]")).toBeNull();
    });

    it("toggles the active column's direction", async () => {
      const user = userEvent.setup();
      renderJohannesburg();
      await user.click(screen.getByRole("button", { name: /^Price/ }));
      expect(headerCell(/^Price/)).toHaveAttribute("aria-sort", "ascending");
      expect(materialOrder()[0]).toBe("Steel");
      await user.click(screen.getByRole("button", { name: /^Price/ }));
      expect(headerCell(/^Price/)).toHaveAttribute("aria-sort", "descending");
      expect(materialOrder()[0]).toBe("Catalytic Converters");
    });

    it("starts the material column A to Z, then toggles it", async () => {
      const user = userEvent.setup();
      renderJohannesburg();
      await user.click(screen.getByRole("button", { name: /^Price/ })); // price ascending
      await user.click(screen.getByRole("button", { name: /^Material/ }));
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "ascending");
      expect(headerCell(/^Price/)).toHaveAttribute("aria-sort", "none");
      expect(materialOrder()).toEqual([
        "#1 Copper",
        "Bare Bright Copper",
        "Brass",
        "Catalytic Converters",
        "Copper",
        "Silver (Sterling)",
        "Steel",
      ]);
      await user.click(screen.getByRole("button", { name: /^Material/ }));
      expect(headerCell(/^Material/)).toHaveAttribute("aria-sort", "descending");
      expect(materialOrder()[0]).toBe("Steel");
      await user.click(screen.getByRole("button", { name: /^Price/ }));
      expect(headerCell(/^Price/)).toHaveAttribute("aria-sort", "descending");
      expect(materialOrder()[0]).toBe("Catalytic Converters");
    });

    it("shows the API's real change and trend", () => {
      renderJohannesburg();
      const down = rowFor("Catalytic Converters");
      expect(down.getByText("-5.9%")).toHaveClass("text-red-700");
      // A catalytic converter's change is per piece, as its price.
      expect(down.getByText("-5.9%")).toHaveAttribute("title", "-R62.25 per piece since the previous price");
      expect(down.getByText("Down")).toBeInTheDocument();

      const up = rowFor("#1 Copper");
      expect(up.getByText("+0.3%")).toHaveClass("text-green-700");
      expect(up.getByText("+0.3%")).toHaveAttribute("title", "+R0.51 per kg since the previous price");
      expect(up.getByText("Up")).toBeInTheDocument();

      const flat = rowFor("Silver (Sterling)");
      expect(flat.getByText("0.0%")).toBeInTheDocument();
      expect(flat.getByText("No change")).toBeInTheDocument();
    });

    it("shows the currency code in the price header only when all rows share it", () => {
      renderJohannesburg();
      expect(screen.getByRole("button", { name: "Price (ZAR)" })).toBeInTheDocument();
    });

    it("drops the currency code when rows mix currencies", () => {
      const [first, ...rest] = johannesburgPrices as [CityPriceRow, ...CityPriceRow[]];
      renderJohannesburg(johannesburgSeed([{ ...first, currency: "USD" }, ...rest]));
      expect(screen.getByRole("button", { name: "Price" })).toBeInTheDocument();
    });

    it("converts the title and every price by weight when the unit changes", async () => {
      const user = userEvent.setup();
      renderJohannesburg();
      expect(rowFor("Copper").getByText("R171.52")).toBeInTheDocument();
      await user.click(screen.getByRole("radio", { name: "per lb" }));
      expect(screen.getByRole("heading", { name: "Current Prices (Per LB unless marked)" })).toBeInTheDocument();
      expect(rowFor("Copper").getByText("R77.80")).toBeInTheDocument();
      expect(rowFor("Bare Bright Copper").getByText("R86.01")).toBeInTheDocument();
      // the overview follows too
      expect(overviewCard("#1 Copper").getByText("R78.81").closest("dd")).toHaveTextContent("R78.81 per lb");
      await user.click(screen.getByRole("radio", { name: "per tonne" }));
      expect(screen.getByRole("heading", { name: "Current Prices (Per Tonne unless marked)" })).toBeInTheDocument();
      expect(rowFor("Copper").getByText("R171,520.00")).toBeInTheDocument();
      expect(rowFor("Copper").queryByText(/^per /)).toBeNull();
    });

    it("keeps a catalytic converter per piece and silver per troy oz, marked, whatever weight is chosen", async () => {
      const user = userEvent.setup();
      renderJohannesburg();
      await user.click(screen.getByRole("radio", { name: "per lb" }));
      const converters = rowFor("Catalytic Converters");
      expect(converters.getByText("R991.45")).toBeInTheDocument(); // as stored: never converted by weight
      expect(converters.getByText("per piece")).toBeInTheDocument();
      expect(converters.getByText("-5.9%")).toHaveAttribute("title", "-R62.25 per piece since the previous price");
      const silver = rowFor("Silver (Sterling)");
      expect(silver.getByText("R520.23")).toBeInTheDocument();
      expect(silver.getByText("per troy oz")).toBeInTheDocument();
      expect(overviewCard("Top Price Today").getByText("R520.23").closest("dd")).toHaveTextContent(
        "R520.23 per troy oz",
      );
      expect(priceTable()).toHaveAccessibleName(/per lb unless marked/);
    });

    it("names its demo source once", () => {
      renderJohannesburg();
      expect(screen.getAllByText(/^Source: ScrapIndex demo data/)).toHaveLength(1);
      expect(screen.getByText("Source: ScrapIndex demo data (generated, not real quotes)")).toBeInTheDocument();
    });

    it("says so when there are no prices", () => {
      renderJohannesburg(johannesburgSeed([]));
      expect(screen.getByText("No price data available")).toBeInTheDocument();
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
    });
  });

  it("lists the other cities the API picks, and the quick links", () => {
    renderJohannesburg();
    const other = within(
      screen.getByRole("heading", { name: "Other Cities" }).closest("div")?.parentElement as HTMLElement,
    );
    expect(other.getByRole("link", { name: /Pretoria/ })).toHaveAttribute("href", "/za/pretoria");
    expect(other.getByRole("link", { name: /Cape Town/ })).toHaveAttribute("href", "/za/cape-town");
    expect(other.getByRole("link", { name: /Durban/ })).toHaveAttribute("href", "/za/durban");
    expect(other.queryByRole("link", { name: /^Johannesburg/ })).not.toBeInTheDocument();
    expect(other.getByRole("link", { name: "View all cities" })).toHaveAttribute("href", "/cities");
    expect(screen.getByRole("link", { name: "Find Scrap Yards" })).toHaveAttribute(
      "href",
      "/za/johannesburg/scrap-yards",
    );
    expect(screen.getByRole("link", { name: "View Price Trends" })).toHaveAttribute("href", "/material/copper");
    expect(screen.getByRole("link", { name: "What is your scrap worth here?" })).toHaveAttribute(
      "href",
      "/calculator?city=johannesburg",
    );
  });

  it("writes the market insight from copper's real trend", () => {
    renderJohannesburg();
    expect(
      screen.getByText(
        "Copper prices are trending downward in Johannesburg: R171.52 per kg, -0.2% since the previous update.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/trending upward/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View market insights" })).toHaveAttribute("href", "/insights");
  });

  it("calls a flat copper price steady", () => {
    renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/nz/auckland", seed: aucklandSeed });
    expect(screen.getByText(/^Copper prices are steady in Auckland: NZ\$14\.91 per kg, 0\.0%/)).toBeInTheDocument();
  });

  it("lists the top rated yards with status and links", () => {
    // Open/Closed comes from the weekly hours at the current time: fix the time at Sunday noon in
    // Johannesburg, when the first two yards are closed. The third gives no hours at all.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const [first, ...rest] = johannesburgYards.data as [Yard, ...Yard[]];
    renderJohannesburg(
      johannesburgSeed(johannesburgPrices, {
        ...johannesburgYards,
        data: [first, ...rest.slice(0, 1), { ...rest[1], isOpen: null, weeklyHours: [] } as Yard],
      }),
    );
    expect(screen.getByRole("heading", { name: "Top Rated Yards" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pioneer Metal Traders" })).toHaveAttribute("href", "/scrap-yard/1");
    expect(screen.getByText("39 Old Pretoria Road, Selby, Johannesburg, 2001")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Rated 4.9 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("(13 reviews)")).toBeInTheDocument();
    expect(screen.getAllByText("Closed")).toHaveLength(2);
    // A closed yard says when it opens next, on its own clock (Sunday noon: Monday morning).
    expect(screen.getAllByTestId("opens-next").map((el) => el.textContent)).toEqual([
      "Opens tomorrow 8:00 AM",
      "Opens tomorrow 7:00 AM",
    ]);
    expect(screen.getByText("Hours unknown")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View all yards" })).toHaveAttribute(
      "href",
      "/za/johannesburg/scrap-yards",
    );
  });

  it("says a yard is open during its hours, whatever the API's flag said", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T08:00:00Z")); // Monday 10:00 in Johannesburg
    onTestFinished(() => {
      vi.useRealTimers();
    });
    renderJohannesburg(); // the fixture's yards all say isOpen: false
    const item = screen.getByRole("link", { name: "Pioneer Metal Traders" }).closest("li") as HTMLElement;
    expect(within(item).getByText("Open")).toBeInTheDocument();
    expect(screen.queryByText("Closed")).not.toBeInTheDocument();
  });

  it("shows the top yards on a map above the list", async () => {
    renderJohannesburg();
    const map = screen.getByRole("region", { name: "Map of top rated scrap yards in Johannesburg" });
    expect(map.compareDocumentPosition(screen.getByRole("heading", { name: "Top Rated Yards" }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    for (const name of ["Pioneer Metal Traders", "Anchor Scrap Yard", "Northside Salvage"]) {
      expect(await within(map).findByRole("button", { name })).toBeInTheDocument();
    }
    expect(map.querySelectorAll(".leaflet-marker-icon")).toHaveLength(3);
  });

  describe("legal guidance", () => {
    it("shows the country's rules, a disclaimer and compliance tips", () => {
      renderJohannesburg();
      expect(screen.getByRole("heading", { name: "Legal Guidance for South Africa" })).toBeInTheDocument();
      const rule = within(
        screen.getByRole("heading", { name: "Second-Hand Goods Dealer Registration" }).closest("li") as HTMLElement,
      );
      expect(rule.getByText("licensing")).toBeInTheDocument();
      expect(rule.getByText(/^Register every trading premises/)).toBeInTheDocument();
      expect(rule.getByText(/A fine of up to R100,000/)).toBeInTheDocument();
      // penalty is optional: the second rule has none
      const noPenalty = within(
        screen
          .getByRole("heading", { name: "Recycler Registration for Controlled Metals" })
          .closest("li") as HTMLElement,
      );
      expect(noPenalty.queryByText("Penalty:")).not.toBeInTheDocument();
      expect(screen.getByText(/^This is general guidance, not legal advice/)).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Compliance resources" })).toBeInTheDocument();
    });

    it("shows the seller's checklist above the dealer rules", () => {
      renderJohannesburg();
      const checklist = screen.getByRole("heading", { name: "Before You Sell in South Africa" });
      const rules = screen.getByRole("heading", { name: "Legal Guidance for South Africa" });
      expect(checklist.compareDocumentPosition(rules) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole("heading", { name: "Who may buy" })).toBeInTheDocument();
    });

    it("says so when the API holds no rules and no checklist for the country", () => {
      renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/nz/auckland", seed: aucklandSeed });
      expect(screen.getByText("No seller's checklist yet")).toBeInTheDocument();
      expect(screen.getByText("No specific laws available")).toBeInTheDocument();
      expect(screen.getByText("Contact local authorities for current regulations in Auckland")).toBeInTheDocument();
    });
  });

  describe("city not found", () => {
    it("shows the not-found screen when the API answers 404", async () => {
      // Neither a city nor a region of South Africa is called "atlantis".
      const fetch = answerEveryFetch(404, { message: "City 'atlantis' not found" });
      renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/za/atlantis" });
      expect(await screen.findByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
      const urls = fetch.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
      expect(urls.some((url) => url.endsWith("/api/countries/za/regions/atlantis"))).toBe(true);
      expect(screen.getByText("The city you're looking for doesn't exist.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
      expect(metaContent("robots")).toBe("noindex,nofollow");
    });

    it("shows the not-found screen when the URL's country is not the city's", async () => {
      answerEveryFetch(404, { message: "Region 'johannesburg' not found in United Kingdom" });
      renderJohannesburg(johannesburgSeed(), "/gb/johannesburg");
      expect(await screen.findByRole("heading", { level: 1, name: "City Not Found" })).toBeInTheDocument();
      expect(screen.queryByRole("table")).not.toBeInTheDocument();
      expect(metaContent("robots")).toBe("noindex,nofollow");
    });

    it("shows the region page when the slug names a region of the country", async () => {
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith("/api/countries/us/regions/california")) return Response.json(california);
        if (url.endsWith("/api/countries/us/regions/california/prices")) return Response.json(californiaPrices);
        return Response.json({ message: "City 'california' not found" }, { status: 404 });
      });
      renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/us/california" });
      expect(
        await screen.findByRole("heading", { level: 1, name: "California Scrap Metal Prices" }),
      ).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Los Angeles" })).toHaveAttribute("href", "/us/los-angeles");
      expect(await screen.findByRole("link", { name: "Silver (Sterling)" })).toHaveAttribute(
        "href",
        "/material/silver",
      );
      await waitFor(() => expect(document.title).toBe("California Scrap Metal Prices | ScrapIndex"));
      expect(metaContent("robots")).toBe("index,follow");
    });

    it("accepts the country code in any case", () => {
      renderJohannesburg(johannesburgSeed(), "/ZA/johannesburg");
      expect(screen.getByRole("heading", { level: 1, name: "Johannesburg Scrap Metal Prices" })).toBeInTheDocument();
    });
  });

  describe("loading and errors", () => {
    it("shows 5 skeleton price rows while the whole page loads", () => {
      vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
      renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/za/johannesburg" });
      expect(screen.getByRole("status")).toHaveTextContent("Loading city prices");
      expect(screen.getAllByTestId("price-skeleton-row")).toHaveLength(5);
    });

    it("shows 5 skeleton price rows while only the prices load", () => {
      vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
      const seed = johannesburgSeed().filter(([key]) => key[0] !== "/api/cities/johannesburg/prices");
      renderJohannesburg(seed);
      expect(screen.getByRole("heading", { level: 1, name: "Johannesburg Scrap Metal Prices" })).toBeInTheDocument();
      expect(screen.getAllByTestId("price-skeleton-row")).toHaveLength(5);
      expect(screen.getByText("Loading prices")).toBeInTheDocument();
    });

    it("offers a retry when the API fails", async () => {
      const user = userEvent.setup();
      const fetch = answerEveryFetch(500, { message: "Internal Server Error" });
      renderRoute(<CityPage regionPage={RegionPage} />, { path: PATH, url: "/za/johannesburg" });
      const retry = await screen.findByRole("button", { name: "Try again" });
      expect(screen.getByRole("alert")).toHaveTextContent("Internal Server Error");
      const calls = fetch.mock.calls.length;
      await user.click(retry);
      await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
    });

    it("keeps the rest of the page usable when one section fails", async () => {
      answerEveryFetch(500, { message: "Internal Server Error" });
      const seed = johannesburgSeed().filter(([key]) => key[0] !== "/api/cities/johannesburg/prices");
      renderJohannesburg(seed);
      expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
      // Without the rows, silver's unit is unknown: its figure as stored, with no unit rather than a wrong one.
      expect(overviewCard("Top Price Today").getByText("R16,725.77").closest("dd")).toHaveTextContent(/^R16,725.77$/);
      expect(screen.getByRole("link", { name: "Pioneer Metal Traders" })).toBeInTheDocument();
      expect(screen.getByText(/Market insight is unavailable/)).toBeInTheDocument();
    });
  });
});
