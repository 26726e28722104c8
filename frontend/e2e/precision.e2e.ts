import { describe, expect, inject, it } from "vitest";
import { browserPages } from "./browser";

// global-setup imports Sheffield's steel at £120.00/t yesterday and £128.50/t today.
const open = browserPages(inject("baseURL"));

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
