import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase } from "./browser";

// Price alerts in a real browser: a seller asks for an "above" alert on the city page, opens the
// link of the confirmation mail (the app runs without SMTP here, so the mail waits in the outbox,
// exactly as it would be sent), and the alert is set up.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);
const ADDRESS = "alerts@example.org";

/** The newest confirmation mail's text and headers, as the outbox holds them. */
function confirmationMail(): string {
  const sql = `select text_body, headers from outbox_messages where kind = 'alert-confirm' and to_address = '${ADDRESS}' order by id desc limit 1`;
  return queryDatabase(databasePath, sql);
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
});
