import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, screenshot, VIEWPORTS } from "./browser";

// The operator console as read on a phone and in the queue: no screen wider than the phone, and
// a report card whose dates say which calendar and which clock they are in.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

const CLI = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "scrapindex");
const ADMIN = { email: "console-admin@example.com", password: "a long console password" };
const MATERIAL = { slug: "bare-bright-copper", name: "Bare Bright Copper" };
/** "Nov 27, 2026, 11:00 AM NZDT": the one way the console says a moment. */
const AUCKLAND_MOMENT = /^([A-Z][a-z]{2} \d{1,2}, \d{4}), \d{1,2}:\d{2} [AP]M NZ[DS]T$/;

let created = false;
function createAdmin(): void {
  if (created) return;
  const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
  const args = ["users", "create", "--email", ADMIN.email, "--role", "admin", "--password-stdin"];
  execFileSync(CLI, args, { env, input: `${ADMIN.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
  created = true;
}

async function logIn(page: Page): Promise<void> {
  createAdmin();
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}

/** A seller's report from Auckland, dated (by default) today in Auckland. */
async function reportFromAuckland(page: Page, note: string): Promise<void> {
  const body = { materialSlug: MATERIAL.slug, citySlug: "auckland", price: 9.5, unit: "kg", note, website: "" };
  const answer = await page.request.post("/api/price-reports", { data: body });
  expect(answer.status(), await answer.text()).toBe(202);
}

const reportCard = (page: Page, note: string) =>
  page
    .getByRole("article")
    .filter({ hasText: `${MATERIAL.name} in Auckland` })
    .filter({ hasText: note });

describe("the operator console", () => {
  it("shows a report's paid-on day as Auckland's day and its moments in Auckland's time, zone named", async () => {
    const page = await open("/admin");
    await logIn(page);
    await reportFromAuckland(page, "dates in the card");
    await page.goto("/admin/queue/reports");
    const card = reportCard(page, "dates in the card");
    await card.waitFor();

    const received = (await card.getByText(/^Received /).innerText()).replace(/^Received /, "");
    const [, receivedDay] = AUCKLAND_MOMENT.exec(received) ?? [];
    expect(receivedDay, received).toBeDefined();
    const paid = await card
      .locator("div", { has: page.getByText("Paid on:") })
      .last()
      .innerText();
    // Reported just now, dated today in Auckland: the same day as the moment it came in there.
    expect(paid.replace(/\s+/g, " ")).toBe(`Paid on: ${receivedDay} (a day in Auckland)`);

    await card.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("link", { name: "Approved" }).click();
    const decided = reportCard(page, "dates in the card");
    const note = await decided.getByText(/^Approved by /).innerText();
    expect(note.replace(`Approved by ${ADMIN.email} on `, "")).toMatch(AUCKLAND_MOMENT);
  });

  it("fits the audit log on a phone: no page wider than the screen", async () => {
    const page = await open("/admin", "phone");
    await logIn(page);
    // A decision with a long reason: the widest kind of audit entry.
    await reportFromAuckland(page, "audit on a phone");
    await page.goto("/admin/queue/reports");
    const card = reportCard(page, "audit on a phone");
    await card.getByRole("textbox", { name: /Reason/ }).fill(`Checked-against-the-yard's-board-${"x".repeat(60)}`);
    await card.getByRole("button", { name: "Reject" }).click();
    await page.getByText(/^Rejected: /).waitFor();

    await page.goto("/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    await page.getByText("price-report.reject").first().waitFor();
    await screenshot(page, "admin-audit-phone");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // Every entry still says what changed, readable without scrolling sideways.
    const entry = page.getByRole("listitem").filter({ hasText: "price-report.reject" }).first();
    const box = await entry.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
});
