import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import currencies from "../../content/currencies.json";
import units from "../../content/units.json";
import { browserPages, screenshot } from "./browser";

// A material's unit of sale, read in the browser against the real app: catalytic converters are
// priced per piece (stored so, never converted by weight), silver per troy ounce first (stored per
// kg) with its own troy oz / kg choice, everything else by the weight chosen. Expected figures
// come from the API, never typed in.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

type PriceRow = { priceExact: string; currency: string; material: { slug: string; saleUnit: string } };
type Summary = { averageUsdExact: string | null; top: PriceRow[] };

const SYMBOLS: Record<string, string> = currencies.symbols;
const KG_PER_TROY_OUNCE = Number(units.kgPerUnit.ozt);
const KG_PER_LB = Number(units.kgPerUnit.lb);

/** "R991.89": an amount as the site writes it (content/currencies.json's symbol). */
const money = (amount: number, currency: string) =>
  `${SYMBOLS[currency] ?? `${currency} `}${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${baseURL}${path}`);
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as T;
}

/** The unit toggle's radios ("per kg", "per troy oz"...), not the chart's range radios. */
const unitRadios = (page: Page) => page.getByRole("radio", { name: /^per / });

describe("a material sold by the piece", () => {
  it("says per piece on the catalytic converters' page, offers no unit to choose and converts nothing", async () => {
    const page = await open("/material/catalytic-converters");
    await page.getByRole("heading", { level: 1, name: "Catalytic Converters" }).waitFor();
    const material = await api<{ saleUnit: string }>(page, "/api/materials/catalytic-converters");
    expect(material.saleUnit).toBe("piece");

    await page.getByText("Priced per piece").waitFor();
    expect(await unitRadios(page).count()).toBe(0);
    const main = page.locator("#main-content");
    await expect.poll(() => main.innerText()).toContain("in USD per piece");
    expect(await main.innerText()).not.toMatch(/in USD per (kg|lb|tonne|troy oz)/);

    // The best-paying market's price as stored: per piece, in its own currency.
    const summary = await api<Summary>(page, "/api/materials/catalytic-converters/markets/summary");
    const best = summary.top[0];
    if (!best) throw new Error("no market for catalytic converters");
    const first = page.getByTestId("top-market").first();
    await first.waitFor();
    const firstText = (await first.innerText()).replace(/\s+/g, " ");
    expect(firstText).toContain(money(Number(best.priceExact), best.currency));
    expect(firstText).toContain(`${best.currency} per piece`);
    await screenshot(page, "sale-units-catalytic-converters");
  });
});

describe("precious metal", () => {
  it("shows silver per troy oz first, with a troy oz / kg toggle of its own", async () => {
    const page = await open("/material/silver");
    await page.getByRole("heading", { level: 1, name: /Silver/ }).waitFor();
    const material = await api<{ saleUnit: string }>(page, "/api/materials/silver");
    expect(material.saleUnit).toBe("troy_oz");

    const radios = unitRadios(page);
    await radios.first().waitFor();
    expect(await radios.evaluateAll((inputs) => inputs.map((input) => input.closest("label")?.textContent))).toEqual([
      "per troy oz",
      "per kg",
    ]);
    expect(await page.getByRole("radio", { name: "per troy oz" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "per lb" }).count()).toBe(0);

    // The average, stored per kg, shown per troy ounce: 1 kg is 32.1507466 troy oz.
    const summary = await api<Summary>(page, "/api/materials/silver/markets/summary");
    if (summary.averageUsdExact === null) throw new Error("no silver average");
    const average = page.getByTestId("stat-average");
    await expect
      .poll(() => average.innerText())
      .toBe(money(Number(summary.averageUsdExact) * KG_PER_TROY_OUNCE, "USD"));
    expect(await page.locator("#main-content").innerText()).toContain("in USD per troy oz");

    // Per kg, on silver's own choice: the weight of materials sold by weight is not touched.
    await page.getByRole("radio", { name: "per kg" }).check({ force: true });
    await expect.poll(() => average.innerText()).toBe(money(Number(summary.averageUsdExact), "USD"));
    expect(await page.locator("#main-content").innerText()).toContain("in USD per kg");
    const stored = await page.evaluate(() => ({
      weight: window.localStorage.getItem("scrapindex.unit"),
      troy: window.localStorage.getItem("scrapindex.unit.troy_oz"),
    }));
    expect(stored).toEqual({ weight: null, troy: "kg" });
    await screenshot(page, "sale-units-silver");
  });
});

describe("a city's prices per lb", () => {
  it("keeps Johannesburg's catalytic converters per piece and silver per troy oz, each marked", async () => {
    const page = await open("/za/johannesburg");
    const rows = await api<PriceRow[]>(page, "/api/cities/johannesburg/prices");
    const converters = rows.find((row) => row.material.slug === "catalytic-converters");
    const silver = rows.find((row) => row.material.slug === "silver");
    const copper = rows.find((row) => row.material.slug === "copper");
    if (!converters || !silver || !copper) throw new Error("no converter, silver or copper price in Johannesburg");
    expect(converters.material.saleUnit).toBe("piece");

    await page.getByRole("radio", { name: "per lb" }).first().check({ force: true });
    await page.getByRole("heading", { name: "Current Prices (Per LB unless marked)" }).waitFor();
    const rowNamed = (material: string) =>
      page.getByRole("row").filter({ has: page.getByRole("link", { name: material, exact: true }) });

    const converterRow = rowNamed("Catalytic Converters");
    await expect.poll(() => converterRow.innerText()).toContain("per piece");
    const converterText = await converterRow.innerText();
    expect(converterText).toContain(money(Number(converters.priceExact), "ZAR"));
    expect(converterText).not.toContain(money(Number(converters.priceExact) * KG_PER_LB, "ZAR"));

    const silverText = await rowNamed("Silver (Sterling)").innerText();
    expect(silverText).toContain("per troy oz");
    expect(silverText).toContain(money(Number(silver.priceExact) * KG_PER_TROY_OUNCE, "ZAR"));

    // A material sold by weight is in the table's unit, and says none of its own.
    const copperText = await rowNamed("Copper").innerText();
    expect(copperText).toContain(money(Number(copper.priceExact) * KG_PER_LB, "ZAR"));
    expect(copperText).not.toMatch(/per (piece|troy oz|kg|lb)/);
    await screenshot(page, "sale-units-johannesburg-lb");
  });
});
