import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { CONTACT_TEXTS, LEGAL_DOCUMENTS, type LegalKey, type LegalText } from "../src/lib/static-page-texts";
import { browserPages, launchBrowser, screenshot, VIEWPORTS } from "./browser";

// The pages as a browser with JavaScript off gets them: the server's HTML alone. The policy pages
// show their whole text (content/legal-pages.json), the same text the app shows with JavaScript;
// the header's links work; the contact page says how to reach us and shows no form it cannot send.
const baseURL = inject("baseURL");
const openWithScripts = browserPages(baseURL);

let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
});

async function openWithoutScripts(path: string, viewport: keyof typeof VIEWPORTS = "desktop"): Promise<Page> {
  if (!browser) throw new Error("the browser has not started");
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    serviceWorkers: "block",
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === "phone",
  });
  contexts.push(context);
  // Nothing may leave the machine.
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return page;
}

const folded = (text: string) => text.replace(/\s+/g, " ").trim();

function plain(text: LegalText): string {
  if (typeof text === "string") return text;
  return text.map((part) => (typeof part === "string" ? part : "strong" in part ? part.strong : part.link)).join("");
}

function everyText(key: LegalKey): string[] {
  const { intro, sections } = LEGAL_DOCUMENTS[key];
  return [
    ...intro.map(plain),
    ...sections.flatMap(({ title, blocks }) => [
      title,
      ...blocks.flatMap((block) =>
        "p" in block
          ? [plain(block.p)]
          : "list" in block
            ? block.list.map(plain)
            : [block.callout.title, ...block.callout.paragraphs.map(plain)],
      ),
    ]),
  ];
}

const LEGAL: [LegalKey, string, string][] = [
  ["privacyPolicy", "/privacy-policy", "Privacy Policy"],
  ["termsOfService", "/terms-of-service", "Terms of Service"],
  ["contentDisclaimer", "/content-disclaimer", "Content Disclaimer"],
];

describe("a policy page without JavaScript", () => {
  it.each(LEGAL)("%s shows its whole text, the same as the app shows", async (key, path, heading) => {
    const page = await openWithoutScripts(path);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(heading);
    const withoutScripts = folded(await page.locator("main article").innerText());
    let from = 0;
    for (const expected of everyText(key)) {
      const at = withoutScripts.indexOf(expected, from);
      expect(at, expected).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
    expect(withoutScripts).not.toContain("Go Home");

    const app = await openWithScripts(path);
    await app.getByRole("heading", { level: 1, name: heading }).waitFor();
    expect(folded(await app.locator("main article").innerText())).toBe(withoutScripts);
    if (key === "privacyPolicy") await screenshot(page, "no-js-privacy-policy-desktop");
  });

  it("has a header whose navigation links work", async () => {
    const page = await openWithoutScripts("/privacy-policy");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link").allInnerTexts()).resolves.toEqual([
      "Scrap Metal Prices",
      "Cities",
      "Scrap Yards",
      "Calculator",
      "Blog",
      "About",
    ]);
    await nav.getByRole("link", { name: "Scrap Metal Prices" }).click();
    await page.waitForURL(`${baseURL}/scrap-metal-prices`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(/Scrap Metal Prices/);
    // The section of the page is marked, and the logo goes home.
    await expect(
      page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Scrap Metal Prices" })
        .getAttribute("aria-current"),
    ).resolves.toBe("page");
    await page.getByRole("banner").getByRole("link", { name: "ScrapIndex" }).click();
    await page.waitForURL(`${baseURL}/`);
  });

  it("has the navigation on a phone too, where the app's menu button would need JavaScript", async () => {
    const page = await openWithoutScripts("/terms-of-service", "phone");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.count()).resolves.toBe(1); // the large screens' row is hidden
    await nav.getByRole("link", { name: "Cities" }).click();
    await page.waitForURL(`${baseURL}/cities`);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toMatch(/Global Scrap Metal Markets/);
    await screenshot(page, "no-js-cities-phone");
  });
});

describe("the contact page without JavaScript", () => {
  it("gives the contact details and says how to write to us, with no form that cannot send", async () => {
    const page = await openWithoutScripts("/contact");
    const main = page.locator("main");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Contact Us");
    const text = folded(await main.innerText());
    for (const { title, text: detail } of CONTACT_TEXTS.details) {
      expect(text).toContain(title);
      expect(text).toContain(detail);
    }
    expect(text).toContain(CONTACT_TEXTS.noScript);
    await expect(page.locator("form").count()).resolves.toBe(0);
    await expect(page.getByRole("textbox").count()).resolves.toBe(0);
    await screenshot(page, "no-js-contact-desktop");
  });
});

describe("the calculator without JavaScript", () => {
  it("sends its form by GET and shows the same figures as the app, on a phone", async () => {
    const page = await openWithoutScripts("/calculator", "phone");
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("What Is My Scrap Worth?");
    const item = (n: number) => page.getByRole("group", { name: `Item ${n}` });
    await item(1).getByLabel("Material").selectOption({ label: "#1 Copper" });
    await item(1).getByLabel("Amount").fill("12");
    await item(2).getByLabel("Material").selectOption({ label: "Catalytic Converters" });
    await item(2).getByLabel("Amount").fill("2");
    await item(2).getByLabel("Unit").selectOption({ label: "pieces" });
    await page.getByLabel("Your city").selectOption({ label: "Johannesburg" });
    await page.getByRole("button", { name: "Work it out" }).click();
    await page.waitForURL(/material=copper-1/);
    const ranking = page.getByRole("list", { name: "Nearby yards, best take-home first" });
    await ranking.waitFor();
    const total = folded(await page.getByText(/^Total at Johannesburg's prices:/).innerText());
    const nets = await ranking.locator("[data-net]").allInnerTexts();
    expect(nets.length).toBeGreaterThan(1);
    await screenshot(page, "no-js-calculator-phone");

    // The app, given the link the page offers, answers the same.
    const link = await page.getByRole("link", { name: /^\/calculator\?/ }).getAttribute("href");
    expect(link).toBe("/calculator?city=johannesburg&item=copper-1:12:kg&item=catalytic-converters:2:piece");
    const app = await openWithScripts(link as string, "phone");
    const appRanking = app.getByRole("list", { name: "Nearby yards, best take-home first" });
    await appRanking.waitFor();
    expect(folded(await app.getByTestId("calculator-total").locator("strong").innerText())).toBe(
      total.replace("Total at Johannesburg's prices: ", ""),
    );
    await expect(appRanking.locator("[data-net]").allInnerTexts()).resolves.toEqual(nets);
  });
});
