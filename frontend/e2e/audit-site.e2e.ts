import { describe, expect, inject, it } from "vitest";
import { browserPages } from "./browser";

const baseURL = inject("baseURL");
const open = browserPages(baseURL);

describe("the address the site is served on", () => {
  it("is in every URL the server makes when SITE_ROOT is unset", async () => {
    // The test server runs on a free port with SITE_ROOT unset (e2e/global-setup.ts).
    const page = await open("/about");
    const html = await (await page.request.get(`${baseURL}/za/johannesburg`)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/za/johannesburg" />`);
    expect(html).toContain(`content="${baseURL}/za/johannesburg"`); // og:url
    expect(html).not.toContain("127.0.0.1:8000");
    const robots = await (await page.request.get(`${baseURL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  it("is kept by client-side navigation", async () => {
    const page = await open("/za/johannesburg");
    await page.getByRole("heading", { name: "Johannesburg Scrap Metal Prices" }).waitFor();
    await page.getByRole("link", { name: "Bare Bright Copper", exact: true }).first().click();
    await page.waitForURL("**/material/bare-bright-copper");
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute("href"))
      .toBe(`${baseURL}/material/bare-bright-copper`);
  });
});

describe.each(["desktop", "phone"] as const)("ad slots with no ad provider at %s width", (viewport) => {
  it.each(["/za/johannesburg", "/material/copper", "/cities", "/scrap-metal-prices", "/scrap-yards"])(
    "%s shows no empty advertisement box",
    async (path) => {
      const page = await open(path, viewport);
      await page.locator("h1").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.locator("[data-ad-slot]").count()).toBe(0);
      expect(await page.locator("#main-content").innerText()).not.toMatch(/advertisement/i);
    },
  );
});

describe("the header's highlighted section", () => {
  it.each([
    ["/material/copper", "Scrap Metal Prices"],
    ["/scrap-yard/1", "Scrap Yards"],
    ["/za/johannesburg/scrap-yards", "Scrap Yards"],
    ["/za/johannesburg", "Cities"],
  ])("%s highlights %s", async (path, label) => {
    const page = await open(path, "desktop");
    const nav = page.getByRole("navigation", { name: /main/i });
    await expect.poll(() => nav.locator('[aria-current="page"]').allInnerTexts()).toEqual([label]);
  });
});
