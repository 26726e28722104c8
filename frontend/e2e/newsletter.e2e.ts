import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase } from "./browser";

// Double opt-in in a real browser: a visitor signs up on the blog, opens the link of the
// confirmation mail (the app runs without SMTP here, so the mail waits in the outbox, exactly as
// it would be sent), and leaves again with the mail's one-click unsubscribe link.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);
const ADDRESS = "reader@example.org";

/** The newest confirmation mail's text and headers, as the outbox holds them. */
function confirmationMail(): string {
  const sql = `select text_body, headers from outbox_messages where kind = 'newsletter-confirm' and to_address = '${ADDRESS}' order by id desc limit 1`;
  return queryDatabase(databasePath, sql);
}

function link(mail: string, path: string): string {
  const found = mail.match(new RegExp(`https?://[^\\s'"<>]*${path}\\?token=[\\w.-]+`));
  if (!found) throw new Error(`no ${path} link in the mail: ${mail.slice(0, 300)}`);
  return new URL(found[0]).pathname + new URL(found[0]).search;
}

const subscribers = () =>
  queryDatabase(
    databasePath,
    `select confirmed_at is not null from newsletter_subscriptions where email = '${ADDRESS}'`,
  );

describe("the newsletter", () => {
  it("signs a reader up, confirms from the mail and unsubscribes in one click", async () => {
    const blog = await open("/blog");
    await blog.getByLabel("Email address").fill(ADDRESS);
    await blog.getByRole("button", { name: "Subscribe" }).click();
    await blog.getByText("Check your inbox").first().waitFor();
    await expect.poll(confirmationMail).toContain("newsletter/confirm");
    expect(subscribers()).toBe("[(0,)]\n"); // stored, not yet a subscriber

    const mail = confirmationMail();
    const confirm = await open(link(mail, "/newsletter/confirm"));
    await confirm.getByRole("heading", { name: "Your subscription is confirmed" }).waitFor();
    expect(subscribers()).toBe("[(1,)]\n");

    const unsubscribe = await open(link(mail, "/newsletter/unsubscribe"));
    expect(subscribers()).toBe("[(1,)]\n"); // opening the link (as a mail scanner would) is not enough
    await unsubscribe.getByRole("button", { name: "Unsubscribe" }).click();
    await unsubscribe.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    expect(subscribers()).toBe("[]\n");
  });
});
