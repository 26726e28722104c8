import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

// public/sw.js as the server serves it (its placeholders filled in), run against an in-memory
// Cache Storage and a network that answers with the headers a test chooses.
const ORIGIN = "https://scrapindex.example";
const SOURCE = readFileSync(join(import.meta.dirname, "..", "public", "sw.js"), "utf8")
  .replace('"__BUILD_VERSION__"', '"test"')
  .replace("__PRECACHE__", "[]");

type FakeRequest = { method: string; url: string; mode: string };
type FetchEvent = { request: FakeRequest; respondWith: (answer: Promise<Response>) => void };

function startWorker(network: (path: string) => Response) {
  const listeners = new Map<string, (event: FetchEvent) => void>();
  const stored = new Map<string, Map<string, Response>>(); // cache name → URL → copy
  const urlOf = (request: FakeRequest | string) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const cache = (name: string) => {
    const copies = stored.get(name) ?? new Map<string, Response>();
    stored.set(name, copies);
    return {
      put: async (request: FakeRequest, response: Response) => void copies.set(urlOf(request), response),
      match: async (request: FakeRequest | string) => copies.get(urlOf(request)),
      addAll: async () => undefined,
    };
  };
  const caches = {
    open: async (name: string) => cache(name),
    keys: async () => [...stored.keys()],
    delete: async (name: string) => stored.delete(name),
    match: async (request: FakeRequest | string) =>
      [...stored.values()].map((copies) => copies.get(urlOf(request))).find(Boolean),
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: (event: FetchEvent) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const fetch = async (request: FakeRequest) => network(new URL(request.url).pathname + new URL(request.url).search);
  new Function("self", "caches", "fetch", SOURCE)(self, caches, fetch);

  return {
    /** What the worker answers for a page (a navigation) or an asset or API call at ``path``. */
    async get(path: string, mode = "navigate"): Promise<Response | undefined> {
      let answer: Promise<Response> | undefined;
      listeners.get("fetch")?.({
        request: { method: "GET", url: ORIGIN + path, mode },
        respondWith: (given) => {
          answer = given;
        },
      });
      return answer;
    },
    saved: () => [...stored.values()].flatMap((copies) => [...copies.keys()]).map((url) => url.replace(ORIGIN, "")),
  };
}

const answer = (cacheControl: string | null) => (path: string) =>
  new Response(`<html><head></head><body>${path}</body></html>`, {
    status: 200,
    headers: cacheControl
      ? { "Content-Type": "text/html", "Cache-Control": cacheControl }
      : { "Content-Type": "text/html" },
  });

describe("the service worker's copies", () => {
  it.each([
    ["/alerts/manage?token=eyJlIjoiYUBleGFtcGxlLm9yZyJ9.abc.def", "navigate", "no-store"],
    ["/newsletter/unsubscribe?token=eyJlIjoiYUBleGFtcGxlLm9yZyJ9.abc.def", "navigate", "No-Store"],
    ["/api/scrap-yards?near=51.5,-0.12", "cors", "private, no-store"],
    ["/account", "navigate", "private, max-age=60"],
    ["/api/cities?page=2", "cors", 'max-age=60, private="Set-Cookie"'],
    ["/assets/secret-abc123.js", "no-cors", "no-store"],
  ])("never keeps %s, marked %s (%s)", async (path, mode, cacheControl) => {
    const worker = startWorker((asked) => answer(asked === path ? cacheControl : "public, max-age=60")(asked));
    expect(await (await worker.get(path, mode))?.text()).toContain("<body>");
    // A page kept after it, to know the worker is done keeping what it keeps.
    await worker.get("/za/durban");
    await vi.waitFor(() => expect(worker.saved()).toContain("/za/durban"));
    expect(worker.saved()).not.toContain(path);
  });

  it("keeps pages, API answers and assets that may be stored, and shows them offline", async () => {
    let online = true;
    const worker = startWorker((path) => {
      if (!online) throw new TypeError("Failed to fetch");
      return answer(path.startsWith("/api/") ? "public, max-age=60" : null)(path);
    });
    await worker.get("/za/durban");
    await worker.get("/api/stats", "cors");
    await worker.get("/assets/index-abc123.js", "no-cors");
    await vi.waitFor(() =>
      expect(worker.saved().sort()).toEqual(["/api/stats", "/assets/index-abc123.js", "/za/durban"]),
    );
    online = false;
    expect(await (await worker.get("/za/durban"))?.text()).toContain('<meta name="saved-copy"');
  });
});
