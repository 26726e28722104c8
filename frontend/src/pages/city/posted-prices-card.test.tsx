import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CityOverview } from "@/api/client";
import { cityQueries } from "@/api/queries";
import { makeMaterial } from "@/test/factories";
import { spyOnFetch } from "@/test/network";
import { renderRoute } from "@/test/render";
import { PostedPricesCard } from "./posted-prices-card";
import { johannesburg, johannesburgOverview } from "./test-fixtures";

spyOnFetch(); // the overview is seeded: nothing reaches the network

const COPPER_1 = makeMaterial(3, "#1 Copper", "Copper", { slug: "copper-1" });
const CONVERTERS = makeMaterial(28, "Catalytic Converters", "Precious", { saleUnit: "piece" });

type PostedPrices = CityOverview["postedPrices"];

const POSTED: PostedPrices = {
  yards: 2,
  prices: 5,
  best: [
    {
      material: COPPER_1,
      yard: { id: 7, name: "Pioneer Metal Traders" },
      price: "182.50",
      priceExact: "182.5000",
      date: "2026-11-29",
    },
    {
      material: CONVERTERS,
      yard: { id: 9, name: "Selby Scrap" },
      price: "1050.00",
      priceExact: "1050.0000",
      date: "2026-11-27",
    },
  ],
};

function renderCard(postedPrices: PostedPrices) {
  const overview: CityOverview = { ...johannesburgOverview, postedPrices };
  return renderRoute(<PostedPricesCard city={johannesburg} />, {
    path: "/",
    url: "/",
    seed: [[cityQueries.overview("johannesburg").queryKey, overview]],
  });
}

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe("the city's yards' own prices", () => {
  it("names the best posted price of each material, its yard and day, and how many yards post", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T08:00:00Z")); // 10:00 in Johannesburg
    renderCard(POSTED);
    const card = within(
      screen.getByRole("heading", { name: "Yards' own prices" }).closest(".rounded-lg") as HTMLElement,
    );
    expect(card.getByText(/2 yards in Johannesburg posted 5 current prices themselves/)).toBeInTheDocument();
    const [copper, converters] = card.getAllByRole("listitem");
    expect(copper).toHaveTextContent("Best posted price for #1 Copper today: Pioneer Metal Traders, R182.50 per kg");
    expect(within(copper as HTMLElement).getByRole("link", { name: "Pioneer Metal Traders" })).toHaveAttribute(
      "href",
      "/scrap-yard/7",
    );
    // Posted two days ago: still current, but not "today"; a converter stays per piece.
    expect(converters).toHaveTextContent(
      "Best posted price for Catalytic Converters (Nov 27, 2026): Selby Scrap, R1,050.00 per piece",
    );
  });

  it("follows the weight the visitor chose", () => {
    window.localStorage.setItem("scrapindex.unit", "lb");
    renderCard(POSTED);
    expect(screen.getAllByRole("listitem")[0]).toHaveTextContent("R82.78 per lb"); // 182.50 a kg
  });

  it("says nothing when no yard of the city posts prices", () => {
    renderCard({ yards: 0, prices: 0, best: [] });
    expect(screen.queryByRole("heading", { name: "Yards' own prices" })).not.toBeInTheDocument();
  });
});
