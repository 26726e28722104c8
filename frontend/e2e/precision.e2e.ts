import { describe, expect, inject, it } from "vitest";
import { browserPages } from "./browser";

// global-setup imports Sheffield's steel at £120.00/t yesterday and £128.50/t today.
const baseURL = inject("baseURL");
const open = browserPages(baseURL);

describe("a price quoted per tonne", () => {
  it("reads £128.50 per tonne on the city page, with a change that agrees with it", async () => {
    const page = await open("/gb/sheffield");
    await page.getByRole("radio", { name: "per tonne" }).first().check({ force: true });
    // The row whose header names Steel itself, not Stainless Steel (whose category is Steel).
    const steel = page.getByRole("rowheader", { name: /^Steel\b/ });
    const row = page.getByRole("row").filter({ has: steel });
    await expect.poll(() => row.innerText()).toContain("£128.50");
    const text = await row.innerText();
    expect(text).not.toContain("£130.00");
    expect(text).toContain("7.1%"); // (128.50 − 120.00) / 120.00, from the full values
  });
});

describe("the same price in the chart and the CSV", () => {
  it("reads £128.50 per tonne in the chart's data table, and 0.1285 a kg with its source in the CSV", async () => {
    const page = await open("/material/steel?city=sheffield");
    await page.getByRole("radio", { name: "per tonne" }).first().check({ force: true });
    const chart = page.getByRole("img", { name: /^Steel price trend in Sheffield .*GBP per tonne/ });
    await chart.waitFor({ timeout: 15_000 });
    await page.getByText("Show data table").click();
    const table = page.getByRole("table", { name: /^Steel price trend in Sheffield/ });
    await expect.poll(() => table.innerText()).toContain("£128.50");
    const shown = await table.innerText();
    expect(shown).toContain("£120.00");
    expect(shown).not.toContain("£130.00");

    const href = (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "";
    expect(href).toContain("citySlug=sheffield");
    const csv = await (await page.request.get(new URL(href, baseURL).href)).text();
    const fed = csv.split("\r\n").filter((line) => line.endsWith(",feed,Sheffield Steel Desk"));
    expect(fed.map((line) => line.split(",").slice(1, 4).join(","))).toEqual(["0.1200,GBP,kg", "0.1285,GBP,kg"]);
  });
});
