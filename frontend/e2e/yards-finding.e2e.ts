import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages } from "./browser";

// Finding a yard as a visitor does (issue 37): its two Directions buttons go to one place, a
// closed yard says when it opens, Yards Near Me measures in the unit of its distances, and a
// city's yards page has that city chosen.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

const yardItem = (page: Page, name: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });

describe("finding yards", () => {
  it("sends a yard's Directions in the list and on its page to the same place", async () => {
    const page = await open("/za/johannesburg/scrap-yards");
    const name = await page.locator("#main-content h3").first().innerText();
    const listed = await yardItem(page, name)
      .getByRole("link", { name: /^Directions/ })
      .getAttribute("href");
    await page.locator("#main-content h3").first().getByRole("link").click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const onPage = await page.getByRole("link", { name: /Get Directions/ }).getAttribute("href");
    expect(listed).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    expect(onPage).toBe(listed);
  });

  it("says beside Closed when each closed yard opens next, and its page says the same", async () => {
    const page = await open("/scrap-yards?status=closed");
    const titles = page.locator("#main-content h3");
    await titles.first().waitFor();
    const opensNext =
      /Opens (?:(tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) )?(\d{1,2}:\d{2} [AP]M)/;
    const said: { name: string; text: string }[] = [];
    for (const title of await titles.all()) {
      const row = (await title.locator("xpath=..").innerText()).replace(/\s+/g, " ");
      if (!/\bClosed\b/.test(row)) continue; // hours unknown
      const text = row.match(opensNext)?.[0];
      expect(text, row).toBeDefined();
      said.push({ name: await title.innerText(), text: text as string });
    }
    expect(said.length).toBeGreaterThan(0);

    const first = said[0] as { name: string; text: string };
    await page.getByRole("link", { name: `View Details for ${first.name}` }).click();
    await page.getByRole("heading", { level: 1, name: first.name }).waitFor();
    const header = (await page.locator("#main-content").innerText()).replace(/\s+/g, " ");
    expect(header).toContain(first.text);
    // The time it names is one at which the yard's listed hours begin.
    const [, day, time] = first.text.match(opensNext) as RegExpMatchArray;
    const hours = (
      await page
        .getByRole("heading", { level: 2, name: "Opening Hours" })
        .locator("xpath=ancestor::*[contains(@class,'rounded-lg')][1]")
        .innerText()
    ).replace(/\s+/g, " ");
    expect(hours).toContain(`${time} -`);
    if (day && day !== "tomorrow") expect(hours).toMatch(new RegExp(`${day}:? ${time} -`));
  });

  it("has the city chosen on a US city's yards page, and its radius and distances in miles", async () => {
    const page = await open("/us/new-york/scrap-yards");
    const place = page.getByLabel("Or pick a place");
    expect(await place.locator("option:checked").innerText()).toBe("New York (United States)");
    const within = page.getByLabel("Within");
    const choices = await within.locator("option").allInnerTexts();
    expect(choices.every((choice) => /^\d+ mi$/.test(choice))).toBe(true);
    await within.selectOption({ label: choices[choices.length - 1] as string });
    const summary = page.getByTestId("near-summary");
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(
      new RegExp(`within ${choices[choices.length - 1]} of New York city centre, nearest first`),
    );
    const distances = await page
      .getByRole("list", { name: "Nearest scrap yards" })
      .getByTestId("distance")
      .allInnerTexts();
    expect(distances.length).toBeGreaterThan(0);
    expect(distances.every((distance) => distance.endsWith(" mi"))).toBe(true);
  });

  it("keeps km for a city whose distances read in km", async () => {
    const page = await open("/za/johannesburg/scrap-yards");
    expect(await page.getByLabel("Or pick a place").locator("option:checked").innerText()).toBe(
      "Johannesburg (South Africa)",
    );
    const choices = await page.getByLabel("Within").locator("option").allInnerTexts();
    expect(choices.every((choice) => /^\d+ km$/.test(choice))).toBe(true);
  });
});
