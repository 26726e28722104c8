import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ARTIFACTS, browserPages, screenshot, seriousViolations } from "./browser";

// The materials audit: ranking within a cent, grades, the All Markets list on phones, filters
// kept in the URL, and category icons instead of emoji.

const baseURL = inject("baseURL");
const open = browserPages(baseURL);

const VIEWPORTS = ["desktop", "phone"] as const;

async function mainText(page: Page): Promise<string> {
  return (await page.locator("#main-content").innerText()).replace(/\s+/g, " ");
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function fitsTheWindow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.each(VIEWPORTS)("material ranking at %s width", (viewport) => {
  it("names the same city on the Highest Price card, as Top Market #1 and first in All Markets", async () => {
    const page = await open("/material/bare-bright-copper", viewport);
    const top = page.getByTestId("top-market").first();
    await top.waitFor({ timeout: 15_000 });
    const firstCity = (await top.locator("p").first().innerText()).trim();
    const highest = page.locator("div.rounded-lg", { has: page.getByRole("heading", { name: "Highest Price" }) });
    expect(await highest.innerText()).toContain(`${firstCity}, `);
    const markets =
      viewport === "desktop"
        ? page.getByRole("table", { name: /^All markets/ }).locator("tbody tr > :first-child")
        : page.getByRole("list", { name: "All markets" }).getByTestId("market-city");
    expect((await markets.first().innerText()).trim()).toBe(firstCity);
  });
});

describe.each(VIEWPORTS)("All Markets at %s width", (viewport) => {
  it(viewport === "phone" ? "is a stacked list with nothing to scroll sideways" : "is still a table", async () => {
    const page = await open("/material/copper", viewport);
    const table = page.getByRole("table", { name: /^All markets/ });
    const list = page.getByRole("list", { name: "All markets" });
    await page.getByRole("heading", { name: "All Markets" }).waitFor({ timeout: 15_000 });
    if (viewport === "desktop") {
      await table.locator("tbody tr").first().waitFor();
      expect(await table.locator("tbody tr").count()).toBeGreaterThan(10);
      expect(await list.isVisible()).toBe(false);
    } else {
      const items = list.getByTestId("market-item");
      await items.first().waitFor();
      expect(await table.isVisible()).toBe(false);
      const count = await items.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index += 1) {
        const item = items.nth(index);
        const city = item.locator("p").first();
        const price = item.locator("p.tabular-nums");
        await item.scrollIntoViewIfNeeded();
        expect(await city.isVisible()).toBe(true);
        expect(await price.isVisible()).toBe(true);
        // Both wholly inside the window's width.
        for (const box of [await city.boundingBox(), await price.boundingBox()]) {
          expect(box).not.toBeNull();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
        }
        expect(await price.innerText()).toMatch(/\d/);
      }
      await fitsTheWindow(page);
      // The list's start, as a person sees it.
      await list.evaluate((element) => element.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: join(ARTIFACTS, "audit-all-markets-list-phone.png") });
      // Sorting works from the keyboard on the list too.
      const byCity = page.getByRole("group", { name: "Sort markets" }).getByRole("button", { name: /^City/ });
      await byCity.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => byCity.getAttribute("aria-pressed")).toBe("true");
      // The server sorts: the list turns when its answer arrives.
      await expect
        .poll(async () => {
          const names = await list.getByTestId("market-city").allInnerTexts();
          return names.join("|") === [...names].sort((a, b) => a.localeCompare(b)).join("|");
        })
        .toBe(true);
    }
    await screenshot(page, `audit-all-markets-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe.each(VIEWPORTS)("All Markets pages at %s width", (viewport) => {
  it("pages through every market with the sort in the URL, over reload and Back", async () => {
    const page = await open("/material/copper", viewport);
    const cities =
      viewport === "desktop"
        ? page.getByRole("table", { name: /^All markets/ }).locator("tbody tr > :first-child")
        : page.getByRole("list", { name: "All markets" }).getByTestId("market-city");
    const status = page.getByText(/^Markets \d+–\d+ of \d+$/);
    await status.waitFor({ timeout: 15_000 });
    const total = Number((await status.innerText()).split(" of ")[1]);
    expect(total).toBeGreaterThan(20);
    const firstPage = await cities.allInnerTexts();
    expect(firstPage).toHaveLength(20);

    const pages = page.getByRole("navigation", { name: "Market pages" });
    await pages.getByRole("button", { name: "Page 2" }).click();
    await page.waitForURL("**/material/copper?page=2");
    await expect.poll(() => status.innerText()).toBe(`Markets 21–${Math.min(40, total)} of ${total}`);
    const secondPage = await cities.allInnerTexts();
    expect(secondPage.filter((city) => firstPage.includes(city))).toEqual([]);
    // Focus goes back to the table's heading, so a keyboard or screen reader starts at the top.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All Markets");

    // A new sort starts again at its first page; reload keeps sort and page, Back returns.
    const byCity =
      viewport === "desktop"
        ? page.getByRole("table", { name: /^All markets/ }).getByRole("button", { name: /^City/ })
        : page.getByRole("group", { name: "Sort markets" }).getByRole("button", { name: /^City/ });
    await byCity.click();
    await page.waitForURL("**/material/copper?sort=city");
    await expect.poll(() => status.innerText()).toBe(`Markets 1–20 of ${total}`);
    await pages.getByRole("button", { name: "Page 2" }).click();
    await page.waitForURL(/\/material\/copper\?(?=.*sort=city)(?=.*page=2)/);
    await expect.poll(() => status.innerText()).toBe(`Markets 21–${Math.min(40, total)} of ${total}`);
    const byName = await cities.allInnerTexts();
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => cities.allInnerTexts()).toEqual(byName);
    await page.goBack();
    await page.waitForURL("**/material/copper?sort=city");
    await expect.poll(() => status.innerText()).toBe(`Markets 1–20 of ${total}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe.each(VIEWPORTS)("filters kept in the URL at %s width", (viewport) => {
  it("keeps the cities page's search and country over reload and Back", async () => {
    const page = await open("/cities", viewport);
    await page.getByRole("button", { name: "South Africa" }).click();
    await page.getByPlaceholder("Search cities or countries...").fill("town");
    await page.waitForURL(/\/cities\?(?=.*country=za)(?=.*q=town)/);
    const check = async () => {
      const search = page.getByPlaceholder("Search cities or countries...");
      await expect.poll(() => search.inputValue(), { timeout: 15_000 }).toBe("town");
      await expect
        .poll(() => page.getByRole("button", { name: "South Africa" }).getAttribute("aria-pressed"))
        .toBe("true");
      const text = await mainText(page);
      expect(text).toContain("Cape Town");
      expect(text).not.toContain("Johannesburg");
    };
    await check();
    await page.reload({ waitUntil: "networkidle" });
    await check();
    await page.locator("#main-content").getByRole("link", { name: "Cape Town", exact: true }).click();
    await page.waitForURL("**/za/cape-town");
    await page.goBack();
    await check();
  });

  it("keeps the materials page's search and category over reload and Back", async () => {
    const page = await open("/scrap-metal-prices", viewport);
    const brass = page.getByRole("button", { name: "Brass", exact: true });
    await brass.click();
    await page.getByPlaceholder("Search materials, categories, or descriptions...").fill("yellow");
    await page.waitForURL(/\/scrap-metal-prices\?(?=.*category=brass)(?=.*q=yellow)/);
    const check = async () => {
      const search = page.getByPlaceholder("Search materials, categories, or descriptions...");
      await expect.poll(() => search.inputValue(), { timeout: 15_000 }).toBe("yellow");
      await expect.poll(() => brass.getAttribute("aria-pressed")).toBe("true");
      const text = await mainText(page);
      expect(text).toContain("Yellow Brass");
      expect(text).not.toContain("Bare Bright Copper");
    };
    await check();
    await page.reload({ waitUntil: "networkidle" });
    await check();
    await page.getByRole("link", { name: "Yellow Brass" }).click();
    await page.waitForURL("**/material/yellow-brass");
    await page.goBack();
    await check();
  });

  it("keeps the material chart's city and range over reload and Back", async () => {
    const page = await open("/material/copper", viewport);
    const chooser = page.getByRole("combobox", { name: "City" });
    await chooser.waitFor({ timeout: 15_000 });
    // The visitor's city (lib/visitor-place: this browser's time zone and language) is the default.
    await expect.poll(() => chooser.inputValue(), { timeout: 15_000 }).not.toBe("");
    const visitorCity = await chooser.inputValue();
    await chooser.selectOption("london");
    await page.locator("label", { hasText: /^90 days$/ }).click();
    await page.waitForURL(/\/material\/copper\?(?=.*city=london)(?=.*range=90d)/);
    const check = async () => {
      await expect.poll(() => chooser.inputValue(), { timeout: 15_000 }).toBe("london");
      await expect.poll(() => page.getByRole("radio", { name: "90 days" }).isChecked()).toBe(true);
      await page.getByRole("img", { name: /price trend in London over the last 90 days/ }).waitFor({ timeout: 15_000 });
    };
    await check();
    await page.reload({ waitUntil: "networkidle" });
    await check();
    await page.getByRole("link", { name: "Scrap Metal Prices" }).first().click();
    await page.waitForURL("**/scrap-metal-prices");
    await page.goBack();
    await check();
    // The default city stays out of the URL.
    await chooser.selectOption(visitorCity);
    await expect.poll(() => page.url()).not.toContain("city=");
  });
});

describe.each(VIEWPORTS)("grades and category icons at %s width", (viewport) => {
  it("shows a grade only when there is one, never 'Grade: Grade A'", async () => {
    const home = await open("/", viewport);
    await home.getByRole("heading", { name: "Popular Materials" }).waitFor({ timeout: 15_000 });
    const popular = home.locator("section", { has: home.getByRole("heading", { name: "Popular Materials" }) });
    await popular.getByRole("link", { name: /Bare Bright Copper/ }).waitFor();
    const text = await popular.innerText();
    expect(text).toContain("Grade A");
    expect(text).not.toContain("Grade: Grade");

    const copper = await open("/material/copper", viewport);
    await copper.getByRole("heading", { level: 1, name: "Copper" }).waitFor({ timeout: 15_000 });
    const hero = copper.locator("section", { has: copper.getByRole("heading", { level: 1 }) });
    expect(await hero.innerText()).not.toContain("Unknown");
  });

  it("draws categories as icons hidden from screen readers, with the name as text", async () => {
    const page = await open("/scrap-metal-prices", viewport);
    const heading = page.getByRole("heading", { level: 2, name: "Copper", exact: true });
    await heading.waitFor({ timeout: 15_000 });
    expect(await heading.locator("svg[aria-hidden='true']").count()).toBe(1);
    expect((await heading.innerText()).trim()).toBe("Copper");
    const button = page.getByRole("button", { name: "Copper", exact: true });
    expect(await button.locator("svg[aria-hidden='true']").count()).toBe(1);
    // No emoji anywhere in the page's text.
    expect(await mainText(page)).not.toMatch(/\p{Extended_Pictographic}/u);
    await screenshot(page, `audit-materials-icons-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
