import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { useLocation } from "react-router";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as CalculatorPage } from "./index";
import { CAPE_TOWN_QUERY, CAPE_TOWN_URL, capeTownAnswer, cities, materials } from "./test-fixtures";

const fetch = spyOnFetch();

function LocationProbe() {
  const { search } = useLocation();
  return <p data-testid="search">{search}</p>;
}

const FORM_DATA: Seed = [
  [["/api/materials"], materials],
  [["/api/cities"], cities],
];
const WITH_ANSWER: Seed = [...FORM_DATA, [["/api/calculator", CAPE_TOWN_QUERY], capeTownAnswer]];

function renderPage(url = "/calculator", seed: Seed = FORM_DATA) {
  return renderRoute(
    <>
      <CalculatorPage />
      <LocationProbe />
    </>,
    { path: "/calculator", url, seed },
  );
}

/** The calculator requests made so far, as their query parameters. */
function calculatorRequests(): URLSearchParams[] {
  return fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === "/api/calculator")
    .map((url) => url.searchParams);
}

const searchShown = () => new URLSearchParams(screen.getByTestId("search").textContent ?? "");
const items = () => screen.getAllByRole("group", { name: /^Item \d+$/ });
const item = (n: number) => within(screen.getByRole("group", { name: `Item ${n}` }));

/** A screen narrower than Tailwind's `md`, as a phone's (or wider: a desktop's). */
function screenWidth(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("min-width") ? !phone : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the calculator's form and its URL", () => {
  it("starts with one empty line and says what to do while nothing is listed", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "What Is My Scrap Worth?" })).toBeInTheDocument();
    expect(items()).toHaveLength(1);
    expect(screen.getByText("Nothing listed yet")).toBeInTheDocument();
    expect(calculatorRequests()).toEqual([]);
  });

  it("writes the list into the URL and asks the API for exactly that list", async () => {
    fetch.mockImplementation(answerJson(capeTownAnswer));
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(item(1).getByRole("combobox", { name: "Material" }), "copper-1");
    await user.type(item(1).getByRole("textbox", { name: "Amount" }), "12");
    await user.selectOptions(item(1).getByRole("combobox", { name: "Unit" }), "lb");
    await user.click(screen.getByRole("button", { name: "Add another item" }));
    await user.selectOptions(item(2).getByRole("combobox", { name: "Material" }), "catalytic-converters");
    // A catalytic converter is priced per piece: pieces are its only unit.
    const unit = item(2).getByRole("combobox", { name: "Unit" });
    expect(
      within(unit)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["pieces"]);
    await user.type(item(2).getByRole("textbox", { name: "Amount" }), "2");
    await user.type(screen.getByRole("combobox", { name: "Your city" }), "cape");
    await user.click(screen.getByRole("option", { name: "Cape Town, South Africa" }));
    await user.type(screen.getByRole("textbox", { name: /Trip cost per km/ }), "3.5");
    await user.click(screen.getByRole("button", { name: "Work it out" }));

    const expected = {
      city: ["cape-town"],
      item: ["copper-1:12:lb", "catalytic-converters:2:piece"],
      costPerDistance: ["3.5"],
    };
    const asMap = (params: URLSearchParams) =>
      Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]));
    await waitFor(() => expect(asMap(searchShown())).toEqual(expected));
    await waitFor(() => expect(calculatorRequests().map(asMap)).toEqual([expected]));
    expect(await screen.findByTestId("calculator-answer")).toBeInTheDocument();
  });

  it("fills the form from a shared URL, its city found by name", () => {
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    expect(items()).toHaveLength(3);
    expect(item(1).getByRole("combobox", { name: "Material" })).toHaveValue("copper-1");
    expect(item(1).getByRole("textbox", { name: "Amount" })).toHaveValue("12");
    expect(item(1).getByRole("combobox", { name: "Unit" })).toHaveValue("kg");
    expect(item(3).getByRole("combobox", { name: "Material" })).toHaveValue("catalytic-converters");
    expect(item(3).getByRole("combobox", { name: "Unit" })).toHaveValue("piece");
    expect(screen.getByRole("combobox", { name: "Your city" })).toHaveValue("Cape Town, South Africa");
  });

  it("reads the rows the page without JavaScript submits as the same list", () => {
    renderPage(
      "/calculator?city=cape-town&material=copper-1&amount=12&unit=kg&material=insulated-copper-wire&amount=5&unit=kg" +
        "&material=catalytic-converters&amount=2&unit=piece&material=&amount=&unit=kg",
      WITH_ANSWER,
    );
    expect(items()).toHaveLength(3);
    expect(screen.getByTestId("calculator-total")).toHaveTextContent("R3,571.00");
  });

  it("goes back to the list before when the visitor goes back", async () => {
    fetch.mockImplementation(answerJson(capeTownAnswer));
    const user = userEvent.setup();
    const { router } = renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    const amount = item(1).getByRole("textbox", { name: "Amount" });
    await user.clear(amount);
    await user.type(amount, "20");
    await user.click(screen.getByRole("button", { name: "Work it out" }));
    await waitFor(() => expect(searchShown().getAll("item")[0]).toBe("copper-1:20:kg"));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(item(1).getByRole("textbox", { name: "Amount" })).toHaveValue("12"));
    expect(searchShown().getAll("item")[0]).toBe("copper-1:12:kg");
  });

  it("says what is wrong beside the field, tied to it, and changes nothing", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(item(1).getByRole("combobox", { name: "Material" }), "catalytic-converters");
    await user.type(item(1).getByRole("textbox", { name: "Amount" }), "1.5");
    await user.click(screen.getByRole("button", { name: "Work it out" }));

    const amount = item(1).getByRole("textbox", { name: "Amount" });
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveAccessibleDescription("Pieces are counted: enter a whole number.");
    const city = screen.getByRole("combobox", { name: "Your city" });
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveAccessibleDescription("Choose your city, or use your location.");
    await waitFor(() => expect(amount).toHaveFocus());
    expect(screen.getByTestId("search")).toHaveTextContent("");
    expect(calculatorRequests()).toEqual([]);
  });

  it("refuses a material listed twice", async () => {
    const user = userEvent.setup();
    renderPage("/calculator?city=cape-town", FORM_DATA);
    await user.selectOptions(item(1).getByRole("combobox", { name: "Material" }), "copper-1");
    await user.type(item(1).getByRole("textbox", { name: "Amount" }), "1");
    await user.click(screen.getByRole("button", { name: "Add another item" }));
    await user.selectOptions(item(2).getByRole("combobox", { name: "Material" }), "copper-1");
    await user.type(item(2).getByRole("textbox", { name: "Amount" }), "2");
    await user.click(screen.getByRole("button", { name: "Work it out" }));
    expect(item(2).getByRole("combobox", { name: "Material" })).toHaveAccessibleDescription(
      "This material is item 1 already: add the amounts together there.",
    );
  });

  it("ties the API's refusal of an item to that item", async () => {
    fetch.mockImplementation(
      answerJson(
        {
          message:
            "Invalid request: item 2: catalytic-converters is priced per piece: give pieces, e.g. catalytic-converters:3:piece",
        },
        422,
      ),
    );
    renderPage("/calculator?city=cape-town&item=copper-1:1:kg&item=catalytic-converters:3:kg");
    const material = item(2).getByRole("combobox", { name: "Material" });
    await waitFor(() => expect(material).toHaveAttribute("aria-invalid", "true"));
    expect(material).toHaveAccessibleDescription(/item 2: catalytic-converters is priced per piece/);
    expect(screen.getByRole("alert")).toHaveTextContent("item 2: catalytic-converters is priced per piece");
  });

  it("ties the API's refusal of the trip cost to its field", async () => {
    fetch.mockImplementation(
      answerJson({ message: "Invalid request: costPerDistance: Input should be a valid decimal" }, 422),
    );
    renderPage("/calculator?city=cape-town&item=copper-1:1:kg&costPerDistance=lots");
    const cost = screen.getByRole("textbox", { name: /Trip cost per km/ });
    await waitFor(() => expect(cost).toHaveAttribute("aria-invalid", "true"));
    expect(cost).toHaveAccessibleDescription(/costPerDistance: Input should be a valid decimal/);
  });

  it("shows a failed answer with a way to try again", async () => {
    fetch.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockImplementation(answerJson(capeTownAnswer));
    const user = userEvent.setup();
    renderPage(CAPE_TOWN_URL);
    expect(await screen.findByText(/ScrapIndex could not be reached/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("calculator-answer")).toBeInTheDocument();
  });

  it("says it is working while the answer is on its way", () => {
    fetch.mockImplementation(never);
    renderPage(CAPE_TOWN_URL);
    expect(screen.getByRole("status", { name: "" })).toHaveTextContent("Working it out");
  });

  it("uses the visitor's location in the request, never in the URL", async () => {
    fetch.mockImplementation(answerJson({ ...capeTownAnswer, origin: { ...capeTownAnswer.origin, from: "location" } }));
    vi.stubGlobal("navigator", {
      ...navigator,
      geolocation: {
        getCurrentPosition: (found: PositionCallback) =>
          found({ coords: { latitude: -33.95, longitude: 18.47 } } as GeolocationPosition),
      },
    });
    const user = userEvent.setup();
    renderPage("/calculator?item=copper-1:12:kg");
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() => expect(calculatorRequests()).toHaveLength(1));
    expect(calculatorRequests()[0]?.get("near")).toBe("-33.95000,18.47000");
    expect(calculatorRequests()[0]?.has("city")).toBe(false);
    expect(screen.getByTestId("search").textContent).not.toMatch(/near|33\.95/);
    expect(await screen.findByText(/less the trip there and back from your location/)).toBeInTheDocument();
  });
});

describe("the calculator's answer", () => {
  it("gives the total at the city's prices, each line with its kind, its value and the yards' range", () => {
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    expect(screen.getByTestId("calculator-total")).toHaveTextContent(
      "Total at Cape Town's prices: R3,571.00Best take-home: R3,589.89 at Atlantic Metals",
    );
    const lines = screen.getAllByTestId("answer-line");
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(
        /^#1 Copper12 kgR120\.50\/kgDemo data.*Yards' own prices: R118\.00\/kg to R125\.00\/kg \(2 yards post a price\)R1,446\.00$/,
      ),
      expect.stringMatching(/^Insulated Copper Wire5 kgR45\.00\/kgDemo data.*R225\.00$/),
      expect.stringMatching(/^Catalytic Converters2 piecesR950\.00 per pieceDemo data.*R1,900\.00$/),
    ]);
  });

  it("shows each grade's 'how to tell' beside its line of the form", () => {
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    expect(item(1).getByRole("combobox", { name: "Material" })).toHaveAccessibleDescription(
      "How to tell: Clean copper pipe or thick wire, no solder, paint or insulation.",
    );
    expect(item(3).queryByText(/How to tell/)).not.toBeInTheDocument();
  });

  it("ranks the yards as cards on a phone, best take-home first, with their marks", () => {
    screenWidth(true);
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    const ranking = screen.getByRole("list", { name: "Nearby yards, best take-home first" });
    const cards = within(ranking).getAllByTestId("ranked-yard");
    expect(cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Atlantic Metals",
      "Table Bay Recyclers",
      "Harbour Scrap",
    ]);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText("R3,589.89")).toBeInTheDocument();
    expect(first.getByText("Open Sun, Nov 29, 10:00")).toBeInTheDocument();
    expect(first.getByText("Prices posted by the yard on Nov 28")).toBeInTheDocument();
    expect(first.getByText(/R125\.00\/kg · Posted by the yard/)).toBeInTheDocument();
    expect(first.getByText(/R45\.00\/kg · City price \(Demo data\)/)).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText("Hours unknown")).toBeInTheDocument();
    const last = within(cards[2] as HTMLElement);
    expect(last.getByText("Closed Sun, Nov 29, 10:00")).toBeInTheDocument();
    expect(last.getByText("Doesn't take Catalytic Converters")).toBeInTheDocument();
    expect(last.getByText("−R16.72")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Nearby yards, best take-home first" })).not.toBeInTheDocument();
  });

  it("ranks the yards in a table on a wide screen", () => {
    screenWidth(false);
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    const table = screen.getByRole("table", { name: "Nearby yards, best take-home first" });
    const rows = within(table).getAllByTestId("ranked-yard");
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["1", "4.2 km", "R3,625.00", "−R35.11", "R3,589.89"],
      ["2", "10.0 km", "R3,571.00", "−R83.60", "R3,487.40"],
      ["3", "2.0 km", "R1,671.00", "−R16.72", "R1,654.28"],
    ]);
    expect(screen.queryByRole("list", { name: "Nearby yards, best take-home first" })).not.toBeInTheDocument();
  });

  it("gives the tips worked out for this list and what the figures assume", () => {
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    expect(screen.getByTestId("calculator-tip")).toHaveTextContent(
      "+R77.50Stripping your insulated copper wire would pay about R77.50 more, if you have the time.",
    );
    expect(screen.getByTestId("calculator-assumptions")).toHaveTextContent(
      "Distances are straight lines from the centre of Cape Town",
    );
    // Beside the trip cost's field, and with the assumptions (printed without the form).
    const sources = screen.getAllByRole("link", { name: "Test Authority" });
    expect(sources.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.org/rates",
      "https://example.org/rates",
    ]);
  });

  it("says when no yard is near enough to rank", () => {
    renderPage(CAPE_TOWN_URL, [...FORM_DATA, [["/api/calculator", CAPE_TOWN_QUERY], { ...capeTownAnswer, yards: [] }]]);
    expect(screen.getByText("No yards near enough to rank")).toBeInTheDocument();
  });

  it("prints the list's link with the figures", () => {
    renderPage(CAPE_TOWN_URL, WITH_ANSWER);
    expect(screen.getByText(/This list online:/)).toHaveTextContent(`${window.location.origin}${CAPE_TOWN_URL}`);
  });
});
