import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

// Starts the real Python app on a freshly seeded SQLite database for the browser tests.
const ROOT = resolve(import.meta.dirname, "..", "..");
const CLI = join(ROOT, ".venv", "bin", "scrapindex");
// The app's own output (seeding, access log) goes here, not into the test run's output; a
// failing test prints its end (see browser.ts).
export const APP_LOG = join(ROOT, "test-artifacts", "e2e-app.log");

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    databasePath: string;
    appLog: string;
  }
}

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

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** Yesterday £120.00/t and today £128.50/t, in the feed format `prices import` reads. */
function writeSteelFeed(dir: string): string {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const rows = [
    "date,country,city,material,price,currency,unit,source",
    `${day(1)},GB,sheffield,steel,120.00,GBP,t,Sheffield Steel Desk`,
    `${day(0)},GB,sheffield,steel,128.50,GBP,t,Sheffield Steel Desk`,
  ];
  const path = join(dir, "sheffield-steel.csv");
  writeFileSync(path, `${rows.join("\n")}\n`);
  return path;
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), "scrapindex-e2e-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", API_CACHE_SECONDS: "60" };
  mkdirSync(dirname(APP_LOG), { recursive: true });
  const log = openSync(APP_LOG, "w");
  const stdio: ["ignore", number, number] = ["ignore", log, log];
  execFileSync(CLI, ["db", "upgrade"], { env, stdio });
  execFileSync(CLI, ["demo", "seed", "--days", "40"], { env, stdio });
  // Copper-priced materials become estimates from the feed fixtures (real ECB rates, FRED's
  // format), so the pages show a real formula beside the demo data.
  const feeds = join(ROOT, "tests", "fixtures", "feeds");
  execFileSync(CLI, ["fx", "fetch", "--source", "ecb", "--file", join(feeds, "eurofxref-daily.xml")], { env, stdio });
  execFileSync(CLI, ["market", "fetch", "--source", "fred", "--file", join(feeds, "fred-PCOPPUSDM.csv")], {
    env,
    stdio,
  });
  execFileSync(CLI, ["prices", "estimate"], { env, stdio });
  // A feed quoting Sheffield's steel per tonne, to the penny (£128.50/t is 0.1285/kg): the
  // page must show it as sent, not as 0.13/kg times a thousand (see precision.e2e.ts).
  execFileSync(CLI, ["prices", "import", writeSteelFeed(dataDir)], { env, stdio });
  const port = await freePort();
  const server = spawn(CLI, ["serve", "--port", String(port)], { env, stdio });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/api/stats`, server);
  project.provide("baseURL", baseURL);
  project.provide("databasePath", join(dataDir, "scrapindex.sqlite3"));
  project.provide("appLog", APP_LOG);
  return () => {
    server.kill("SIGTERM");
    closeSync(log);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
