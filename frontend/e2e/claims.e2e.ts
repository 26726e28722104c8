import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot } from "./browser";

// Issue 37, "say only what is true", read as a person reads it: the pages of the demo data set
// (demo prices, estimates and one feed price; see global-setup.ts) claim nothing real-time or
// verified, say what the prices are and where they come from, show the demo notice, invent no
// yard services and no blog view counts, and promise no newsletter that nothing sends.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

const UNTRUE = /real[- ]?time|verified sources|daily updated|weekly (scrap )?(price )?roundup/i;

type Stats = {
  demoData: boolean;
  priceKinds: { kind: string; prices: number }[];
  priceDays: number;
  priceDaysWindow: number;
};

const visibleText = (page: Page) => page.locator("body").innerText();

async function stats(page: Page): Promise<Stats> {
  return (await (await page.request.get("/api/stats")).json()) as Stats;
}

async function expectDemoNotice(page: Page): Promise<void> {
  const notice = page.getByRole("region", { name: "Demo data" });
  await expect.poll(() => notice.isVisible()).toBe(true);
  expect(await notice.innerText()).toMatch(/generated demo data set, not real quotes/);
  // Near the top: above the page's own heading.
  const noticeBox = await notice.boundingBox();
  const headingBox = await page.getByRole("heading", { level: 1 }).first().boundingBox();
  expect(noticeBox && headingBox && noticeBox.y < headingBox.y).toBe(true);
}

describe("claims a visitor reads", () => {
  it("home: no real-time or verified claim, the price kinds and days from the data, the demo notice", async () => {
    const home = await open("/");
    const site = await stats(home);
    expect(site.demoData).toBe(true); // the e2e data set is the demo one
    const text = await visibleText(home);
    expect(text).not.toMatch(UNTRUE);
    expect(await home.title()).not.toMatch(/real[- ]?time/i);
    const description = await home.locator('meta[name="description"]').getAttribute("content");
    expect(description).not.toMatch(/real[- ]?time/i);
    await expectDemoNotice(home);

    const card = home.getByRole("listitem").filter({ has: home.getByRole("heading", { name: "Prices by City" }) });
    const cardText = (await card.innerText()).replace(/\s+/g, " ");
    const total = site.priceKinds.reduce((sum, kind) => sum + kind.prices, 0);
    expect(cardText).toContain(`The ${total.toLocaleString("en-US")} prices shown:`);
    for (const kind of site.priceKinds) expect(cardText).toContain(kind.prices.toLocaleString("en-US"));
    expect(site.priceKinds.map((k) => k.kind).sort()).toEqual(["demo", "estimate", "feed"]);
    expect(cardText).toMatch(/generated demo prices/);
    expect(cardText).toMatch(/estimates? from market prices/);
    expect(cardText).toMatch(/from (a price feed|price feeds)/);
    expect(cardText).toMatch(new RegExp(`New prices were stored on .*${site.priceDaysWindow}`));
    await screenshot(home, "claims-home-desktop");
  });

  it("home on a phone: the notice is on the first screen", async () => {
    const home = await open("/", "phone");
    await expectDemoNotice(home);
    const box = await home.getByRole("region", { name: "Demo data" }).boundingBox();
    expect(box && box.y + box.height <= 844).toBe(true);
    await screenshot(home, "claims-home-phone");
  });

  it("a yard page: services not confirmed, no default ticks, and the demo notice", async () => {
    const yard = await open("/scrap-yard/1");
    await yard.getByRole("heading", { name: "Services & Features" }).waitFor();
    const text = await visibleText(yard);
    expect(text).toContain("Services not confirmed yet");
    for (const invented of ["Accurate Weighing", "Pickup Service", "All Metal Types", "Licensed & Insured"]) {
      expect(text).not.toContain(invented);
    }
    expect(text).not.toMatch(UNTRUE);
    // The pointer names a control a visitor can reach.
    await expect.poll(() => yard.getByRole("button", { name: "Suggest a correction" }).isVisible()).toBe(true);
    await expectDemoNotice(yard);
  });

  it("a blog post and the blog: no view counts, no promised roundup", async () => {
    const post = await open("/blog/honda-catalytic-converter-scrap-prices");
    const article = post.getByRole("article");
    await article
      .getByText(/min read/)
      .first()
      .waitFor();
    expect(await article.innerText()).not.toMatch(/\bviews?\b/i);
    expect(await visibleText(post)).not.toMatch(/[\d,]+ views/);

    const blog = await open("/blog");
    await blog.getByRole("heading", { name: "Stay Updated" }).waitFor();
    const text = await visibleText(blog);
    expect(text).not.toMatch(/[\d,]+ views/);
    expect(text).not.toMatch(/weekly|roundup/i);
    expect(text).toContain("No newsletter is being sent yet");
  });
});
