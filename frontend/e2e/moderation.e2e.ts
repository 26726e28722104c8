import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase, screenshot, seriousViolations } from "./browser";

// The loop of issue 17 in a real browser: a seller reports a price on a city page, a moderator
// made with the real command logs in at /admin and approves it, and the material page then shows
// the report summary. Nothing is public before the approval.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

const CLI = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "scrapindex");
const MODERATOR = { email: "moderator@example.com", password: "a long moderator password" };
const ADMIN = { email: "admin@example.com", password: "a long admin password" };
const MATERIAL = { slug: "bare-bright-copper", name: "Bare Bright Copper" };
const SUMMARY = /^Reported by 1 seller in the last 14 days: median R\d[\d,]*\.\d{2}\/kg$/;

type Account = { email: string; password: string };

function createAccount(account: Account, role: "admin" | "moderator"): void {
  const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
  const args = ["users", "create", "--email", account.email, "--role", role, "--password-stdin"];
  execFileSync(CLI, args, { env, input: `${account.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
}

async function reportPrice(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Report a price you were paid" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Material").selectOption(MATERIAL.slug);
  await dialog.getByLabel("Price paid").fill("150");
  await dialog.getByLabel("Unit").selectOption("kg");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await dialog.getByText(/Thank you/).waitFor();
}

async function logIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

const summaryOf = (page: Page) => page.getByText(/^Reported by /);

describe("price reports, moderated", () => {
  it("shows a seller's report on the material page once a moderator approves it", async () => {
    const city = await open("/za/johannesburg");
    await reportPrice(city);
    const stored = queryDatabase(databasePath, "select status from price_reports");
    expect(stored).toContain("pending");

    const before = await open(`/material/${MATERIAL.slug}?city=johannesburg`);
    await before.getByRole("button", { name: "Report a price you were paid" }).waitFor();
    expect(await summaryOf(before).count()).toBe(0);

    createAccount(MODERATOR, "moderator");
    const console = await open("/admin");
    await console.getByRole("heading", { name: "Operator login" }).waitFor();
    expect(await seriousViolations(console)).toEqual([]);
    await logIn(console, MODERATOR);
    await console.getByRole("link", { name: /Price reports waiting/ }).click();
    const card = console.getByRole("article").filter({ hasText: `${MATERIAL.name} in Johannesburg` });
    await card.waitFor();
    expect(await seriousViolations(console)).toEqual([]);
    await screenshot(console, "admin-queue");
    await card.getByRole("button", { name: "Approve", exact: true }).click();
    await console.getByText("Nothing waiting. Well done.").waitFor();
    expect(queryDatabase(databasePath, "select status from price_reports")).toContain("approved");
    expect(queryDatabase(databasePath, "select action from audit_log")).toContain("price-report.approve");

    const after = await open(`/material/${MATERIAL.slug}?city=johannesburg`);
    await expect.poll(() => summaryOf(after).first().innerText()).toMatch(SUMMARY);
  });

  it("gives an admin every screen of the console, each free of serious axe violations", async () => {
    createAccount(ADMIN, "admin");
    const page = await open("/admin");
    await logIn(page, ADMIN);
    const screens: [string, string][] = [
      ["Moderation", "Price reports"],
      ["Inbox", "Inbox"],
      ["Subscribers", "Newsletter subscribers"],
      ["Imports", "Import runs"],
      ["Data check", "Data check"],
      ["Audit log", "Audit log"],
      ["Users", "Users"],
    ];
    for (const [screen, heading] of screens) {
      await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: screen }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), screen).toEqual([]);
    }
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await page.getByRole("heading", { name: "Operator login" }).waitFor();
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  });

  it("keeps the console out of search engines and away from visitors without a login", async () => {
    const page = await open("/admin/inbox");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
    await page.getByRole("heading", { name: "Operator login" }).waitFor();
    const answer = await page.request.get("/api/admin/contact-messages");
    expect(answer.status()).toBe(401);
  });
});
