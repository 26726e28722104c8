import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot, seriousViolations } from "./browser";

// Issue 39 in a real browser: an admin makes an API key in the console, sees it once, the key
// works on the bulk API (with its RateLimit fields), and the key's use shows in the console.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

const CLI = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "scrapindex");
const ADMIN = { email: "api-keys-admin@example.com", password: "a long console password" };

function createAdmin(): void {
  const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
  const args = ["users", "create", "--email", ADMIN.email, "--role", "admin", "--password-stdin"];
  execFileSync(CLI, args, { env, input: `${ADMIN.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
}

async function logIn(page: Page): Promise<void> {
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

describe("API keys in the console", () => {
  it("makes a key shown once, which the bulk API takes and the console counts", async () => {
    createAdmin();
    const page = await open("/admin");
    await logIn(page);
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByLabel("For (client's name)").fill("Browser Test Metals");
    await page.getByLabel("Requests per day").fill("50");
    await page.getByRole("button", { name: "Make key" }).click();
    const shown = page.getByRole("region", { name: "New API key" });
    const secret = (await shown.locator("code").innerText()).trim();
    expect(secret).toMatch(/^sk_live_[0-9a-f]{8}_[\w-]{43}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "api-keys-made");

    const answer = await page.request.get("/api/bulk/countries/za/prices?pageSize=3", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["ratelimit-remaining"]).toBe("49");
    expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(3);

    await shown.getByRole("button", { name: "I have copied it" }).click();
    expect(await page.getByText(secret).count()).toBe(0); // never shown again
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "Browser Test Metals" });
    await row.getByRole("button", { name: /^Use per day of/ }).click();
    const usage = page.getByRole("table", { name: /^Requests per UTC day/ });
    await usage.waitFor();
    expect(await usage.getByRole("row").nth(1).innerText()).toMatch(/^\d{4}-\d{2}-\d{2}\s+1\s+0$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "api-keys-usage");
  });
});
