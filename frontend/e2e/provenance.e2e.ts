import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot, seriousViolations } from "./browser";

// global-setup seeds demo prices, estimates copper grades from October 2025's FRED average and the
// ECB's rates of 25 Apr 2025, then imports Sheffield's steel. This file adds one import of its own:
// Bloemfontein's steel, at the price it already shows, from a feed (no other test reads that city).
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);
const CLI = resolve(import.meta.dirname, "..", "..", ".venv", "bin", "scrapindex");

type Row = {
  date: string;
  priceExact: string;
  updatedAt: string;
  material: { slug: string };
  source: { kind: string };
};

async function priceRows(page: Page, city: string): Promise<Row[]> {
  return (await page.request.get(`${baseURL}/api/cities/${city}/prices`)).json();
}

/** The "Last updated" line's time element: what it says, and the moment it stands for. */
async function lastUpdated(page: Page): Promise<{ text: string; dateTime: string | null }> {
  const time = page.locator("div", { has: page.getByText("Last updated:", { exact: true }) }).locator("time");
  await time.first().waitFor();
  return { text: await time.first().innerText(), dateTime: await time.first().getAttribute("datetime") };
}

function importFeed(csv: string): void {
  const dir = mkdtempSync(join(tmpdir(), "provenance-e2e-"));
  try {
    const path = join(dir, "feed.csv");
    writeFileSync(path, csv);
    const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
    execFileSync(CLI, ["prices", "import", path], { env, stdio: "ignore" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "Nov 28": a row's day as the city's table says it. */
function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

const rowNamed = (page: Page, name: RegExp) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

describe("a city's last update", () => {
  it("is the city's own: a one-city import moves that city's, and not another's", async () => {
    const joburg = await open("/za/johannesburg");
    const before = await lastUpdated(joburg);
    expect(before.text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M SAST$/);

    const steel = (await priceRows(joburg, "bloemfontein")).find((row) => row.material.slug === "steel");
    if (!steel) throw new Error("no steel price in Bloemfontein");
    importFeed(
      "date,country,city,material,price,currency,unit,source\n" +
        `${steel.date},ZA,bloemfontein,steel,${steel.priceExact},ZAR,kg,Free State Steel Desk\n`,
    );
    const fed = (await priceRows(joburg, "bloemfontein")).find((row) => row.material.slug === "steel");
    expect(fed?.source.kind).toBe("feed");

    const bloemfontein = await open("/za/bloemfontein");
    const moved = await lastUpdated(bloemfontein);
    expect(moved.dateTime).toBe(fed?.updatedAt);
    expect(moved.text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M SAST$/);
    expect(Date.parse(moved.dateTime ?? "")).toBeGreaterThan(Date.parse(before.dateTime ?? ""));
    // The imported row says where it came from, and its day.
    const row = rowNamed(bloemfontein, /^Steel\b/);
    expect(await row.getByRole("rowheader").innerText()).toContain(`Price feed · ${shortDay(steel.date)}`);
    await screenshot(bloemfontein, "provenance-after-import");

    // Johannesburg's prices did not change: neither does what its page says (the site-wide data
    // revision the import moved once stood in for every city's update).
    await joburg.reload({ waitUntil: "networkidle" });
    expect(await lastUpdated(joburg)).toEqual(before);
    const overview = await (await joburg.request.get(`${baseURL}/api/cities/johannesburg/overview`)).json();
    expect(overview.lastUpdated).toBe(before.dateTime);
  });
});

describe.each(["desktop", "phone"] as const)("each price row at %s width", (viewport) => {
  it("says its kind and its day, and an estimate from old inputs says their months", async () => {
    const page = await open("/za/johannesburg", viewport);
    const rows = await priceRows(page, "johannesburg");
    const silver = rows.find((row) => row.material.slug === "silver");
    const copper = rows.find((row) => row.material.slug === "copper-1");
    if (!silver || !copper) throw new Error("no silver or #1 Copper price in Johannesburg");

    const silverHeader = rowNamed(page, /^Silver/).getByRole("rowheader");
    expect(await silverHeader.innerText()).toContain(`Demo data · ${shortDay(silver.date)}`);

    // #1 Copper: an estimate from October 2025's average and April 2025's rand rate.
    expect(copper.source.kind).toBe("estimate");
    const copperRow = rowNamed(page, /^#1 Copper/);
    // The estimate's disclosure is an inline block: its line breaks are not the reader's.
    const header = (await copperRow.getByRole("rowheader").innerText()).replace(/\s+/g, " ");
    expect(header).toContain(`Estimate · ${shortDay(copper.date)}`);
    expect(header).toContain("inputs from Apr–Oct 2025");
    // Yesterday's price was demo data: no move is claimed against it.
    const cells = await copperRow.getByRole("cell").allInnerTexts();
    expect(cells.join(" ")).not.toMatch(/[+-]\d+\.\d%/);
    expect(await copperRow.getByTitle("No earlier estimate to compare with").count()).toBe(1);

    await screenshot(page, `provenance-city-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("the material page and the page without JavaScript", () => {
  it("say an estimate's old inputs too", async () => {
    // The page of the city-sorted table that holds Johannesburg.
    let pageNumber = 1;
    for (; pageNumber < 10; pageNumber++) {
      const url = `${baseURL}/api/materials/copper-1/markets?page=${pageNumber}&limit=20&sort=city&order=asc`;
      const markets: { data: { city: { slug: string } }[] } = await (await fetch(url)).json();
      if (markets.data.some((row) => row.city.slug === "johannesburg")) break;
    }
    const page = await open(`/material/copper-1?sort=city&order=asc&page=${pageNumber}`);
    const joburg = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Johannesburg" }) });
    await expect.poll(() => joburg.innerText()).toContain("inputs from Apr–Oct 2025");
    const html = await (await page.request.get(`${baseURL}/za/johannesburg`)).text();
    expect(html).toContain("(inputs from Apr–Oct 2025)");
  });
});
