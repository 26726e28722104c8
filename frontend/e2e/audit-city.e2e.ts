import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase, screenshot, seriousViolations } from "./browser";

const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

/** A demo yard with no weekly hours and no hours text (the generator leaves ~2% so), if any. */
function yardWithUnknownHours(): { id: number; phone: string | null } | null {
  const answer = queryDatabase(
    databasePath,
    "select id, phone from scrap_yards where weekly_hours = '[]' and coalesce(opening_hours_text, '') = '' " +
      "order by phone is null, id limit 1",
  ).trim();
  const match = /^\[\((\d+), (?:'([^']*)'|None)\)\]$/.exec(answer);
  return match ? { id: Number(match[1]), phone: match[2] ?? null } : null;
}

describe.each(["desktop", "phone"] as const)("the city page's audit fixes at %s width", (viewport) => {
  it("shows #1 Copper's price with its kind, and the real update time in SAST", async () => {
    const page = await open("/za/johannesburg", viewport);
    const card = page.locator("dl > div", { has: page.locator("dt", { hasText: /^#1 Copper$/ }) });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/R[\d,]+\.\d{2}\s+per kg/);
    expect(text).toMatch(/Estimate|Demo data|Price feed|Manual price|User reports/);
    expect(await page.getByText("Average Price").count()).toBe(0);

    // The API's #1 Copper row and the card agree.
    const overview = await (await page.request.get(`${baseURL}/api/cities/johannesburg/overview`)).json();
    expect(overview.copperMaterialSlug).toBe("copper-1");
    const price = Number(overview.copperPrice).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(text).toContain(`R${price}`);

    // Written when the e2e data was made, not midnight of the price day; South Africa's own abbreviation.
    const updated = page.locator("time").first();
    expect(await updated.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M SAST$/);
    const written = new Date(overview.lastUpdated);
    expect(written.toISOString()).not.toMatch(/T00:00:00\.000Z$/);
    expect(Date.now() - written.getTime()).toBeLessThan(24 * 60 * 60 * 1000);

    await screenshot(page, `audit-city-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("sorts the materials A to Z on the first click of Material", async () => {
    const page = await open("/za/johannesburg", viewport);
    const table = page.getByRole("table");
    await table.getByRole("button", { name: /^Material/ }).click();
    const names = await table.getByRole("rowheader").locator("a").allInnerTexts();
    expect(names.length).toBeGreaterThan(2);
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it("says a yard's unknown hours are unknown, with the number to call", async () => {
    const yard = yardWithUnknownHours();
    if (!yard) return; // this demo happened to give every yard hours
    const page = await open(`/scrap-yard/${yard.id}`, viewport);
    await page.getByText("Hours unknown — call ahead").waitFor();
    expect(await page.getByText(/Monday - Friday/).count()).toBe(0);
    if (yard.phone) {
      const call = page.getByRole("link", { name: `Call ${yard.phone}` });
      expect(await call.getAttribute("href")).toMatch(/^tel:\+?\d+$/);
    }
    await screenshot(page, `audit-yard-unknown-hours-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
