import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages } from "./browser";

// The server embeds the API answers a page's first render needs: the browser must not ask again.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(url.pathname + url.search);
  });
  return seen;
}

async function openRecording(path: string): Promise<{ page: Page; requests: string[] }> {
  const page = await open("/about"); // any page, to get a context; then record the real visit
  const requests = apiRequests(page);
  await page.goto(path, { waitUntil: "networkidle" });
  return { page, requests };
}

describe("first load with embedded data", () => {
  it("renders a city page without asking the API for its data", async () => {
    const { page, requests } = await openRecording("/za/johannesburg");
    await page.getByRole("heading", { name: "Johannesburg Scrap Metal Prices" }).waitFor();
    await page.getByRole("table").first().locator("tbody tr").first().waitFor();
    // The 30-day sparklines are drawn after the page, on purpose: nothing else may be asked for.
    const afterRender = requests.filter((path) => path !== "/api/cities/johannesburg/sparklines");
    expect(afterRender, requests.join(" ")).toEqual([]);
  });

  it("renders the directory and its city choices from the embedded data", async () => {
    const { page, requests } = await openRecording("/scrap-yards");
    await page.getByRole("heading", { name: "Global Scrap Yard Directory" }).waitFor();
    await page.getByRole("link", { name: "View Details" }).first().waitFor();
    const city = page.getByRole("combobox", { name: "City", exact: true });
    await city.getByRole("option", { name: "Johannesburg", exact: true }).waitFor({ state: "attached" });
    expect(requests, requests.join(" ")).toEqual([]);
  });

  it("shows a missing city's not-found screen without asking the API again", async () => {
    const { page, requests } = await openRecording("/za/atlantis");
    await page.getByRole("heading", { name: "City Not Found" }).waitFor();
    expect(requests, requests.join(" ")).toEqual([]);
  });

  it("renders a yard and its city's prices from the embedded data", async () => {
    const { page, requests } = await openRecording("/scrap-yard/1");
    await page.getByText("Services & Features").waitFor();
    expect(requests.filter((r) => r.startsWith("/api/scrap-yards/1") || r.includes("/prices"))).toEqual([]);
  });

  it("answers unknown pages with a real 404 and still shows the app's not-found screen", async () => {
    const page = await open("/about");
    const response = await page.goto("/no-such-page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  });
});

describe("service worker", () => {
  it("installs, takes over, and shows a page seen before when the network is gone", async () => {
    const page = await open("/za/durban", "desktop", "allow");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.reload({ waitUntil: "networkidle" }); // seen once through the worker
    await page.context().setOffline(true);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.getByRole("heading", { name: "Durban Scrap Metal Prices" }).waitFor();
  });
});
