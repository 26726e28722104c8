import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase, screenshot, seriousViolations } from "./browser";

const baseURL = inject("baseURL");
const databasePath = inject("databasePath");

type PageCheck = { path: string; name: string; heading: RegExp; texts: (string | RegExp)[] };

// Every route built so far, with what a person should read there.
const PAGES: PageCheck[] = [
  {
    path: "/",
    name: "home",
    heading: /Scrap Metal Prices by City and Scrap Yard Directory/,
    texts: ["Featured Cities", "Popular Materials", "Browse All Cities"],
  },
  { path: "/cities", name: "cities", heading: /Global Scrap Metal Markets/, texts: ["All Countries", "Johannesburg"] },
  {
    path: "/scrap-metal-prices",
    name: "materials",
    heading: /Scrap Metal Prices/,
    texts: ["All Categories", "Copper"],
  },
  {
    path: "/za/johannesburg",
    name: "city",
    heading: /Johannesburg Scrap Metal Prices/,
    texts: [/Current Prices \(Per KG unless marked\)/, "Top Price Today", "Other Cities"],
  },
  {
    path: "/material/copper",
    name: "material",
    heading: /Copper/,
    texts: ["Top Paying Markets", "All Markets", /Price Trends \(Last 30 Days\)/],
  },
  { path: "/about", name: "about", heading: /About/, texts: ["ZAR"] },
  {
    path: "/contact",
    name: "contact",
    heading: /Contact/,
    texts: ["Full Name", "Email Address", "Subject", "Message"],
  },
  { path: "/privacy-policy", name: "privacy", heading: /Privacy Policy/, texts: ["December 2024"] },
  { path: "/terms-of-service", name: "terms", heading: /Terms of Service/, texts: ["18"] },
  { path: "/content-disclaimer", name: "disclaimer", heading: /Disclaimer/, texts: ["catalytic"] },
  { path: "/blog", name: "blog", heading: /Blog/, texts: ["Catalytic Converters", "Stay Updated"] },
  { path: "/blog/rhodium-price-per-ounce", name: "blog-post", heading: /Rhodium/i, texts: ["Back to Blog"] },
  {
    path: "/scrap-yards",
    name: "directory",
    heading: /Global Scrap Yard Directory/,
    texts: [/Showing 1-20 of \d+ scrap yards \(filtered from \d+ total\)/, "List View", "Map View"],
  },
  {
    path: "/za/johannesburg/scrap-yards",
    name: "city-yards",
    heading: /Scrap Yards in Johannesburg/,
    texts: [/Showing \d+ of \d+ scrap yards/, "Quick Stats", "All Scrap Yards"],
  },
  {
    path: "/scrap-yard/1",
    name: "yard",
    heading: /\w/,
    texts: ["Services & Features", "Opening Hours", "Quick Actions", "Get Directions"],
  },
  {
    path: "/us/california",
    name: "region",
    heading: /California Scrap Metal Prices/,
    texts: [/Average Prices \(Per KG unless marked\)/, "Los Angeles"],
  },
  {
    path: "/insights",
    name: "insights",
    heading: /Scrap Metal Market Insights/,
    texts: ["Biggest Risers", "Biggest Fallers", "Most Tracked Materials"],
  },
  {
    path: "/scrap-yard/999999",
    name: "yard-not-found",
    heading: /Scrap Yard Not Found/,
    texts: ["The requested scrap yard could not be found", "Browse All Scrap Yards"],
  },
  {
    path: "/za/atlantis/scrap-yards",
    name: "city-yards-not-found",
    heading: /City Not Found/,
    texts: ["The city you're looking for doesn't exist."],
  },
  { path: "/no-such-page", name: "not-found", heading: /404 Page Not Found/, texts: ["Go Home"] },
  {
    path: "/za/atlantis",
    name: "city-not-found",
    heading: /City Not Found/,
    texts: ["The city you're looking for doesn't exist."],
  },
  {
    path: "/material/unobtainium",
    name: "material-not-found",
    heading: /Material Not Found/,
    texts: ["The requested scrap metal material could not be found."],
  },
];

const open = browserPages(baseURL);

async function mainText(page: Page): Promise<string> {
  return (await page.locator("#main-content").innerText()).replace(/\s+/g, " ");
}

describe.each(["desktop", "phone"] as const)("every page at %s width", (viewport) => {
  it.each(PAGES)(
    "$path reads right and has no serious accessibility problems",
    async ({ path, name, heading, texts }) => {
      const page = await open(path, viewport);
      await expect.poll(() => page.locator("h1").first().innerText(), { timeout: 15_000 }).toMatch(heading);
      const text = await mainText(page);
      for (const expected of texts) {
        if (typeof expected === "string") expect(text).toContain(expected);
        else expect(text).toMatch(expected);
      }
      await screenshot(page, `${name}-${viewport}`);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe("header search", () => {
  it("suggests after three characters, navigates, closes and clears", async () => {
    const page = await open("/");
    const box = page.locator("#header-search");
    await box.fill("jo");
    await expect.poll(() => page.getByRole("listbox").count()).toBe(0);
    await box.fill("johan");
    const option = page.getByRole("listbox").getByRole("option", { name: /Johannesburg/ });
    await option.waitFor();
    await option.click();
    await page.waitForURL("**/za/johannesburg");
    expect(await box.inputValue()).toBe("");
    expect(await page.getByRole("listbox").count()).toBe(0);
    await box.fill("zzzzqq");
    await page.getByText("No results found.").waitFor();
    await box.press("Escape");
    await expect.poll(() => page.getByText("No results found.").count()).toBe(0);
  });

  it("answers a city and a material together with that city's price row, in view and focused", async () => {
    const page = await open("/");
    await page.locator("#header-search").fill("copper johannesburg");
    await page
      .getByRole("listbox")
      .getByRole("option", { name: /^Copper in Johannesburg/ })
      .click();
    await page.waitForURL("**/za/johannesburg#price-copper");
    const row = page.locator("#price-copper");
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await row.getAttribute("aria-current")).toBe("true");
    expect(await row.getByRole("rowheader").innerText()).toMatch(/^Copper/);
    expect(await row.isVisible()).toBe(true);
    const box = await row.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
  });

  it("works from the mobile menu", async () => {
    const page = await open("/", "phone");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = page.locator("#mobile-search");
    await box.fill("copper");
    await page
      .getByRole("listbox")
      .getByRole("option", { name: /^Copper/ })
      .first()
      .click();
    await page.waitForURL("**/material/copper");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });
});

describe("lists and tables", () => {
  it("filters cities by text and country", async () => {
    const page = await open("/cities");
    await page.getByPlaceholder("Search cities or countries...").fill("cape");
    await page.getByText("Cape Town").first().waitFor();
    expect(await mainText(page)).not.toContain("Johannesburg");
    await page.getByPlaceholder("Search cities or countries...").fill("zzzz");
    await page.getByText("No cities found").waitFor();
  });

  it("filters materials by category", async () => {
    const page = await open("/scrap-metal-prices");
    await page.getByRole("button", { name: /Brass/ }).first().click();
    await page.waitForURL("**/scrap-metal-prices?category=brass");
    await expect.poll(() => mainText(page)).not.toContain("Bare Bright Copper");
    expect(await mainText(page)).toContain("Yellow Brass");
  });

  it("sorts the city price table by material and by price", async () => {
    const page = await open("/za/johannesburg");
    const table = page.getByRole("table").first();
    await table.locator("tbody tr").first().waitFor();
    const firstCells = () => table.locator("tbody tr > :first-child").allInnerTexts();
    await table.getByRole("button", { name: /Material/ }).click();
    const descending = await firstCells();
    await table.getByRole("button", { name: /Material/ }).click();
    const ascending = await firstCells();
    expect(ascending).toEqual([...descending].reverse());
  });

  it("sorts the material's all-markets table by city", async () => {
    const page = await open("/material/copper");
    const byCity = page.getByRole("button", { name: /^City/ }).first();
    await byCity.waitFor();
    await byCity.click();
    await page.waitForURL("**/material/copper?sort=city");
    const table = page.getByRole("table", { name: /^All markets/ });
    const sorted = async () => {
      const cities = await table.locator("tbody tr > :first-child").allInnerTexts();
      return cities.length > 10 && cities.join("|") === [...cities].sort((a, b) => a.localeCompare(b)).join("|");
    };
    await expect.poll(sorted).toBe(true);
  });
});

describe.each(["desktop", "phone"] as const)("material price history at %s width", (viewport) => {
  it("switches the chart to one year, keeps it in the URL and offers the CSV", async () => {
    const page = await open("/material/copper", viewport);
    const chart = page.getByRole("img", { name: /price trend in .* over the last 30 days/ });
    await chart.waitFor({ timeout: 15_000 });
    const dailyPoints = Number(await chart.getAttribute("data-points"));
    expect(dailyPoints).toBeGreaterThan(20);

    // The radio itself is visually hidden: a person clicks its label.
    await page.locator("label", { hasText: /^1 year$/ }).click();
    await expect.poll(() => page.getByRole("radio", { name: "1 year" }).isChecked()).toBe(true);
    await page.waitForURL("**/material/copper?range=1y");
    const yearChart = page.getByRole("img", { name: /price trend in .* over the last year/ });
    await yearChart.waitFor();
    await page.getByRole("heading", { name: "Price Trends (Last Year)" }).waitFor();
    // The demo's 40 days at a year's resolution: a handful of weekly averages.
    const weeklyPoints = Number(await yearChart.getAttribute("data-points"));
    expect(weeklyPoints).toBeGreaterThan(1);
    expect(weeklyPoints).toBeLessThan(dailyPoints);
    expect(await mainText(page)).toContain("Weekly averages in");

    const download = page.getByRole("link", { name: "Download CSV" });
    const href = (await download.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/api\/prices\/history\?materialSlug=copper&citySlug=[\w-]+&days=365&format=csv$/);
    expect(await download.getAttribute("download")).not.toBeNull();
    const csv = await page.request.get(new URL(href, baseURL).href);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[0]).toBe("date,price,currency,unit,source_kind,source_name");
    await screenshot(page, `material-year-${viewport}`);
  });
});

describe.each(["desktop", "phone"] as const)("where a price came from at %s width", (viewport) => {
  it("labels each price's kind and opens an estimate to its formula from the keyboard", async () => {
    const page = await open("/za/johannesburg", viewport);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Bare Bright Copper/ }) });
    const estimate = row.getByText("Estimate", { exact: true });
    await estimate.waitFor({ timeout: 15_000 });
    const formula = row.getByText(/^Estimate: Copper/);
    expect(await formula.isVisible()).toBe(false);
    await estimate.focus();
    await page.keyboard.press("Enter");
    await formula.waitFor();
    expect(await formula.innerText()).toMatch(
      /^Estimate: Copper \$10,741\.36\/t \(FRED monthly average, Oct 2025\) × [\d.]+ Bare Bright Copper factor × [\d.]+ ZA yard margin × R18\.81\/USD \(25 Apr 2025\)$/,
    );
    const silver = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Silver/ }) });
    expect(await silver.innerText()).toContain("Demo data");
    await screenshot(page, `city-estimate-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("draws the market reference beside a material's prices", async () => {
    const page = await open("/material/bare-bright-copper", viewport);
    const toggle = page.getByRole("button", { name: /market reference/i });
    await toggle.waitFor({ timeout: 15_000 });
    await toggle.click();
    await expect.poll(() => mainText(page)).toContain("Copper (FRED: IMF primary commodity prices, monthly)");
  });
});

describe("contact form", () => {
  it("sends a message that is stored", async () => {
    const page = await open("/contact");
    const subject = `Browser test ${Date.now()}`;
    await page.getByLabel(/Full Name/).fill("Pieter van Wyk");
    await page.getByLabel(/Email Address/).fill("pieter@example.org");
    await page.getByLabel(/Subject/).fill(subject);
    await page.getByLabel(/Message/).fill("Is brass quoted per kg in Durban?");
    await page.getByRole("button", { name: /Send/ }).click();
    await page.getByText("Message Sent").first().waitFor();
    expect(await page.getByLabel(/Subject/).inputValue()).toBe("");
    expect(
      queryDatabase(databasePath, `select name, email from contact_messages where subject = '${subject}'`),
    ).toContain("pieter@example.org");
  });
});

describe("not found", () => {
  it("follows a broken link to the 404 page", async () => {
    const page = await open("/");
    await page.evaluate(() => {
      window.history.pushState({}, "", "/this/that/other");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  });
});
