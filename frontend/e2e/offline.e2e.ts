import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot } from "./browser";

// Outages as a person meets them: the browser offline, the API away, a page's code that does not
// arrive. Each test reads what is on the screen, not what the app keeps inside.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

/** A page opened with the service worker allowed, once the worker controls it. */
async function openWithWorker(path: string): Promise<Page> {
  const page = await open(path, "desktop", "allow");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return page;
}

/** The link of an address's "All your alerts" page, made by the app's own code as its alert mail has it. */
function manageLink(email: string): string {
  const python = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "python");
  const script = [
    "import datetime as dt, sys",
    "from scrapindex.alerts.links import manage_url",
    "from scrapindex.settings import Settings",
    "print(manage_url(Settings(), sys.argv[1], dt.datetime.now(dt.UTC)))",
  ].join("\n");
  const env = { ...process.env, DATA_DIR: dirname(inject("databasePath")), DATABASE_URL: "" };
  const url = new URL(execFileSync(python, ["-c", script, email], { env, encoding: "utf8" }).trim());
  return url.pathname + url.search;
}

/** The path and query of every copy in the page's Cache Storage. */
function savedCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        found.push(url.pathname + url.search);
      }
    }
    return found;
  });
}

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /offline|can't be reached|saved/ });
const headerLink = (page: Page, name: string) => page.getByRole("banner").getByRole("link", { name, exact: true });
/** Today as the notice writes a copy's date: "Nov 28, 2026". */
const today = () =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

describe("offline, with the service worker", () => {
  it("shows a page never seen as unavailable offline, under its own address, and Try again loads it", async () => {
    const page = await openWithWorker("/");
    await page.context().setOffline(true);
    await page.goto("/gb/london", { waitUntil: "domcontentloaded" });
    await page.getByRole("heading", { level: 1, name: "This page is unavailable offline" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/gb/london");
    await expect(page.getByRole("heading", { name: /Scrap Metal Prices/ }).count()).resolves.toBe(0); // not Home
    await screenshot(page, "offline-unseen-page");

    await page.context().setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "London Scrap Metal Prices" }).waitFor();
  });

  it("shows a page seen before with the date of its saved copy, and says the browser is offline", async () => {
    const page = await openWithWorker("/za/durban");
    await page.reload({ waitUntil: "networkidle" }); // seen once through the worker: a copy is kept
    await page.context().setOffline(true);
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.getByRole("heading", { level: 1, name: "Durban Scrap Metal Prices" }).waitFor();
    await expect.poll(() => notice(page).textContent()).toContain("You're offline.");
    expect(await notice(page).textContent()).toContain(`Shown from a copy saved on ${today()}.`);
    await screenshot(page, "offline-saved-copy");
  });

  it("keeps no copy of a page opened from a mail's link (no-store): its token and address stay off the device", async () => {
    const page = await openWithWorker("/");
    const manage = manageLink("offline-copies@example.org");
    await page.goto(manage, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Your price alerts" }).waitFor();
    // A page visited after it is kept: by then the worker has kept whatever it keeps.
    await page.goto("/za/durban", { waitUntil: "networkidle" });
    await expect.poll(() => savedCopies(page)).toContain("/za/durban");
    expect((await savedCopies(page)).filter((path) => path.startsWith("/alerts/"))).toEqual([]);

    await page.context().setOffline(true);
    await page.goto(manage, { waitUntil: "domcontentloaded" });
    await page.getByRole("heading", { level: 1, name: "This page is unavailable offline" }).waitFor();
    expect(await page.content()).not.toContain("offline-copies@example.org");
  });

  it("offers Try again in the page's place when a link leads to a page whose code was never downloaded", async () => {
    const page = await openWithWorker("/za/durban");
    await page.context().setOffline(true);
    await headerLink(page, "About").click();
    const alert = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("You're offline. Connect to the internet and try again.");
    await expect.poll(() => notice(page).textContent()).toContain("You're offline.");
    expect(await page.getByRole("banner").isVisible()).toBe(true); // never a blank page
    await screenshot(page, "offline-page-code-missing");

    await page.context().setOffline(false);
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "About ScrapIndex" }).waitFor();
    await expect.poll(() => notice(page).count()).toBe(0);
  });
});

describe("the server away, or the network dropping, without a service worker", () => {
  it("says a page's code could not be downloaded, and Try again downloads it", async () => {
    const page = await open("/");
    await page.route("**/assets/**", (route) => route.abort());
    await headerLink(page, "About").click();
    const alert = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      "ScrapIndex could not be reached. Check your connection and try again.",
    );
    await page.unroute("**/assets/**");
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "About ScrapIndex" }).waitFor();
  });

  it("says the site cannot be reached when the API does not answer, until it does", async () => {
    const page = await open("/about");
    await page.route("**/api/**", (route) => route.abort());
    await headerLink(page, "Scrap Yards").click();
    await page.getByRole("heading", { level: 1, name: "Global Scrap Yard Directory" }).waitFor();
    const alert = page.getByRole("alert").filter({ hasText: "could not be reached" });
    await alert.waitFor();
    await expect.poll(() => notice(page).textContent()).toContain("ScrapIndex can't be reached right now.");
    await screenshot(page, "offline-api-away");

    await page.unroute("**/api/**");
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("link", { name: "View Details" }).first().waitFor();
    await expect.poll(() => notice(page).count()).toBe(0);
  });

  it("does not leave the yard directory dimmed when new filters cannot be fetched offline", async () => {
    const page = await open("/scrap-yards");
    await page.context().setOffline(true);
    await page.getByRole("combobox", { name: "Status" }).selectOption("open");
    const alert = page.getByRole("alert").filter({ hasText: "You're offline" });
    await alert.waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    await screenshot(page, "offline-directory");

    // Still offline: asked again, and failed again (the last results are dimmed while it is asked).
    const retried = page.waitForEvent("requestfailed", (request) => request.url().includes("/api/scrap-yards?"));
    await alert.getByRole("button", { name: "Try again" }).click();
    await retried;
    await alert.waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

    // Back online, the failed list is asked for again by itself (TanStack's refetch on reconnect).
    await page.context().setOffline(false);
    const settled = async () =>
      (await page.getByRole("link", { name: "View Details" }).count()) > 0 &&
      (await page.locator('[aria-busy="true"]').count()) === 0; // the new results, not the dimmed old ones
    await expect.poll(settled, { timeout: 10_000 }).toBe(true);
    expect(await alert.count()).toBe(0);
  });
});
