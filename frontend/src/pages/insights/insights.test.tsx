import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Insights } from "@/api/client";
import { insightQueries } from "@/api/queries";
import { answerJson, never, spyOnFetch } from "@/test/network";
import { renderRoute, type Seed } from "@/test/render";
import { Component as InsightsPage } from "./index";
import { insights } from "./test-fixtures";

const fetchSpy = spyOnFetch();

function renderInsights(data: Insights | null = insights) {
  const seed: Seed = data ? [[insightQueries.week().queryKey, data]] : [];
  return renderRoute(<InsightsPage />, { path: "/insights", url: "/insights", seed });
}

const table = (name: string) => within(screen.getByRole("table", { name }));
const rowOf = (tableName: string, material: string, city: string) => {
  const rows = table(tableName)
    .getAllByRole("row")
    .filter(
      (row) => within(row).queryByRole("link", { name: material }) && within(row).queryByRole("link", { name: city }),
    );
  if (rows.length !== 1) throw new Error(`expected one row for ${material} in ${city}, got ${rows.length}`);
  return within(rows[0] as HTMLElement);
};

describe("Insights page", () => {
  it("shows the heading, the week compared, where the figures come from, and the page title", async () => {
    renderInsights();
    expect(screen.getByRole("heading", { level: 1, name: "Scrap Metal Market Insights" })).toBeInTheDocument();
    expect(screen.getByText("Week to Nov 22, 2026 compared with Nov 15, 2026")).toBeInTheDocument();
    expect(screen.getByText(/^Figures come from the stored daily prices/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Scrap Metal Market Insights - Weekly Price Movers | ScrapIndex"));
  });

  it("lists each country's biggest risers and fallers with links, prices and signed changes", () => {
    renderInsights();
    expect(screen.getByRole("heading", { level: 3, name: "Australia" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Canada" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { name: "Biggest Risers" })).toHaveLength(2);
    expect(screen.getAllByRole("heading", { name: "Biggest Fallers" })).toHaveLength(2);

    const riser = rowOf("Biggest Risers in Australia", "Aluminum Extrusion", "Melbourne");
    expect(riser.getByRole("link", { name: "Aluminum Extrusion" })).toHaveAttribute(
      "href",
      "/material/aluminum-extrusion",
    );
    expect(riser.getByRole("link", { name: "Melbourne" })).toHaveAttribute("href", "/au/melbourne");
    expect(riser.getByText("A$2.67")).toBeInTheDocument(); // a week ago
    expect(riser.getByText("A$2.90")).toBeInTheDocument(); // now
    expect(riser.getByText("+8.6%").closest("span")).toHaveClass("text-green-700");
    expect(riser.getByText("+8.6%").closest("span")).toHaveTextContent("+8.6% (up)");

    const faller = rowOf("Biggest Fallers in Canada", "#2 Copper", "Winnipeg");
    expect(faller.getByRole("link", { name: "Winnipeg" })).toHaveAttribute("href", "/ca/winnipeg");
    expect(faller.getByText("C$10.14")).toBeInTheDocument();
    expect(faller.getByText("-4.9%").closest("span")).toHaveClass("text-red-700");
    expect(faller.getByText("-4.9%").closest("span")).toHaveTextContent("-4.9% (down)");
    expect(table("Biggest Fallers in Canada").getAllByRole("row")).toHaveLength(3); // header + 2
  });

  it("lists the most tracked materials with their USD average", () => {
    renderInsights();
    expect(screen.getByRole("heading", { name: "Most Tracked Materials (Per KG)" })).toBeInTheDocument();
    const tracked = table("Most tracked materials");
    expect(tracked.getByRole("columnheader", { name: "Average (USD)" })).toBeInTheDocument();
    const rows = tracked.getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "#1 Copper",
      "#2 Copper",
      "Aluminum",
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole("link")).toHaveAttribute("href", "/material/copper-1");
    expect(first.getByText("Clean")).toBeInTheDocument();
    expect(first.getByText("75")).toBeInTheDocument();
    expect(first.getByText("7")).toBeInTheDocument();
    expect(first.getByText("$9.59")).toBeInTheDocument();
  });

  it("converts every price when the unit changes", async () => {
    const user = userEvent.setup();
    renderInsights();
    await user.click(screen.getByRole("radio", { name: "per lb" }));
    const riser = rowOf("Biggest Risers in Australia", "Aluminum Extrusion", "Melbourne");
    expect(riser.getByText("A$1.32")).toBeInTheDocument();
    expect(riser.getByText("A$1.21")).toBeInTheDocument();
    expect(riser.getByText("+8.6%")).toBeInTheDocument(); // a percentage does not depend on the unit
    expect(table("Most tracked materials").getByText("$4.35")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Most Tracked Materials (Per LB)" })).toBeInTheDocument();
  });

  it("keeps a catalytic converter per piece, marked, whatever weight is chosen", async () => {
    const user = userEvent.setup();
    renderInsights();
    expect(screen.getByRole("heading", { name: "Biggest Movers by Country (Per KG unless marked)" })).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "per lb" }));
    expect(screen.getByRole("heading", { name: "Biggest Movers by Country (Per LB unless marked)" })).toBeVisible();
    const converters = rowOf("Biggest Risers in Canada", "Catalytic Converters", "Winnipeg");
    expect(converters.getByText("C$73.02")).toBeInTheDocument(); // as stored: a piece is never converted
    expect(converters.getByText("C$65.27")).toBeInTheDocument();
    expect(converters.getByText("per piece")).toBeInTheDocument();
    // A row by weight is in the table's unit and says none of its own.
    const wire = rowOf("Biggest Risers in Canada", "Insulated Copper Wire", "Montreal");
    expect(wire.getByText("C$2.75")).toBeInTheDocument();
    expect(wire.queryByText(/^per /)).toBeNull();
  });

  it("converts the USD averages from their exact value, not the one rounded to the cent", async () => {
    const user = userEvent.setup();
    renderInsights();
    await user.click(screen.getByRole("radio", { name: "per tonne" }));
    const tracked = table("Most tracked materials");
    expect(tracked.getByText("$9,591.20")).toBeInTheDocument(); // 9.5912 a kg, not 9.59
    expect(tracked.getByText("$1,526.40")).toBeInTheDocument(); // 1.5264, not 1.53
    expect(tracked.queryByText("$9,590.00")).not.toBeInTheDocument();
  });

  it("says so when there is no price data", () => {
    renderInsights({ asOf: null, comparedWith: null, countries: [], mostTracked: [] });
    expect(screen.getByRole("heading", { level: 1, name: "Scrap Metal Market Insights" })).toBeInTheDocument();
    expect(screen.getByText("No price data available")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText(/^Week to/)).not.toBeInTheDocument();
  });

  it("shows skeletons while loading", () => {
    fetchSpy.mockImplementation(never);
    renderInsights(null);
    expect(screen.getByRole("status")).toHaveTextContent("Loading market insights");
    expect(screen.getAllByTestId("insights-skeleton-card")).toHaveLength(2);
  });

  it("offers a retry when the API fails, and shows the insights once it answers", async () => {
    const user = userEvent.setup();
    fetchSpy.mockImplementation(answerJson({ message: "Database unavailable" }, 500));
    renderInsights(null);
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    fetchSpy.mockImplementation(answerJson(insights));
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 3, name: "Australia" })).toBeInTheDocument();
  });
});
