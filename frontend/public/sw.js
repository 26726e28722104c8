// ScrapIndex service worker: repeat visits and offline viewing of pages seen before.
// The server fills in the build's version and its entry files when it serves this file, so a new
// deployment is a new worker: it installs, takes over at once and drops the old caches.
const VERSION = "__BUILD_VERSION__";
const PRECACHE = __PRECACHE__;
const SHELL = `shell-${VERSION}`;
const RUNTIME = `runtime-${VERSION}`;
const PRIVATE = ["/api/admin/", "/api/auth/"];
// Shown instead of a page never seen here, when the network or the server is gone.
const OFFLINE_PAGE = "/offline.html";
// When a copy was saved: a header on every kept copy, and a <meta> in a page shown from one
// (components/layout/connection.ts reads both and says "Shown from a copy saved on …").
const SAVED_AT = "X-Saved-At";
// The server, or the proxy in front of it, is away: answer from a copy when there is one.
const AWAY = [502, 503, 504];
// Cache-Control directives that forbid a copy here: the pages a mail's link opens (a token in
// the address, someone's alerts on the page), a visitor's position. Cache Storage outlives the
// visit and anyone at the device can read it.
const NOT_KEPT = ["no-store", "private"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([...PRECACHE, OFFLINE_PAGE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== RUNTIME).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Hashed assets never change: cache first. Pages and API answers: the network first, so prices
// stay fresh, and the last copy seen when the network is gone or the server is away.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (PRIVATE.some((prefix) => url.pathname.startsWith(prefix))) return; // operators' data: never kept
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/")) {
    event.respondWith(networkFirst(request));
  }
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && mayKeep(response)) (await caches.open(RUNTIME)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const copy = await savedCopy(request);
    if (copy) return copy;
    if (request.mode === "navigate") return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
    throw error;
  }
  if ((response.ok || response.status === 404) && mayKeep(response)) {
    keep(request, response.clone()).catch(() => undefined); // full: no copy
  }
  if (AWAY.includes(response.status)) return (await savedCopy(request)) ?? response;
  return response;
}

/** Whether an answer may be kept: its Cache-Control names neither no-store nor private (any case, any value). */
function mayKeep(response) {
  const directives = (response.headers.get("Cache-Control") ?? "").toLowerCase().split(",");
  return !directives.some((directive) => NOT_KEPT.includes(directive.split("=")[0].trim()));
}

/** Keeps a copy of an answer, stamped with the time it was saved. */
async function keep(request, response) {
  const copy = rewrapped(response, await response.blob());
  copy.headers.set(SAVED_AT, new Date().toISOString());
  await (await caches.open(RUNTIME)).put(request, copy);
}

/** An answer with a new body: its length and encoding headers described the old one. */
function rewrapped(response, body) {
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The last copy of a request (the home page precached at install is older than a later visit's). */
async function savedCopy(request) {
  const copy = (await (await caches.open(RUNTIME)).match(request)) ?? (await caches.match(request));
  if (!copy || request.mode !== "navigate") return copy;
  // A page says it is a copy, and of when; the app shows that line (an API copy has the header).
  const saved = new Date(copy.headers.get(SAVED_AT) ?? copy.headers.get("Date") ?? "");
  const stamp = Number.isNaN(saved.getTime()) ? "" : saved.toISOString();
  const html = (await copy.text()).replace("<head>", `<head><meta name="saved-copy" content="${stamp}">`);
  return rewrapped(copy, html);
}
