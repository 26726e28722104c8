import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CityPriceRow, YardDetail } from "@/api/client";
import { cityQueries, yardQueries } from "@/api/queries";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as YardPage } from "./index";
import { PRICES, YARD } from "./test-fixtures";

const fetchSpy = spyOnFetch();
// The machine may be busy running other suites: give async UI a little longer than the 1 s default.
const WAIT = { timeout: 4000 };

afterEach(() => {
  vi.useRealTimers();
});

function seedFor(yard: YardDetail = YARD, prices: CityPriceRow[] | null = PRICES): Seed {
  const seed: Seed = [[yardQueries.detail(yard.id).queryKey, yard]];
  if (prices) seed.push([cityQueries.prices(yard.city.slug).queryKey, prices]);
  return seed;
}

function renderYard(url = "/scrap-yard/1", seed: Seed = seedFor()) {
  return renderRoute(<YardPage />, { path: "/scrap-yard/:yardId", url, seed });
}

/** Johannesburg is UTC+2 all year. */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

const card = (title: string) => {
  const heading = screen.getByRole("heading", { level: 2, name: title });
  const element = heading.closest(".rounded-lg");
  if (!(element instanceof HTMLElement)) throw new Error(`no card for ${title}`);
  return within(element);
};
const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
const requestedUrls = () =>
  fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));

describe("Scrap yard detail page", () => {
  it("shows the yard's name, breadcrumb, back link, rating and place", () => {
    renderYard();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Pioneer Metal Traders");

    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(crumbs.getByRole("link", { name: "Scrap Yards" })).toHaveAttribute("href", "/scrap-yards");
    expect(crumbs.getByRole("link", { name: "Johannesburg" })).toHaveAttribute("href", "/za/johannesburg/scrap-yards");
    expect(crumbs.getByText("Pioneer Metal Traders")).toHaveAttribute("aria-current", "page");

    expect(screen.getByRole("link", { name: "Back to Johannesburg Scrap Yards" })).toHaveAttribute(
      "href",
      "/za/johannesburg/scrap-yards",
    );
    const stars = screen.getByRole("img", { name: "Rated 4.9 out of 5" });
    expect(stars.querySelectorAll('[data-star="full"]')).toHaveLength(5); // 4.9 is nearest five stars
    expect(stars.querySelectorAll("[data-star]")).toHaveLength(5);
    expect(screen.getByText("4.9")).toBeInTheDocument();
    expect(screen.getByText("(13 reviews)")).toBeInTheDocument();
    expect(screen.getByText("Johannesburg, South Africa")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
  });

  it("sets the page title and description", () => {
    renderYard();
    expect(document.title).toBe("Pioneer Metal Traders - Scrap Yard in Johannesburg | ScrapIndex");
    expect(metaContent("description")).toBe(
      "Pioneer Metal Traders, 39 Old Pretoria Road, Selby, Johannesburg, 2001. Contact details, opening hours and current Johannesburg scrap metal prices.",
    );
    expect(metaContent("robots")).toBe("index,follow");
  });

  it("fills stars to the nearest half of the rating", () => {
    renderYard("/scrap-yard/1", seedFor({ ...YARD, rating: 3.7 }));
    const stars = screen.getByRole("img", { name: "Rated 3.7 out of 5" });
    expect(stars.querySelectorAll('[data-star="full"]')).toHaveLength(3);
    expect(stars.querySelectorAll('[data-star="half"]')).toHaveLength(1);
  });

  describe("Open Now / Closed from the weekly hours in Johannesburg's time", () => {
    it("is open on a Monday at 10:00, whatever the stored flag says", () => {
      at("2026-11-23T08:00:00Z");
      renderYard();
      expect(screen.getByText("Open Now")).toBeInTheDocument();
      expect(screen.queryByText("Closed", { selector: "span" })).not.toBeInTheDocument();
    });

    it("is closed on a Saturday after 13:00", () => {
      at("2026-11-28T11:30:00Z");
      renderYard();
      expect(screen.queryByText("Open Now")).not.toBeInTheDocument();
      expect(screen.getByText("Closed", { selector: "span" })).toBeInTheDocument();
    });

    it("is closed on a Sunday", () => {
      at("2026-11-22T09:00:00Z");
      renderYard("/scrap-yard/1", seedFor({ ...YARD, isOpen: true }));
      expect(screen.getByText("Closed", { selector: "span" })).toBeInTheDocument();
    });

    it.each([
      ["2026-11-23T04:00:00Z", "Monday 06:00", "Opens 8:00 AM"],
      ["2026-11-23T16:00:00Z", "Monday 18:00", "Opens tomorrow 8:00 AM"],
      ["2026-11-28T11:30:00Z", "Saturday 13:30", "Opens Monday 8:00 AM"],
      ["2026-11-27T22:30:00Z", "Saturday 00:30, still Friday in UTC", "Opens 8:00 AM"],
    ])("says beside Closed when it opens next: at %s (%s) %s", (iso, _local, text) => {
      at(iso);
      renderYard();
      const badge = screen.getByText("Closed", { selector: "span" });
      expect(badge.parentElement).toHaveTextContent(`Closed${text}`);
    });

    it("says no opening time while open", () => {
      at("2026-11-23T08:00:00Z");
      renderYard();
      expect(screen.queryByText(/^Opens/)).not.toBeInTheDocument();
    });
  });

  it("says its services are not confirmed when the yard's data states none (no invented ticks)", () => {
    renderYard(); // YARD.services is null, as the API gives every demo yard
    const services = card("Services & Features");
    expect(services.getByText("Services not confirmed yet")).toBeInTheDocument();
    expect(services.getByText(/Suggest a correction/)).toBeInTheDocument();
    expect(services.queryAllByRole("listitem")).toEqual([]);
    for (const invented of ["Accurate Weighing", "Pickup Service", "All Metal Types", "Licensed & Insured"]) {
      expect(screen.queryByText(invented)).not.toBeInTheDocument();
    }
    // The pointer names a control that is on the page.
    expect(screen.getByRole("button", { name: "Suggest a correction" })).toBeInTheDocument();
  });

  it("ticks exactly the services the yard's data states", () => {
    renderYard("/scrap-yard/1", seedFor({ ...YARD, services: ["Container Hire", "Pickup Service"] }));
    const services = card("Services & Features");
    expect(services.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Container Hire",
      "Pickup Service",
    ]);
    expect(services.queryByText("Services not confirmed yet")).not.toBeInTheDocument();
  });

  describe("current city prices", () => {
    it("shows the first 8 per kg with links, the source and View All Prices when there are more", () => {
      renderYard();
      const prices = card("Current Johannesburg Prices");
      const table = prices.getByRole("table", {
        name: "Current scrap metal prices in Johannesburg, per kg unless marked",
      });
      const names = within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
      expect(names).toEqual(PRICES.slice(0, 8).map((row) => row.material.name));
      expect(prices.queryByText("Red Brass")).not.toBeInTheDocument();
      expect(prices.getByRole("link", { name: "Silver (Sterling)" })).toHaveAttribute("href", "/material/silver");
      const silver = prices.getByRole("link", { name: "Silver (Sterling)" }).closest("tr") as HTMLElement;
      // Silver per troy oz (R16,736.05 a kg), a catalytic converter per piece: each says so.
      expect(within(silver).getByText("R520.55")).toBeInTheDocument();
      expect(within(silver).getByText("per troy oz")).toBeInTheDocument();
      const converters = prices.getByRole("link", { name: "Catalytic Converters" }).closest("tr") as HTMLElement;
      expect(within(converters).getByText("R991.89")).toBeInTheDocument();
      expect(within(converters).getByText("per piece")).toBeInTheDocument();
      expect(
        prices.getByText("The city's prices per kg unless marked, as listed today; not this yard's own"),
      ).toBeInTheDocument();
      expect(prices.getByText("R108.59")).toBeInTheDocument();
      expect(prices.getByText("Source: ScrapIndex demo data (generated, not real quotes)")).toBeInTheDocument();
      expect(prices.getByRole("link", { name: "View All Prices" })).toHaveAttribute("href", "/za/johannesburg");
    });

    it("follows the weight chosen elsewhere, keeping a catalytic converter per piece", () => {
      window.localStorage.setItem("scrapindex.unit", "lb");
      renderYard();
      const prices = card("Current Johannesburg Prices");
      expect(
        prices.getByText("The city's prices per lb unless marked, as listed today; not this yard's own"),
      ).toBeInTheDocument();
      expect(prices.getByText("R49.26")).toBeInTheDocument(); // Copper Radiators: R108.59 a kg
      const converters = prices.getByRole("link", { name: "Catalytic Converters" }).closest("tr") as HTMLElement;
      expect(within(converters).getByText("R991.89")).toBeInTheDocument();
      expect(within(converters).getByText("per piece")).toBeInTheDocument();
    });

    it("has no View All Prices link with 8 rows or fewer", () => {
      renderYard("/scrap-yard/1", seedFor(YARD, PRICES.slice(0, 8)));
      const prices = card("Current Johannesburg Prices");
      expect(prices.getAllByRole("rowheader")).toHaveLength(8);
      expect(prices.queryByRole("link", { name: "View All Prices" })).not.toBeInTheDocument();
    });

    it("names a demo source as demo data", () => {
      const rows = PRICES.slice(0, 2).map((row) => ({
        ...row,
        source: { name: "Sample feed", kind: "demo" as const },
      }));
      renderYard("/scrap-yard/1", seedFor(YARD, rows));
      expect(screen.getByText("Source: Sample feed (demo data)")).toBeInTheDocument();
    });

    it("says so when the city has no prices", () => {
      renderYard("/scrap-yard/1", seedFor(YARD, []));
      expect(card("Current Johannesburg Prices").getByText("No price data available")).toBeInTheDocument();
    });

    it("asks for the yard's city prices and shows skeleton rows meanwhile", async () => {
      fetchSpy.mockImplementation(never);
      renderYard("/scrap-yard/1", seedFor(YARD, null));
      expect(screen.getByRole("status")).toHaveTextContent("Loading prices");
      await waitFor(() => expect(requestedUrls()).toContain("http://localhost:3000/api/cities/johannesburg/prices"));
    });

    it("offers a retry when the prices fail", async () => {
      fetchSpy.mockImplementationOnce(answerJson({ message: "boom" }, 500));
      renderYard("/scrap-yard/1", seedFor(YARD, null));
      const prices = await screen.findByRole("alert", {}, WAIT);
      expect(prices).toHaveTextContent("boom");
      fetchSpy.mockImplementation(answerJson(PRICES));
      await userEvent.click(within(prices).getByRole("button", { name: "Try again" }));
      expect(await screen.findByRole("link", { name: "View All Prices" }, WAIT)).toBeInTheDocument();
    });
  });

  it("shows contact details with the right links", () => {
    renderYard();
    const contact = card("Contact Information");
    expect(contact.getByText(YARD.address)).toBeInTheDocument();
    expect(contact.getByText("011 555 0100")).toBeInTheDocument();
    expect(contact.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:0115550100");
    expect(contact.getByText(YARD.email as string)).toBeInTheDocument();
    expect(contact.getByRole("link", { name: "Email" })).toHaveAttribute("href", `mailto:${YARD.email}`);
    const website = contact.getByRole("link", { name: /Visit Website/ });
    expect(website).toHaveAttribute("href", YARD.website);
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveAttribute("rel", "noopener noreferrer");
    const directions = contact.getByRole("link", { name: /Get Directions/ });
    // The same rule as the yard list's Directions: to the yard's pin, not a search for its address.
    expect(directions).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${YARD.latitude},${YARD.longitude}`,
    );
    expect(directions).toHaveAttribute("target", "_blank");
    expect(directions).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("leaves out the phone, email and website a yard does not have", () => {
    renderYard("/scrap-yard/1", seedFor({ ...YARD, phone: null, email: null, website: null }));
    const contact = card("Contact Information");
    expect(contact.queryByRole("link", { name: "Call" })).not.toBeInTheDocument();
    expect(contact.queryByRole("link", { name: "Email" })).not.toBeInTheDocument();
    expect(contact.queryByRole("link", { name: /Visit Website/ })).not.toBeInTheDocument();
    expect(contact.getByRole("link", { name: /Get Directions/ })).toBeInTheDocument();
  });

  it("shows the opening hours, one line per day", () => {
    renderYard();
    const hours = card("Opening Hours");
    const days = hours.getAllByRole("term").map((term) => term.textContent);
    const times = hours.getAllByRole("definition").map((definition) => definition.textContent);
    expect(days).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(times[0]).toBe("8:00 AM - 5:30 PM");
    expect(times[5]).toBe("8:00 AM - 1:00 PM");
    expect(times[6]).toBe("Closed");
  });

  it("says the hours are unknown, with the number to call, when the yard gives none", () => {
    renderYard("/scrap-yard/1", seedFor({ ...YARD, weeklyHours: [], openingHours: null, isOpen: null }));
    const hours = card("Opening Hours");
    expect(hours.getByText("Hours unknown — call ahead")).toBeInTheDocument();
    expect(hours.queryAllByRole("term")).toEqual([]); // no made-up timetable
    expect(hours.queryByText(/Monday/)).not.toBeInTheDocument();
    expect(hours.getByRole("link", { name: "Call 011 555 0100" })).toHaveAttribute("href", "tel:0115550100");
  });

  it("links the quick actions", () => {
    renderYard();
    const actions = card("Quick Actions");
    expect(actions.getByRole("link", { name: "View City Prices" })).toHaveAttribute("href", "/za/johannesburg");
    expect(actions.getByRole("link", { name: "Other Scrap Yards" })).toHaveAttribute(
      "href",
      "/za/johannesburg/scrap-yards",
    );
    expect(actions.getByRole("link", { name: "Compare Prices" })).toHaveAttribute("href", "/scrap-metal-prices");
  });

  it("maps the one yard", async () => {
    renderYard();
    const map = screen.getByRole("region", { name: "Map of Pioneer Metal Traders" });
    expect(await within(map).findByRole("button", { name: "Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
  });

  describe("not found", () => {
    it("shows Scrap Yard Not Found when the API answers 404", async () => {
      fetchSpy.mockImplementation(answerJson({ message: "Scrap yard 99999 not found" }, 404));
      renderYard("/scrap-yard/99999", []);
      expect(await screen.findByRole("heading", { level: 1, name: "Scrap Yard Not Found" }, WAIT)).toBeInTheDocument();
      expect(screen.getByText("The requested scrap yard could not be found")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Browse All Scrap Yards" })).toHaveAttribute("href", "/scrap-yards");
      expect(metaContent("robots")).toBe("noindex,nofollow");
      expect(requestedUrls()).toEqual(["http://localhost:3000/api/scrap-yards/99999"]);
    });

    it.each(["abc", "0", "1.5", "-3", "1e3"])("shows it for the id %s without asking the API", (id) => {
      renderYard(`/scrap-yard/${id}`, []);
      expect(screen.getByRole("heading", { level: 1, name: "Scrap Yard Not Found" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Browse All Scrap Yards" })).toHaveAttribute("href", "/scrap-yards");
      expect(fetchSpy).not.toHaveBeenCalled();
    });
  });

  it("shows a loading skeleton while the yard loads", () => {
    fetchSpy.mockImplementation(never);
    renderYard("/scrap-yard/1", []);
    expect(screen.getByRole("status")).toHaveTextContent("Loading scrap yard");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });

  it("shows other failures with a retry that loads the yard", async () => {
    fetchSpy.mockImplementationOnce(answerJson({ message: "Database unavailable" }, 503));
    renderYard("/scrap-yard/1", []);
    const alert = await screen.findByRole("alert", {}, WAIT);
    expect(alert).toHaveTextContent("Database unavailable");
    fetchSpy.mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : String(input);
      return Response.json(url.endsWith("/prices") ? PRICES : YARD);
    });
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pioneer Metal Traders" }, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "View All Prices" }, WAIT)).toBeInTheDocument();
  });
});
