import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase, screenshot, seriousViolations, VIEWPORTS } from "./browser";

// Issue 38 in a real browser: a yard's owner claims the listing from the link mailed to the
// listing's address (sent by the outbox's real sender to a real SMTP server), sets a password,
// posts today's prices on a phone, and the yard page and the calculator show them; an operator
// then suspends the owner. Pretoria: no other browser test reads its pages.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

const ROOT = resolve(import.meta.dirname, "..", "..");
const CLI = join(ROOT, ".venv", "bin", "scrapindex");
const PYTHON = join(ROOT, ".venv", "bin", "python");
/** The phone screenshots the closing note shows. */
const NOTE_SCREENS = "/work/notes/screens";
const OWNER = { name: "Thandi Nkosi", email: "thandi.owner@example.org", password: "a yard of my own in Pretoria" };
const OPERATOR = { email: "yard-owners-admin@example.com", password: "a long console password" };
const APP_ENV = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };

// An SMTP server (aiosmtpd, as tests/mail_server.py) writing each message it accepts as a line
// of JSON: its recipients, subject and plain-text body.
const SMTP_SINK = `
import json, sys, threading
from email import message_from_bytes
from email.policy import default
from aiosmtpd.controller import Controller

class Sink:
    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.content, policy=default)
        body = message.get_body(("plain",))
        line = {"to": envelope.rcpt_tos, "subject": str(message["subject"]),
                "text": body.get_content() if body else ""}
        with open(sys.argv[2], "a", encoding="utf-8") as inbox:
            inbox.write(json.dumps(line) + "\\n")
        return "250 Message accepted for delivery"

controller = Controller(Sink(), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("ready", flush=True)
sys.stdin.read()  # until the test closes it
controller.stop()
`;

type Mail = { to: string[]; subject: string; text: string };
let smtp: ChildProcess | undefined;
let smtpPort = 0;
let inbox = "";

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

beforeAll(async () => {
  smtpPort = await freePort();
  inbox = join(mkdtempSync(join(tmpdir(), "yard-owners-e2e-")), "inbox.jsonl");
  const sink = spawn(PYTHON, ["-c", SMTP_SINK, String(smtpPort), inbox], { stdio: ["pipe", "pipe", "inherit"] });
  smtp = sink;
  await new Promise<void>((ready, fail) => {
    sink.stdout?.once("data", () => ready());
    sink.once("exit", (code) => fail(new Error(`the SMTP sink exited with ${code}`)));
  });
});

afterAll(() => {
  smtp?.stdin?.end();
  smtp?.kill();
});

/** The outbox's sender, run once as the scheduler would, to the SMTP sink. */
function sendMail(): void {
  const env = {
    ...APP_ENV,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_STARTTLS: "false",
    SITE_ROOT: baseURL,
  };
  execFileSync(CLI, ["mail", "send"], { env, cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

function received(): Mail[] {
  try {
    return readFileSync(inbox, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail);
  } catch {
    return [];
  }
}

/** The path and query of the console link in a mail: /admin/claim?token=… */
function claimLink(mail: Mail): string {
  const found = mail.text.match(/https?:\/\/[^\s'"<>]*\/admin\/claim\?token=[\w.~-]+/);
  if (!found) throw new Error(`no claim link in the mail: ${mail.text.slice(0, 400)}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}

type Yard = { id: number; name: string; email: string };

/** A Pretoria yard whose listing has an e-mail address. */
function pretoriaYard(): Yard {
  const sql =
    "select y.id, y.name, y.email from scrap_yards y join cities c on c.id = y.city_id " +
    "where c.slug = 'pretoria' and y.email is not null order by y.id desc limit 1";
  const found = queryDatabase(databasePath, sql).match(/\((\d+), '([^']+)', '([^']+)'\)/);
  if (!found) throw new Error("no Pretoria yard with an e-mail address");
  return { id: Number(found[1]), name: found[2] as string, email: found[3] as string };
}

/** Pretoria's shown price of a material, per kg (SQLite keeps ten-thousandths). */
function cityPrice(slug: string): number {
  const sql =
    "select p.price_per_kg from current_prices c join prices p on p.id = c.price_id " +
    "join cities ci on ci.id = c.city_id join materials m on m.id = c.material_id " +
    `where ci.slug = 'pretoria' and m.slug = '${slug}'`;
  const found = queryDatabase(databasePath, sql).match(/\((\d+),\)/);
  if (!found) throw new Error(`no current ${slug} price in Pretoria`);
  return Number(found[1]) / 10_000;
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

/** A screenshot of what a phone shows with `locator` at its top, for the closing note. */
async function noteScreenshot(page: Page, name: string, top: ReturnType<Page["locator"]>): Promise<void> {
  mkdirSync(NOTE_SCREENS, { recursive: true });
  // Just below the site's sticky header, which would otherwise cover it.
  await top.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 80));
  await page.screenshot({ path: join(NOTE_SCREENS, name) });
}

function money(value: number): string {
  return `R${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// What the first test leaves for the next: the yard, its owner's login, and the prices posted.
const yard = pretoriaYard();
const copper1 = Math.round(cityPrice("copper-1") * 1.5 * 100) / 100; // the best in town, within the band
const brass = Math.round(cityPrice("brass") * 100) / 100;

describe("a yard's owner", () => {
  it("claims the yard from the mailed link, sets a password and posts prices on a phone", async () => {
    const page = await open(`/scrap-yard/${yard.id}`, "phone");
    await page.getByRole("heading", { level: 1, name: yard.name, exact: true }).waitFor();
    await page.getByRole("button", { name: "Claim this yard" }).click();
    const dialog = page.getByRole("dialog", { name: "Is this your yard?" });
    const [local = "", domain = ""] = yard.email.split("@");
    await dialog
      .getByRole("radio", { name: `Send the link to the listing's e-mail (${local[0]}••••@${domain})` })
      .waitFor();
    await dialog.getByRole("textbox", { name: /Your name/ }).fill(OWNER.name);
    await dialog.getByRole("textbox", { name: /Your email address/ }).fill(OWNER.email);
    await expectAxeClean(page);
    await dialog.getByRole("button", { name: "Send the link" }).click();
    await dialog.getByText("Check the yard's mailbox").waitFor();

    // The link goes to the listing's own address, never to the claimant's.
    sendMail();
    const mail = received().find((message) => message.to.includes(yard.email));
    expect(mail, JSON.stringify(received().map((m) => m.to))).toBeDefined();
    expect(received().some((message) => message.to.includes(OWNER.email))).toBe(false);

    const claim = await open(claimLink(mail as Mail), "phone");
    await claim.getByRole("heading", { name: `Claim ${yard.name}` }).waitFor();
    expect(await claim.getByText(OWNER.email).count()).toBeGreaterThan(0);
    await expectAxeClean(claim);
    await claim.getByLabel(/^New password\*?$/).fill(OWNER.password);
    await claim.getByLabel(/^New password again/).fill(OWNER.password);
    await claim.getByRole("button", { name: "Set password and log in" }).click();

    // Logged in, on the yard's posting screen.
    await claim.getByRole("heading", { level: 1, name: yard.name, exact: true }).waitFor();
    expect(new URL(claim.url()).pathname).toBe(`/admin/my-yard/${yard.id}`);
    const nav = claim.getByRole("navigation", { name: "Console" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["My yard"]);
    const form = claim.getByRole("form", { name: "Post today's prices" });
    const copperBox = form.getByRole("textbox", { name: "#1 Copper" });
    expect(await copperBox.getAttribute("inputmode")).toBe("decimal");
    await expectAxeClean(claim);

    await copperBox.fill(copper1.toFixed(2));
    const brassBox = form.getByRole("textbox", { name: "Brass", exact: true });
    await brassBox.fill(brass.toFixed(2));
    await brassBox.press("Enter"); // the keyboard's Go: the form is sent
    const posted = claim.getByRole("region", { name: "Today's prices" }).getByRole("status");
    await expect.poll(() => posted.innerText()).toMatch(/^Posted 2 prices for [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    await expectNoSidewaysScroll(claim);
    await screenshot(claim, "yard-owners-posted-phone");
    // Posted: the board now starts from today's prices, prefilled for tomorrow.
    expect(await copperBox.inputValue()).toBe(copper1.toFixed(2));
    await noteScreenshot(claim, "owner-posting-phone.png", claim.getByRole("heading", { name: "Today's prices" }));

    const stored = queryDatabase(
      databasePath,
      `select m.slug, yp.price_per_kg from yard_prices yp join materials m on m.id = yp.material_id where yp.yard_id = ${yard.id} order by m.slug`,
    );
    expect(stored).toBe(`[('brass', ${Math.round(brass * 10_000)}), ('copper-1', ${Math.round(copper1 * 10_000)})]\n`);
  });

  it("sees the yard page show the board as posted by the yard, and the calculator rank the yard by it", async () => {
    const page = await open(`/scrap-yard/${yard.id}`, "phone");
    const board = page.getByRole("heading", { level: 2, name: `Prices posted by ${yard.name}` });
    await board.waitFor();
    const card = page.locator(".rounded-lg", { has: board });
    expect(await card.innerText()).toMatch(/Posted by the yard on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const copperRow = card.getByRole("row", { name: /#1 Copper/ });
    expect(await copperRow.innerText()).toContain(money(copper1));
    // The city's prices stay, said as the city's.
    await page.getByRole("heading", { level: 2, name: "Current Pretoria Prices" }).waitFor();
    expect(await page.getByText(/not this yard's own/).count()).toBe(1);
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await noteScreenshot(page, "yard-board-phone.png", board);

    const calculator = await open("/calculator?city=pretoria&item=copper-1:10:kg", "phone");
    const ranking = calculator.getByRole("list", { name: "Nearby yards, best take-home first" });
    await ranking.waitFor();
    // First: its own price is the best in town, and 10 kg of it is what it pays.
    const first = ranking.locator(":scope > li").first();
    const text = await first.innerText();
    expect(text).toContain(yard.name);
    expect(text).toMatch(/Prices posted by the yard on/);
    expect(text.replace(/\s+/g, " ")).toContain(`For your scrap ${money(copper1 * 10)}`);
    await first.getByText("Prices used").click();
    expect(await first.innerText()).toContain(`${money(copper1)}/kg · Posted by the yard`);
  });

  it("is suspended by an operator at 1280 px, keyboard only, and can post no more", async () => {
    const page = await open(`/scrap-yard/${yard.id}`, "desktop");
    await page.getByRole("heading", { level: 2, name: `Prices posted by ${yard.name}` }).waitFor();
    await expectAxeClean(page);
    // The claim dialog by keyboard: Enter opens it with focus inside, Escape gives focus back.
    const ask = page.getByRole("button", { name: "Ask for a login" });
    await ask.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Is this your yard?" });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await ask.evaluate((element) => element === document.activeElement)).toBe(true);

    const args = ["users", "create", "--email", OPERATOR.email, "--role", "admin", "--password-stdin"];
    execFileSync(CLI, args, { env: APP_ENV, input: `${OPERATOR.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
    const consolePage = await open("/admin/login", "desktop");
    await consolePage.getByLabel("E-mail").fill(OPERATOR.email);
    await consolePage.getByLabel("Password").fill(OPERATOR.password);
    await consolePage.getByLabel("Password").press("Enter");
    await consolePage.getByRole("heading", { name: "Dashboard" }).waitFor();
    await consolePage.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Yard owners" }).click();
    const row = consolePage.getByRole("row").filter({ hasText: OWNER.email });
    await row.getByText("by a confirmed claim").waitFor();
    await expectAxeClean(consolePage);
    consolePage.once("dialog", (confirm) => void confirm.accept());
    await row.getByRole("button", { name: `Suspend ${OWNER.email} for ${yard.name}` }).focus();
    await consolePage.keyboard.press("Enter");
    await row.getByText(/^Suspended .* by yard-owners-admin@example\.com$/).waitFor();
    // The claim that made the owner, in the claims queue's confirmed list.
    await consolePage.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Yard claims" }).click();
    await consolePage
      .getByRole("navigation", { name: "Yard claims by status" })
      .getByRole("link", { name: "Confirmed" })
      .click();
    const claimCard = consolePage.getByRole("article").filter({ hasText: `${OWNER.name} (${OWNER.email})` });
    await claimCard.getByText("Link mailed to the listing's e-mail").waitFor();
    await expectAxeClean(consolePage);

    // The owner logs in and finds no yard to post for; the yard's screen says why.
    const owner = await open("/admin/login", "phone");
    await owner.getByLabel("E-mail").fill(OWNER.email);
    await owner.getByLabel("Password").fill(OWNER.password);
    await owner.getByRole("button", { name: "Log in" }).click();
    await owner.getByText("No yard is yours to post for.").waitFor();
    await owner.goto(`/admin/my-yard/${yard.id}`);
    await owner.getByText("This yard's owner account is suspended.").waitFor();
  });
});
