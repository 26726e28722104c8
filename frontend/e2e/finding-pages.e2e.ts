import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import kindLabels from "../../content/price-kinds.json";
import { launchBrowser, screenshot, VIEWPORTS } from "./browser";

// Issue 37, "Finding things", read as a person on a 390 px phone reads it: pages open on the
// visitor's own city (placed from the browser's time zone, without asking), the cities list is
// short and says what copper is worth in each city, and home answers "what is copper worth near
// me" on its first screen. Expected figures come from the API, never typed in.
const baseURL = inject("baseURL");

type ListedCity = {
  slug: string;
  name: string;
  timeZone: string;
  country: { code: string; name: string; currency: string };
  copperPrice: { materialName: string; priceExact: string; currency: string; kind: keyof typeof kindLabels } | null;
};

let browser: Browser | undefined;
const opened: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
});

/** A phone in `timeZone` (Chromium's own time zone emulation; the locale stays en-US). */
async function phoneIn(timeZone: string, path: string): Promise<Page> {
  if (!browser) throw new Error("the browser has not started");
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: "block",
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
    timezoneId: timeZone,
    locale: "en-US",
  });
  opened.push(context);
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: "networkidle" });
  expect(errors, `uncaught errors on ${path}`).toEqual([]);
  return page;
}

async function listedCities(page: Page): Promise<ListedCity[]> {
  return (await (await page.request.get("/api/cities")).json()) as ListedCity[];
}

/** The list's first city of a time zone, with a copper price: where that visitor is placed. */
async function cityOfZone(page: Page, timeZone: string): Promise<ListedCity & { copperPrice: object }> {
  const city = (await listedCities(page)).find((c) => c.timeZone === timeZone && c.copperPrice !== null);
  if (!city?.copperPrice) throw new Error(`no priced city in ${timeZone}`);
  return city as ListedCity & { copperPrice: object };
}

const money = (perKg: string, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(perKg));

describe("finding pages on a 390 px phone", () => {
  it("material chart opens on the visitor's city, in its currency, and on the city page opened last", async () => {
    const page = await phoneIn("America/New_York", "/material/copper");
    const newYork = await cityOfZone(page, "America/New_York");
    const chooser = page.getByRole("combobox", { name: "City" });
    await chooser.waitFor({ timeout: 15_000 });
    await expect.poll(() => chooser.inputValue(), { timeout: 15_000 }).toBe(newYork.slug);
    const chart = page.getByRole("img", {
      name: new RegExp(`price trend in ${newYork.name} .*${newYork.country.currency}`),
    });
    await chart.waitFor({ timeout: 15_000 });
    expect(page.url()).not.toContain("city="); // the visitor's own city is the default

    // From London's page, through the site's own links, the chart opens on London.
    await page.goto("/gb/london", { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: /London/ }).waitFor({ timeout: 15_000 });
    await page.locator("#main-content").getByRole("link", { name: "Copper", exact: true }).first().click();
    await page.waitForURL("**/material/copper");
    await expect.poll(() => chooser.inputValue(), { timeout: 15_000 }).toBe("london");
    await page.getByRole("img", { name: /price trend in London .*GBP/ }).waitFor({ timeout: 15_000 });
  });

  it("materials page shows the visitor's city's prices first, in its currency and kind, the USD average second", async () => {
    const page = await phoneIn("Europe/London", "/scrap-metal-prices");
    const london = await cityOfZone(page, "Europe/London");
    const prices = (await (await page.request.get(`/api/cities/${london.slug}/prices`)).json()) as {
      material: { name: string };
      priceExact: string;
      currency: string;
      source: { kind: keyof typeof kindLabels };
    }[];
    const row = prices.find((p) => p.material.name === "Bare Bright Copper");
    if (!row) throw new Error("no Bare Bright Copper price in London");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Bare Bright Copper" }) });
    const local = card.getByTestId("local-price");
    await local.waitFor({ timeout: 15_000 });
    const text = (await card.innerText()).replace(/\s+/g, " ");
    // The labels are in capitals on screen (CSS), as innerText reads them.
    const where = `IN ${london.name.toUpperCase()}`;
    expect(text).toContain(where);
    expect(text).toContain(`${money(row.priceExact, row.currency)} ${row.currency} per kg`);
    expect(text).toContain(kindLabels[row.source.kind]);
    expect(text.indexOf(where)).toBeLessThan(text.indexOf("AVERAGE PRICE"));
    expect(text).toMatch(/Across \d+ cities in \d+ countries, in USD/);
    await screenshot(page, "finding-materials-phone");
  });

  it("cities page: short cards with each city's #1 Copper price and kind, no coordinates, one link each", async () => {
    const page = await phoneIn("Etc/UTC", "/cities");
    const cities = await listedCities(page);
    const main = page.locator("#main-content");
    await main.getByRole("heading", { level: 3 }).first().waitFor({ timeout: 15_000 });
    const cards = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await cards.count()).toBe(cities.length); // the whole list, not a page of it
    const text = (await main.innerText()).replace(/\s+/g, " ");
    expect(text).not.toMatch(/Lat -?\d|Lng -?\d/);
    for (const city of cities.filter((_, index) => index % 10 === 0)) {
      const card = cards.filter({ has: page.getByRole("link", { name: city.name, exact: true }) });
      expect(await card.getByRole("link").count()).toBe(1);
      const cardText = (await card.innerText()).replace(/\s+/g, " ");
      expect(cardText).toContain(city.country.name);
      if (city.copperPrice) {
        expect(cardText).toContain(`${city.copperPrice.materialName}, ${city.copperPrice.currency}`);
        expect(cardText).toContain(kindLabels[city.copperPrice.kind]);
      }
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`/cities at 390 px: ${height} px for ${cities.length} cities`);
    // Was 18,883 px for the demo's 75 cities (about 250 px a card): a card is now a few lines.
    const perCity = await cards.first().evaluate((card) => card.getBoundingClientRect().height);
    expect(perCity).toBeLessThanOrEqual(100);
    expect(height).toBeLessThan(cities.length * 130);
    await screenshot(page, "finding-cities-phone");
  });

  it("home's first screen says what #1 Copper is worth in the visitor's city, with kind and day, and links there", async () => {
    const page = await phoneIn("America/New_York", "/");
    const newYork = await cityOfZone(page, "America/New_York");
    const copper = newYork.copperPrice as NonNullable<ListedCity["copperPrice"]>;
    const card = page.getByRole("region", {
      name: `${copper.materialName} in ${newYork.name}, ${newYork.country.name}`,
    });
    await card.waitFor({ timeout: 15_000 });
    const box = await card.boundingBox();
    expect(box && box.y + box.height <= VIEWPORTS.phone.height).toBe(true);
    const text = (await card.innerText()).replace(/\s+/g, " ");
    expect(text).toContain(`${money(copper.priceExact, copper.currency)} ${copper.currency} per kg`);
    expect(text).toContain(kindLabels[copper.kind]);
    expect(text).toMatch(/· [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const link = card.getByRole("link", { name: `All prices in ${newYork.name}` });
    expect(await link.getAttribute("href")).toBe(`/${newYork.country.code.toLowerCase()}/${newYork.slug}`);
    await screenshot(page, "finding-home-phone");

    // Another city, chosen here, is the one the next visit opens on.
    await card.getByRole("button", { name: "Change city" }).click();
    await card.getByRole("combobox", { name: "Another city" }).selectOption("london");
    await page.getByRole("region", { name: /in London, United Kingdom/ }).waitFor();
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("region", { name: /in London, United Kingdom/ }).waitFor({ timeout: 15_000 });
  });
});
