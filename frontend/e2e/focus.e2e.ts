import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPages, queryDatabase, seriousViolations } from "./browser";

// Keyboard focus as a sighted keyboard user sees it (WCAG 2.4.7, 2.4.11): every page type is
// walked with Tab, and each control's focus indicator is read from the computed style and held
// to 3:1 against the control's own colour and against the background behind it. axe does not
// check this. Then the moderation queue: after Approve or Reject, focus stays in the queue.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);

const CLI = join(resolve(import.meta.dirname, "..", ".."), ".venv", "bin", "scrapindex");
const MODERATOR = { email: "focus-moderator@example.com", password: "a long focus moderator password" };
/** How many Tab presses a page gets: enough for its header, main controls and footer. */
const MAX_TABS = 250;
const MIN_CONTRAST = 3;

type Rgba = [number, number, number, number];
type Band = { source: string; color: Rgba };
/** What the browser reports of the focused control: its indicator and the colours around it. */
type Focused = {
  control: string;
  key: string;
  /** The outline and box-shadow rings drawn while focused (none: no visible indicator). */
  bands: Band[];
  /** Why no band was found, when none was. */
  missing: string | null;
  /** The control's own colour(s): its background, or what shows through it. */
  own: Rgba[];
  /** The colour(s) behind the control: the first ancestor background that is not transparent. */
  behind: Rgba[];
};

/**
 * Runs in the page: reads the focused element's indicator. Colours are resolved to sRGB by a
 * 1×1 canvas, so lab()/oklch() values of the theme read as the pixels they paint. A control that
 * draws nothing itself (a visually hidden radio) is measured on the nearest ancestor that does
 * (its label). Gradients count as every stop colour.
 */
async function readFocused(): Promise<Focused | null> {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  await Promise.all(focused.getAnimations({ subtree: false }).map((animation) => animation.finished));
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no canvas");
  const rgba = (css: string): Rgba => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = "rgba(0, 0, 0, 0)";
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const COLOR = /(?:rgba?|hsla?|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;
  const pixels = (px: string) => Number.parseFloat(px) || 0;

  const bandsOf = (element: Element): { bands: Band[]; missing: string } => {
    const style = getComputedStyle(element);
    const bands: Band[] = [];
    let missing = "no outline and no box-shadow ring";
    if (style.outlineStyle === "auto") missing = "only the browser's default ring (outline: auto)";
    else if (style.outlineStyle !== "none" && pixels(style.outlineWidth) >= 2) {
      bands.push({ source: `outline ${style.outlineWidth} ${style.outlineStyle}`, color: rgba(style.outlineColor) });
    } else if (style.outlineStyle !== "none") missing = `an outline of ${style.outlineWidth} only`;
    // Computed box-shadow: "rgb(…) 0px 0px 0px 2px, …"; a ring has no offset or blur.
    for (const shadow of style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^()]*\))/)) {
      const color = shadow.match(COLOR)?.[0];
      const lengths = shadow.replace(COLOR, "").trim().split(/\s+/);
      const [x, y, blur, spread] = lengths.map(pixels);
      if (!color || lengths.includes("inset") || x || y || blur || (spread ?? 0) < 2) continue;
      const band = { source: `box-shadow ring ${spread}px`, color: rgba(color) };
      if (band.color[3] > 0) bands.push(band);
    }
    return { bands: bands.filter((band) => band.color[3] > 0), missing };
  };

  /** The colours an element shows: its own background, else its ancestors'; white at the root. */
  const backgroundOf = (start: Element | null): Rgba[] => {
    const layers: Rgba[] = [];
    for (let element = start; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      const stops = style.backgroundImage.includes("gradient") ? (style.backgroundImage.match(COLOR) ?? []) : [];
      if (stops.length) return stops.map((stop) => over(layers, rgba(stop)));
      const color = rgba(style.backgroundColor);
      if (color[3] >= 1) return [over(layers, color)];
      if (color[3] > 0) layers.push(color);
    }
    return [over(layers, [255, 255, 255, 1])];
  };
  /** Translucent layers (innermost first) painted over an opaque base. */
  const over = (layers: Rgba[], base: Rgba): Rgba =>
    layers.reduceRight<Rgba>(
      (below, [r, g, b, a]) => [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a), 1],
      base,
    );

  // A visually hidden control (sr-only: 1px, clipped) paints nothing, its outline included.
  const box = focused.getBoundingClientRect();
  const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(focused).clip === "rect(0px, 0px, 0px, 0px)";
  let host: Element = focused;
  let found = hidden ? { bands: [], missing: "visually hidden, and no indicator on its label" } : bandsOf(focused);
  const first = found;
  for (let up = 0, element = focused.parentElement; !found.bands.length && element && up < 2; up++) {
    const candidate = bandsOf(element);
    if (candidate.bands.length) {
      host = element;
      found = candidate;
    }
    element = element.parentElement;
  }
  // Each element is numbered on its first visit: the walk ends when it reaches one again.
  const walk = window as Window & { focusWalk?: number };
  if (!focused.dataset.focusWalk) {
    walk.focusWalk = (walk.focusWalk ?? 0) + 1;
    focused.dataset.focusWalk = String(walk.focusWalk);
  }
  const name =
    focused.getAttribute("aria-label") ??
    (focused instanceof HTMLInputElement && focused.labels?.[0] ? focused.labels[0].textContent : focused.textContent);
  const label = (name ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
  const role = focused.getAttribute("role") ?? focused.getAttribute("type") ?? "";
  return {
    control: `<${focused.tagName.toLowerCase()}${role ? ` ${role}` : ""}> "${label}"`,
    key: focused.dataset.focusWalk ?? "",
    bands: found.bands,
    missing: found.bands.length ? null : first.missing,
    own: backgroundOf(host),
    behind: backgroundOf(host.parentElement),
  };
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours (a translucent band is painted over the second). */
function contrast(band: Rgba, background: Rgba): number {
  const [r, g, b, a] = band;
  const painted: Rgba = [
    r * a + background[0] * (1 - a),
    g * a + background[1] * (1 - a),
    b * a + background[2] * (1 - a),
    1,
  ];
  const [light, dark] = [luminance(painted), luminance(background)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const css = ([r, g, b, a]: Rgba) => `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)}${a < 1 ? ` / ${a}` : ""})`;

/**
 * Why a focused control's indicator fails, or null. Each colour around the control (its own and
 * the one behind it) must meet a band of the indicator at 3:1 or more: for a one-colour outline
 * that is the outline against both; a two-colour indicator (WCAG technique C40: a light ring
 * inside a dark outline) passes when, against each colour, one of its bands stands out.
 */
function indicatorProblem(focused: Focused): string | null {
  if (!focused.bands.length) return `${focused.control}: ${focused.missing}`;
  const problems: string[] = [];
  for (const [where, colors] of [
    ["the control", focused.own],
    ["the background", focused.behind],
  ] as const) {
    for (const color of colors) {
      const best = Math.max(...focused.bands.map((band) => contrast(band.color, color)));
      if (best < MIN_CONTRAST) {
        const bands = focused.bands.map((band) => `${band.source} ${css(band.color)}`).join(" + ");
        problems.push(`${bands} against ${where} ${css(color)}: ${best.toFixed(2)}:1`);
      }
    }
  }
  return problems.length ? `${focused.control}: ${problems.join("; ")}` : null;
}

/**
 * Presses Tab until focus leaves the page, comes back round or MAX_TABS presses, checking each
 * control it reaches. Returns what was reached and the problems found.
 */
async function tabThrough(page: Page): Promise<{ reached: string[]; problems: string[] }> {
  const seen = new Set<string>();
  let last = "";
  const reached: string[] = [];
  const problems: string[] = [];
  for (let press = 0; press < MAX_TABS; press++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(readFocused);
    if (!focused) {
      if (reached.length) break;
      continue;
    }
    // A date field takes a Tab per part (day, month, year) and stays the focused element.
    if (focused.key === last) continue;
    if (seen.has(focused.key)) break;
    last = focused.key;
    seen.add(focused.key);
    reached.push(focused.control);
    const problem = indicatorProblem(focused);
    if (problem) problems.push(problem);
  }
  return { reached, problems };
}

/** The pages, one of each type, with controls each walk must reach (the filled teal buttons). */
const PAGES: { name: string; path: string; reaches: RegExp[] }[] = [
  { name: "home", path: "/", reaches: [/Browse All Cities/] },
  { name: "city", path: "/za/johannesburg", reaches: [/<input radio> "per kg"/, /Alert me/] },
  { name: "material", path: "/material/copper", reaches: [/Report a price you were paid/] },
  { name: "yard", path: "/scrap-yard/1", reaches: [/Get Directions/] },
  { name: "city yards", path: "/za/johannesburg/scrap-yards", reaches: [/Use my location/] },
  { name: "directory", path: "/scrap-yards", reaches: [/Use my location/] },
  { name: "blog", path: "/blog", reaches: [/Blog/] },
  { name: "blog post", path: "/blog/rhodium-price-per-ounce", reaches: [/Back to Blog/] },
  { name: "contact", path: "/contact", reaches: [/Send Message/] },
];

describe("the keyboard focus indicator", () => {
  for (const { name, path, reaches } of PAGES) {
    it(`stands out at 3:1 on every control of the ${name} page (${path})`, async () => {
      const page = await open(path);
      const { reached, problems } = await tabThrough(page);
      const unreached = reaches.filter((control) => !reached.some((text) => control.test(text))).map(String);
      expect(unreached, `reached: ${reached.join(", ")}`).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it("stands out on the filled buttons of the alert and report forms (Set alert, Send report)", async () => {
    const page = await open("/za/johannesburg");
    await page.getByRole("button", { name: "Alert me" }).click();
    await page.getByRole("dialog", { name: "Alert me about prices" }).waitFor();
    const alert = await tabThrough(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Report a price you were paid" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send report" }).waitFor();
    const report = await tabThrough(page);
    expect(
      alert.reached.some((text) => text.includes("Set alert")),
      alert.reached.join(", "),
    ).toBe(true);
    expect(
      report.reached.some((text) => text.includes("Send report")),
      report.reached.join(", "),
    ).toBe(true);
    expect([...alert.problems, ...report.problems]).toEqual([]);
  });
});

type Account = { email: string; password: string };

function createAccount(account: Account): void {
  const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
  const args = ["users", "create", "--email", account.email, "--role", "moderator", "--password-stdin"];
  execFileSync(CLI, args, { env, input: `${account.password}\n`, stdio: ["pipe", "ignore", "inherit"] });
}

/**
 * A series no other browser test reads, with its current price per kg: a report at that price
 * is approved without moving it.
 */
function quietSeries(): { city: string; material: string; perKg: string; title: string } {
  const sql =
    "select ci.slug, m.slug, p.price_per_kg from current_prices c join prices p on p.id = c.price_id " +
    "join cities ci on ci.id = c.city_id join materials m on m.id = c.material_id " +
    "where ci.slug = 'pretoria' and m.slug = 'brass' limit 1";
  const found = queryDatabase(databasePath, sql).match(/\('([\w-]+)', '([\w-]+)', (\d+)\)/);
  if (!found) throw new Error("no current brass price in Pretoria");
  const perKg = (Number(found[3]) / 10_000).toFixed(2);
  return { city: found[1] as string, material: found[2] as string, perKg, title: "Brass in Pretoria" };
}

async function sendReport(series: ReturnType<typeof quietSeries>, note: string): Promise<void> {
  const body = { citySlug: series.city, materialSlug: series.material, price: Number(series.perKg), unit: "kg", note };
  const answer = await fetch(`${baseURL}/api/price-reports`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.status, await answer.text()).toBe(202);
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? "",
      text: active?.textContent?.trim().slice(0, 80) ?? "",
      inQueue: Boolean(active?.closest("main") && active !== document.body),
      inCard: active?.closest("article")?.querySelector("h2")?.textContent ?? null,
    };
  });

describe("the moderation queue", () => {
  it("keeps focus in the queue after Approve and Reject, and says what happened", async () => {
    const series = quietSeries();
    await sendReport(series, "Focus test: first");
    await sendReport(series, "Focus test: second");
    createAccount(MODERATOR);
    const page = await open("/admin");
    await page.getByLabel("E-mail").fill(MODERATOR.email);
    await page.getByLabel("Password").fill(MODERATOR.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("link", { name: /Price reports waiting/ }).click();
    const cards = page.getByRole("article").filter({ hasText: /Focus test: / });
    await expect.poll(() => cards.count()).toBe(2);

    // Approve by keyboard: focus moves to the next report's Approve, not to <body>.
    await cards.filter({ hasText: "Focus test: first" }).getByRole("button", { name: "Approve", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => activeElement(page)).toMatchObject({ tag: "button", text: "Approve", inQueue: true });
    expect((await activeElement(page)).inCard).not.toBeNull();
    await page
      .getByRole("status")
      .filter({ hasText: `Approved: ${series.title}.` })
      .waitFor();
    const { problems } = await tabThrough(page);
    expect(problems).toEqual([]);

    // Reject the last one: focus stays in the queue (its heading once nothing is left).
    const last = cards.filter({ hasText: "Focus test: second" });
    await last.getByRole("textbox", { name: /Reason/ }).fill("A duplicate of the first");
    await last.getByRole("button", { name: "Reject" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cards.count()).toBe(0);
    await expect.poll(() => activeElement(page)).toMatchObject({ inQueue: true });
    await page
      .getByRole("status")
      .filter({ hasText: `Rejected: ${series.title}.` })
      .waitFor();
    expect(
      queryDatabase(databasePath, "select status from price_reports where note like 'Focus test:%' order by id"),
    ).toBe("[('approved',), ('rejected',)]\n");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
