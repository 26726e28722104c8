import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { City } from "@/api/client";
import { JOHANNESBURG, makeCity, makePage, makeYard } from "@/test/factories";
import { answerJson, spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { NearMeCard } from "./near-me";

const fetch = spyOnFetch();

const NEW_YORK = makeCity({
  id: 13,
  name: "New York",
  countryCode: "US",
  latitude: 40.7128,
  longitude: -74.006,
  timeZone: "America/New_York",
});
const CITIES = [JOHANNESBURG, NEW_YORK];

/** Answers the city list and the near search (one yard 16.2 km away, in the searched city). */
function serve() {
  fetch.mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/api/cities") return answerJson(CITIES)();
    const [latitude = 0] = (url.searchParams.get("near") ?? "").split(",").map(Number);
    const city = latitude > 0 ? NEW_YORK : JOHANNESBURG;
    const yard = makeYard(city, {
      id: 7,
      name: `Atlas Metals ${city.name}`,
      address: "1 Main St",
      latitude,
      longitude: 0,
    });
    return answerJson(makePage([{ ...yard, distanceKm: 16.2 }]))();
  });
}

const nearRequests = () =>
  fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.searchParams.has("near"))
    .map((url) => url.searchParams);

function renderCard(city?: City) {
  serve();
  renderRoute(<NearMeCard city={city} />, { path: "/", url: "/" });
  return userEvent.setup();
}

const radiusBox = () => screen.getByRole("combobox", { name: "Within" });
const placeBox = () => screen.getByRole("combobox", { name: "Or pick a place" });
const optionTexts = (box: HTMLElement) =>
  within(box)
    .getAllByRole("option")
    .map((option) => option.textContent);
const summary = () => screen.getByTestId("near-summary").textContent;

describe("Yards near me", { timeout: 20_000 }, () => {
  it("offers the radius in miles around a US place, as its distances are shown, and asks in km", async () => {
    const user = renderCard();
    await within(placeBox()).findByRole("option", { name: "New York (United States)" });
    await user.selectOptions(placeBox(), "new-york");
    expect(await screen.findByTestId("distance")).toHaveTextContent("10 mi");
    expect(optionTexts(radiusBox())).toEqual(["5 mi", "10 mi", "25 mi", "50 mi", "100 mi", "250 mi"]);
    expect(summary()).toBe("1 yard within 25 mi of New York city centre, nearest first");
    expect(Number(nearRequests().at(-1)?.get("radiusKm"))).toBeCloseTo(25 * 1.609344, 2); // 25 miles in km

    await user.selectOptions(radiusBox(), "100 mi");
    await waitFor(() => expect(Number(nearRequests().at(-1)?.get("radiusKm"))).toBeCloseTo(100 * 1.609344, 2));
    expect(summary()).toBe("1 yard within 100 mi of New York city centre, nearest first");
  });

  it("offers it in km elsewhere, keeping about the same circle when the place changes country", async () => {
    const user = renderCard();
    await within(placeBox()).findByRole("option", { name: "New York (United States)" });
    await user.selectOptions(placeBox(), "new-york");
    await user.selectOptions(radiusBox(), "100 mi");
    await user.selectOptions(placeBox(), "johannesburg");
    await waitFor(() => expect(summary()).toBe("1 yard within 100 km of Johannesburg city centre, nearest first"));
    expect(optionTexts(radiusBox())).toEqual(["10 km", "25 km", "50 km", "100 km", "250 km", "500 km"]);
    expect(screen.getByTestId("distance")).toHaveTextContent("16 km");
    expect(nearRequests().at(-1)?.get("radiusKm")).toBe("100"); // 100 mi is 161 km: 100 km is nearest
  });

  it("reads the visitor's own position in the unit of the country it is in", async () => {
    const getCurrentPosition = vi.fn((found: PositionCallback) =>
      found({ coords: { latitude: 40.75, longitude: -73.99 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, "geolocation");
    });
    const user = renderCard(JOHANNESBURG);
    await within(placeBox()).findByRole("option", { name: "New York (United States)" });
    await user.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() => expect(summary()).toBe("1 yard within 25 mi of you, nearest first"));
  });

  it("on a city's page has that city chosen, and searches from it once asked", async () => {
    const user = renderCard(NEW_YORK);
    expect(placeBox()).toHaveValue("new-york");
    expect(within(placeBox()).getByRole("option", { selected: true })).toHaveTextContent("New York (United States)");
    expect(optionTexts(radiusBox())).toContain("25 mi");
    expect(nearRequests()).toEqual([]); // nothing fetched until asked
    await user.selectOptions(radiusBox(), "10 mi");
    await waitFor(() => expect(summary()).toBe("1 yard within 10 mi of New York city centre, nearest first"));
    expect(nearRequests().at(-1)?.get("near")).toBe("40.71280,-74.00600");
  });
});
