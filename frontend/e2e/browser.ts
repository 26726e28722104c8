import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

// Debian's Chromium, never a downloaded browser. As root it needs --no-sandbox.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = resolve(import.meta.dirname, "..", "..", "test-artifacts", "screenshots");
const ROOT = resolve(import.meta.dirname, "..", "..");

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof VIEWPORTS,
  serviceWorkers: "allow" | "block" = "block",
): Promise<BrowserContext> {
  // Service workers are blocked unless a test is about them: they would answer from their cache.
  const context = await browser.newContext({
    baseURL,
    serviceWorkers,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === "phone",
    hasTouch: viewport === "phone",
    reducedMotion: "reduce",
  });
  // Nothing may leave the machine: any request off this origin fails the test loudly.
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.abort(),
  );
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** axe-core: the serious and critical violations on the page, as readable strings. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}

/** Reads the app's own database, as an operator would, to check what a form stored. */
export function queryDatabase(databasePath: string, sql: string): string {
  const script = "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchall())";
  return execFileSync(join(ROOT, ".venv", "bin", "python"), ["-c", script, databasePath, sql], { encoding: "utf8" });
}

/** The end of the app's log, for a failed test: what the server said while it ran. */
function printAppLogTail(lines = 40): void {
  const path = inject("appLog");
  const tail = readFileSync(path, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  console.error(`--- the last ${lines} lines of ${path} ---\n${tail}`);
}

/**
 * One browser for the test file; returns `open(path, viewport)`, which loads a page in a fresh
 * context, waits for the network to settle and fails on any uncaught page error. Every context
 * a test opened is closed after it, whether it passed or failed.
 */
/**
 * Waits until no request has started or ended for `quietMs`, as `goto`'s "networkidle" does
 * (500 ms), but from now: for what a page loads later, such as a map that loads as it nears the
 * screen (its code, then its tiles once its view has settled).
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  let last = Date.now();
  const seen = () => {
    last = Date.now();
  };
  page.on("request", seen).on("requestfinished", seen).on("requestfailed", seen);
  try {
    while (Date.now() - last < quietMs) await page.waitForTimeout(100);
  } finally {
    page.off("request", seen).off("requestfinished", seen).off("requestfailed", seen);
  }
}

export function browserPages(baseURL: string) {
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
    if (task.result?.state === "fail") printAppLogTail();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (
    path: string,
    viewport: keyof typeof VIEWPORTS = "desktop",
    serviceWorkers: "allow" | "block" = "block",
  ): Promise<Page> => {
    if (!browser) throw new Error("the browser has not started");
    const context = await newContext(browser, baseURL, viewport, serviceWorkers);
    opened.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(path, { waitUntil: "networkidle" });
    expect(errors, `uncaught errors on ${path}`).toEqual([]);
    return page;
  };
}
