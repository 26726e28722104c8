// ScrapIndex service worker: repeat visits and offline viewing of pages seen before.
// The server fills in the build's version and its entry files when it serves this file, so a new
// deployment is a new worker: it installs, takes over at once and drops the old caches.
const VERSION = "__BUILD_VERSION__";
const PRECACHE = __PRECACHE__;
const SHELL = `shell-${VERSION}`;
const RUNTIME = `runtime-${VERSION}`;
const PRIVATE = ["/api/admin/", "/api/auth/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
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
// stay fresh, and the last copy seen when the network is gone or the server answers 503.
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
  if (response.ok) (await caches.open(RUNTIME)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok || response.status === 404) (await caches.open(RUNTIME)).put(request, response.clone());
    if (response.status === 503) return (await caches.match(request)) ?? response; // database away: the last copy seen
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    if (request.mode === "navigate") {
      const shell = await caches.match("/");
      if (shell) return shell;
    }
    throw error;
  }
}
