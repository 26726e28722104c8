import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newContext } from "./browser";

// The map pages offline (no request may leave the machine: browser.ts aborts them): every tile
// comes from our own /tiles/, which answers the plain placeholder when the tile server cannot be
// reached, so the pages log no console error and no failed request (Lighthouse's best
// practices count both).
const baseURL = inject("baseURL");
const MAP_PAGES = {
  city: "/za/johannesburg",
  "city yards": "/za/johannesburg/scrap-yards",
};

type Seen = { consoleErrors: string[]; failed: string[]; tiles: { url: string; kind: string | undefined }[] };

let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(path: string, before?: (page: Page) => Promise<void>): Promise<{ page: Page; seen: Seen }> {
  if (!browser) throw new Error("the browser has not started");
  const context = await newContext(browser, baseURL, "phone");
  const page = await context.newPage();
  const seen: Seen = { consoleErrors: [], failed: [], tiles: [] };
  page.on("console", (message) => {
    if (message.type() === "error") seen.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => seen.consoleErrors.push(error.message));
  page.on("requestfailed", (request) => {
    // Leaflet drops the tiles of a zoom it leaves (fitBounds): cancelled, not failed, no error.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") seen.failed.push(request.url());
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/tiles/")) {
      seen.tiles.push({ url: response.url(), kind: response.headers()["x-tile"] });
    }
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await before?.(page);
  // A yard map loads when it nears the screen, as a reader scrolls to it.
  const yardMap = page.getByTestId("yard-map").first();
  if ((await yardMap.count()) > 0) await yardMap.scrollIntoViewIfNeeded();
  await page.locator(".leaflet-tile-loaded").first().waitFor();
  await page.waitForLoadState("networkidle");
  return { page, seen };
}

function expectQuietMap(seen: Seen): void {
  expect(seen.consoleErrors).toEqual([]);
  expect(seen.failed).toEqual([]);
  expect(seen.tiles.length).toBeGreaterThan(0);
  for (const tile of seen.tiles) {
    expect(tile.url.startsWith(`${baseURL}/tiles/`)).toBe(true);
    expect(tile.kind).toBe("placeholder"); // offline: the tile server cannot be reached
  }
}

describe("map pages offline", () => {
  it.each(Object.entries(MAP_PAGES))(
    "%s shows placeholder tiles from our origin and logs no error",
    async (_, path) => {
      const { page, seen } = await visit(path);
      expectQuietMap(seen);
      const sources = await page
        .locator(".leaflet-tile")
        .evaluateAll((tiles) => tiles.map((t) => t.getAttribute("src")));
      expect(sources.every((src) => src?.startsWith("/tiles/"))).toBe(true);
      await page.context().close();
    },
  );

  it("on a phone, the city page fetches no map code until its map nears the screen", async () => {
    if (!browser) throw new Error("the browser has not started");
    const context = await newContext(browser, baseURL, "phone");
    const page = await context.newPage();
    const mapCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/leaflet-map-[^/]*\.js$/.test(new URL(request.url()).pathname)) mapCode.push(request.url());
    });
    await page.goto(MAP_PAGES.city, { waitUntil: "networkidle" });
    await page.getByRole("region", { name: /Map of top rated scrap yards/ }).waitFor(); // in the page, below the table
    expect(await page.locator(".leaflet-container").count()).toBe(0);
    expect(mapCode).toEqual([]);

    await page.getByTestId("yard-map").scrollIntoViewIfNeeded();
    await page.locator(".leaflet-marker-icon").first().waitFor();
    expect(mapCode.length).toBeGreaterThan(0); // Leaflet and our map module, fetched now
    await context.close();
  });

  it("the directory's map view shows placeholder tiles from our origin and logs no error", async () => {
    const { page, seen } = await visit("/scrap-yards", (page) => page.getByRole("tab", { name: /Map View/ }).click());
    expectQuietMap(seen);
    await page.context().close();
  });

  it("yard detail shows placeholder tiles from our origin and logs no error", async () => {
    const { page: list } = await visit(MAP_PAGES["city yards"]);
    const href = await list.locator('a[href^="/scrap-yard/"]').first().getAttribute("href");
    await list.context().close();
    expect(href).toBeTruthy();
    const { page, seen } = await visit(href ?? "");
    expectQuietMap(seen);
    await page.context().close();
  });
});
