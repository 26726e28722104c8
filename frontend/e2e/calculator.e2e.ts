import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot, seriousViolations } from "./browser";

// "What is my scrap worth, and where should I sell it" (issue 38): a seller lists what they have
// on a phone and sees the nearby yards ranked by take-home; the URL carries the list, so the same
// link opened fresh gives the same answer; axe finds nothing serious, and the keyboard alone works
// it. Johannesburg's demo prices and yards, as the e2e server seeds them.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);
const NOTES_SCREENS = "/work/notes/screens";

const LIST = "city=johannesburg&item=insulated-copper-wire:5:kg&item=copper-1:12:kg&item=catalytic-converters:2:piece";

const item = (page: Page, n: number): Locator => page.getByRole("group", { name: `Item ${n}` });
const money = (text: string): number => Number(text.replace(/[^\d.-]/g, ""));

async function fillItem(page: Page, n: number, material: string, amount: string): Promise<void> {
  await item(page, n).getByLabel("Material").selectOption({ label: material });
  await item(page, n).getByLabel("Amount").fill(amount);
}

async function chooseCity(page: Page, typed: string, name: string): Promise<void> {
  const box = page.getByRole("combobox", { name: "Your city" });
  await box.fill(typed);
  await page.getByRole("option", { name }).click();
  expect(await box.inputValue()).toBe(name);
}

/** What the answer says: its total, and the ranked yards' names and take-homes, in order. */
async function answerOf(page: Page): Promise<{ total: string; yards: string[] }> {
  const total = await page.getByTestId("calculator-total").locator("strong").innerText();
  const yards = await page.getByTestId("ranked-yard").evaluateAll((rows) =>
    rows.map((row) => {
      const name = row.querySelector("a")?.textContent ?? "";
      const net = row.querySelector("[data-net]")?.textContent ?? "";
      return `${name} ${net}`;
    }),
  );
  return { total, yards };
}

describe("the calculator", () => {
  it("on a phone: a seller lists what they have and sees the yards ranked by take-home", async () => {
    const page = await open("/calculator", "phone");
    await page.getByRole("heading", { level: 1, name: "What Is My Scrap Worth?" }).waitFor();
    await expect(page.getByText("Nothing listed yet").isVisible()).resolves.toBe(true);

    await fillItem(page, 1, "Insulated Copper Wire", "5");
    await page.getByRole("button", { name: "Add another item" }).click();
    await fillItem(page, 2, "#1 Copper", "12");
    await page.getByRole("button", { name: "Add another item" }).click();
    await fillItem(page, 3, "Catalytic Converters", "2");
    // Sold by the piece: pieces are the only unit offered.
    await expect(item(page, 3).getByLabel("Unit").locator("option").allInnerTexts()).resolves.toEqual(["pieces"]);
    await chooseCity(page, "johann", "Johannesburg, South Africa");
    await page.getByRole("button", { name: "Work it out" }).click();

    const ranking = page.getByRole("list", { name: "Nearby yards, best take-home first" });
    await ranking.waitFor();
    // The list is the URL's, in the order given.
    expect(new URL(page.url()).search).toBe(`?${LIST}`);

    // The total is the sum of the lines' values, and the API's own figure.
    const values = await page.getByTestId("answer-line").locator("td:last-child").allInnerTexts();
    expect(values).toHaveLength(3);
    const total = await page.getByTestId("calculator-total").locator("strong").innerText();
    expect(money(total)).toBeCloseTo(
      values.map(money).reduce((a, b) => a + b, 0),
      2,
    );
    const api = await (await page.request.get(`/api/calculator?${LIST}`)).json();
    expect(money(total)).toBe(Number(api.total));
    // Each line says what kind of price it is, and the insulated wire a "how to tell".
    const lines = await page.getByTestId("answer-line").allInnerTexts();
    expect(lines.every((line) => /Demo data|Estimate|Price feed|Manual price|User reports/.test(line))).toBe(true);
    await expect(item(page, 1).getByText("How to tell:").isVisible()).resolves.toBe(true);

    // The yards: best take-home first, each with its trip taken off and open or closed said.
    const cards = ranking.getByTestId("ranked-yard");
    expect(await cards.count()).toBeGreaterThan(1);
    const nets = (await cards.locator("[data-net]").allInnerTexts()).map(money);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    expect(nets).toEqual(api.yards.map((yard: { net: string }) => Number(yard.net)));
    const first = await cards.first().innerText();
    expect(first).toMatch(/Open|Closed|Hours unknown/);
    expect(first).toMatch(/Trip cost\s*−R[\d,]+\.\d\d/);
    // A tip worked out from this list: stripping the wire.
    await expect(page.getByTestId("calculator-tip").first().innerText()).resolves.toMatch(
      /Stripping your insulated copper wire would pay about R[\d,.]+ more/,
    );
    // Nothing runs off the side of a phone's screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "calculator-phone");
    mkdirSync(NOTES_SCREENS, { recursive: true });
    await page.screenshot({ path: `${NOTES_SCREENS}/calculator-phone.png`, fullPage: true });
    // One screen each of the answer's worth and of its ranking, as a phone shows them.
    for (const [heading, name] of [
      ["What it's worth in Johannesburg", "calculator-phone-answer"],
      ["Where to sell it", "calculator-phone-ranking"],
    ]) {
      await page.getByRole("heading", { name: heading }).evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: `${NOTES_SCREENS}/${name}.png` });
    }
  });

  it("shares the list in its URL: opened fresh, on a wide screen, the same answer in a table", async () => {
    const phone = await open(`/calculator?${LIST}`, "phone");
    await phone.getByRole("list", { name: "Nearby yards, best take-home first" }).waitFor();
    const onPhone = await answerOf(phone);

    const desktop = await open(`/calculator?${LIST}`, "desktop");
    const table = desktop.getByRole("table", { name: "Nearby yards, best take-home first" });
    await table.waitFor();
    expect(await answerOf(desktop)).toEqual(onPhone);
    // The form holds the list, to change it.
    await expect(item(desktop, 2).getByLabel("Material").inputValue()).resolves.toBe("copper-1");
    await expect(item(desktop, 2).getByLabel("Amount").inputValue()).resolves.toBe("12");
    expect(await seriousViolations(desktop)).toEqual([]);
    await screenshot(desktop, "calculator-desktop");
  });

  it("renders a shared list from the answer the server embedded, asking the API nothing", async () => {
    const page = await open("/about");
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    });
    await page.goto(`/calculator?${LIST}`, { waitUntil: "networkidle" });
    await page.getByRole("table", { name: "Nearby yards, best take-home first" }).waitFor();
    expect(asked).toEqual([]);
  });

  it("steps back to the list before, answer and all", async () => {
    const page = await open(`/calculator?${LIST}`, "desktop");
    await page.getByRole("table", { name: "Nearby yards, best take-home first" }).waitFor();
    const before = await answerOf(page);
    await item(page, 2).getByLabel("Amount").fill("40");
    await page.getByRole("button", { name: "Work it out" }).click();
    await page.waitForURL(/copper-1:40:kg/);
    await expect.poll(async () => (await answerOf(page)).total).not.toBe(before.total);
    await page.goBack();
    await page.waitForURL(/copper-1:12:kg/);
    await expect.poll(async () => (await answerOf(page)).total).toBe(before.total);
    await expect(item(page, 2).getByLabel("Amount").inputValue()).resolves.toBe("12");
  });

  it("is worked with the keyboard alone, and says the total when it comes", async () => {
    const page = await open("/calculator", "desktop");
    await item(page, 1).getByLabel("Material").focus();
    await page.keyboard.type("#1 C");
    await expect(item(page, 1).getByLabel("Material").inputValue()).resolves.toBe("copper-1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab"); // the unit
    await page.keyboard.press("Tab"); // Add another item
    await page.keyboard.press("Tab"); // the city
    await expect(
      page.getByRole("combobox", { name: "Your city" }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.type("Durb");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("combobox", { name: "Your city" }).inputValue()).resolves.toBe("Durban, South Africa");
    // On to the button, past "Use my location" and the trip's fields, and press it.
    await page.getByRole("button", { name: "Work it out" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("table", { name: "Nearby yards, best take-home first" }).waitFor();
    expect(new URL(page.url()).search).toBe("?city=durban&item=copper-1:3:kg");
    // The total is in a live region; focus is on the answer, ready to read on.
    const live = page.getByTestId("calculator-total");
    await expect(live.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(live.innerText()).resolves.toMatch(/^Total at Durban's prices: R[\d,]+\.\d\d/);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Your answer");
    // A bad amount is said beside its field and the field gets focus.
    await item(page, 1).getByLabel("Amount").fill("0");
    await page.getByRole("button", { name: "Work it out" }).focus();
    await page.keyboard.press("Enter");
    const amount = item(page, 1).getByLabel("Amount");
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(amount.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(item(page, 1).innerText()).resolves.toContain("Enter an amount above 0.");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("ranks from the visitor's location, which stays out of the URL", async () => {
    const page = await open("/calculator?item=copper-1:12:kg", "phone");
    await page.context().grantPermissions(["geolocation"], { origin: baseURL });
    await page.context().setGeolocation({ latitude: -26.1, longitude: 28.05 });
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.getByRole("list", { name: "Nearby yards, best take-home first" }).waitFor();
    await expect(page.getByText(/less the trip there and back from your location/).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("calculator-total").innerText()).resolves.toMatch(/Johannesburg's prices/);
    expect(page.url()).not.toMatch(/near|26\.1/);
  });

  it("prints the figures and the list's link, without the site's header and the form", async () => {
    const page = await open(`/calculator?${LIST}`, "desktop");
    await page.getByRole("table", { name: "Nearby yards, best take-home first" }).waitFor();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner").isVisible()).resolves.toBe(false);
    await expect(page.getByRole("form", { name: "Your scrap" }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole("button", { name: "Print" }).isVisible()).resolves.toBe(false);
    await expect(page.getByTestId("calculator-total").isVisible()).resolves.toBe(true);
    const link = page.getByText("This list online:");
    await expect(link.isVisible()).resolves.toBe(true);
    await expect(link.innerText()).resolves.toContain(`${baseURL}/calculator?${LIST}`);
  });
});
