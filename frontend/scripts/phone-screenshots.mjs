// Full-page phone screenshots (390x844) of the pages a seller opens first, with each page's
// height: `node scripts/phone-screenshots.mjs http://127.0.0.1:8000 after`. Used for the
// before/after pictures of a change; writes test-artifacts/phone/<label>/<page>.png.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";

const [base = "http://127.0.0.1:8000", label = "now"] = process.argv.slice(2);
const PAGES = { home: "/", city: "/za/johannesburg", yard: "/scrap-yard/1", cities: "/cities" };
const out = resolve(import.meta.dirname, "..", "..", "test-artifacts", "phone", label);
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  for (const [name, path] of Object.entries(PAGES)) {
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    const file = resolve(out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`${name.padEnd(7)} ${path.padEnd(18)} ${width}x${height}px  ${file}`);
    await page.close();
  }
} finally {
  await browser.close();
}
