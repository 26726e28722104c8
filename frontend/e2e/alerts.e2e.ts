import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase } from "./browser";

// Price alerts in a real browser: a seller asks for an "above" alert on the city page, opens the
// link of the confirmation mail (the app runs without SMTP here, so the mail waits in the outbox,
// exactly as it would be sent), and the alert is set up.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);
const ADDRESS = "alerts@example.org";

const CLI = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "scrapindex");
const CROSSING = "crossing@example.org";

/** The newest mail of a kind to an address: its text and headers, as the outbox holds them. */
function newestMail(kind: string, to: string): string {
  const sql = `select text_body, headers from outbox_messages where kind = '${kind}' and to_address = '${to}' order by id desc limit 1`;
  return queryDatabase(databasePath, sql);
}

const confirmationMail = () => newestMail("alert-confirm", ADDRESS);

/** Johannesburg's current copper price per kg (SQLite keeps ten-thousandths) and its day. */
function currentCopper(): { perKg: number; day: string } {
  const sql = `select p.price_per_kg, p.price_date from current_prices c join prices p on p.id = c.price_id join cities ci on ci.id = c.city_id join materials m on m.id = c.material_id where ci.slug = 'johannesburg' and m.slug = 'copper'`;
  const found = queryDatabase(databasePath, sql).match(/\((\d+), '([\d-]+)'\)/);
  if (!found) throw new Error("no current copper price in Johannesburg");
  return { perKg: Number(found[1]) / 10_000, day: found[2] as string };
}

/** A feed's file with one new price, imported by the real command (which evaluates alerts). */
function importPrice(day: string, perKg: number): void {
  const file = join(mkdtempSync(join(tmpdir(), "alerts-e2e-")), "prices.csv");
  const header = "date,country,city,material,price,currency,unit,source";
  writeFileSync(file, `${header}\n${day},ZA,johannesburg,copper,${perKg.toFixed(2)},ZAR,kg,E2E Desk\n`);
  const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
  // --allow-outliers: the operator's override. A jump of 10% in generic copper alone would put it
  // above #1 copper, which the import otherwise refuses; this test is about the alert it fires.
  execFileSync(CLI, ["prices", "import", "--allow-outliers", file], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function link(mail: string, path: string): string {
  const found = mail.match(new RegExp(`https?://[^\\s'"<>]*${path}\\?token=[\\w.-]+`));
  if (!found) throw new Error(`no ${path} link in the mail: ${mail.slice(0, 300)}`);
  return new URL(found[0]).pathname + new URL(found[0]).search;
}

const confirmed = () =>
  queryDatabase(
    databasePath,
    `select kind, confirmed_at is not null from price_alerts where email = '${ADDRESS}' order by id`,
  );

describe("price alerts", () => {
  it("sets an 'above' alert on the city page and confirms it from the mail", async () => {
    const city = await open("/za/johannesburg");
    await city.getByRole("button", { name: "Alert me" }).click();
    const dialog = city.getByRole("dialog", { name: "Alert me about prices" });
    await dialog.getByLabel("Email address").fill(ADDRESS);
    await expect
      .poll(() => dialog.getByRole("combobox", { name: "Material" }).locator("option").count())
      .toBeGreaterThan(1);
    await dialog.getByRole("combobox", { name: "Material" }).selectOption({ index: 1 });
    await dialog.getByRole("spinbutton", { name: "Price" }).fill("0.5");
    await dialog.getByRole("button", { name: "Set alert" }).click();
    await dialog.getByText("Check your inbox to confirm your alert.").waitFor();
    await expect.poll(confirmationMail).toContain("alerts/confirm");
    expect(confirmed()).toBe("[('above', 0)]\n"); // stored, not yet confirmed

    const confirm = await open(link(confirmationMail(), "/alerts/confirm"));
    await confirm.getByRole("heading", { name: "Your alert is set up" }).waitFor();
    expect(confirmed()).toBe("[('above', 1)]\n");
  });

  it("mails the seller once when an import takes the price above the threshold, and stops in one click", async () => {
    const { perKg, day } = currentCopper();
    const threshold = Math.ceil(perKg * 1.1);
    const city = await open("/za/johannesburg");
    await city.getByRole("button", { name: "Alert me" }).click();
    const dialog = city.getByRole("dialog", { name: "Alert me about prices" });
    await dialog.getByLabel("Email address").fill(CROSSING);
    await dialog.getByRole("combobox", { name: "Material" }).selectOption("copper");
    await dialog.getByRole("combobox", { name: "Unit" }).selectOption("kg");
    await dialog.getByRole("spinbutton", { name: "Price" }).fill(String(threshold));
    await dialog.getByRole("button", { name: "Set alert" }).click();
    await dialog.getByText("Check your inbox to confirm your alert.").waitFor();
    await expect.poll(() => newestMail("alert-confirm", CROSSING)).toContain("alerts/confirm");
    const confirm = await open(link(newestMail("alert-confirm", CROSSING), "/alerts/confirm"));
    await confirm.getByRole("heading", { name: "Your alert is set up" }).waitFor();
    expect(newestMail("alert-fired", CROSSING)).toBe("[]\n"); // below the threshold: quiet

    importPrice(day, threshold * 1.1);
    const fired = newestMail("alert-fired", CROSSING);
    expect(fired).toContain("alerts/unsubscribe");
    expect(fired).toContain("List-Unsubscribe-Post");
    importPrice(day, threshold * 1.15); // still above: no second mail for the same crossing
    const count = `select count(*) from outbox_messages where kind = 'alert-fired' and to_address = '${CROSSING}'`;
    expect(queryDatabase(databasePath, count)).toBe("[(1,)]\n");

    const stop = await open(link(fired, "/alerts/unsubscribe"));
    await stop.getByRole("button", { name: "Stop this alert" }).click();
    await stop.getByRole("heading", { name: "The alert is stopped" }).waitFor();
    const left = `select count(*) from price_alerts where email = '${CROSSING}'`;
    expect(queryDatabase(databasePath, left)).toBe("[(0,)]\n");
  });
});
