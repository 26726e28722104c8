import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { browserPages, screenshot, seriousViolations } from "./browser";

// Yards fetched from OpenStreetMap (the Overpass fixture) into the shared site, then one of them
// gone from a later answer. At the end every fixture yard is marked as gone, so the lists and
// counts the other files check are as they were.
const baseURL = inject("baseURL");
const databasePath = inject("databasePath");
const open = browserPages(baseURL);
const ROOT = resolve(import.meta.dirname, "..", "..");
const CLI = join(ROOT, ".venv", "bin", "scrapindex");
const FIXTURE = join(ROOT, "tests", "fixtures", "overpass", "za.json");
type Element = { type: string; id: number };

function fetchOsm(keep: (element: Element) => boolean): void {
  const dir = mkdtempSync(join(tmpdir(), "osm-e2e-"));
  try {
    const answer = JSON.parse(readFileSync(FIXTURE, "utf-8"));
    const path = join(dir, "za.json");
    writeFileSync(path, JSON.stringify({ ...answer, elements: answer.elements.filter(keep) }));
    const env = { ...process.env, DATA_DIR: dirname(databasePath), DATABASE_URL: "" };
    execFileSync(CLI, ["yards", "fetch", "--source", "osm", "--country", "za", "--file", path], {
      env,
      stdio: "ignore",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The id of the yard of exactly this name (demo yards have names alike). */
async function yardId(name: string): Promise<number> {
  const found = await (await fetch(`${baseURL}/api/scrap-yards?q=${encodeURIComponent(name)}&limit=20`)).json();
  return found.data.find((yard: { name: string }) => yard.name === name).id;
}

describe("yards from OpenStreetMap", () => {
  afterAll(() => fetchOsm((element) => element.type === "node" && element.id === 7712004588));

  it("credit OpenStreetMap on the yard page and in the directory; one gone from it says since when", async () => {
    fetchOsm(() => true);
    const selby = await yardId("Selby Scrap Metal Traders");
    const montague = await yardId("Montague Gardens Recycling Centre");
    fetchOsm((element) => element.type !== "way");

    const page = await open(`/scrap-yard/${selby}`);
    const credit = page.getByRole("link", { name: "© OpenStreetMap contributors" });
    await credit.waitFor();
    expect(await credit.getAttribute("href")).toBe("https://www.openstreetmap.org/copyright");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "yard-osm-attribution");

    const gone = await open(`/scrap-yard/${montague}`);
    await gone.getByText(/^No longer listed on OpenStreetMap \(since [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/).waitFor();
    await screenshot(gone, "yard-osm-no-longer-listed");

    const directory = await open("/scrap-yards?q=Selby");
    await directory.getByRole("link", { name: "© OpenStreetMap contributors" }).waitFor();
    expect(await directory.getByText("Montague Gardens Recycling Centre").count()).toBe(0);
  });
});
