/* Service worker: the whole site works offline once one page has been visited.
 *
 * On install it caches every page and asset of the build (the list below is filled in at build
 * time by rulesite/search.py). Pages are fetched network-first, so a reader online always gets
 * the current rules; assets cache-first. The API under <scope>api/ is never cached: its answers
 * are dice rolls and must be fresh.
 */
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `pravidla-${VERSION}`;
const SCOPE = new URL(self.registration.scope);
const API = new URL("api/", SCOPE).pathname;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, SCOPE).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("pravidla-") && key !== CACHE)
          .map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    const notFound = await cache.match(new URL("404.html", SCOPE).href);
    if (notFound) return notFound;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== SCOPE.origin) return;
  if (url.pathname.startsWith(API)) return;
  const isPage = event.request.mode === "navigate" || url.pathname.endsWith("/")
    || url.pathname.endsWith(".html") || url.pathname.endsWith(".json");
  event.respondWith(isPage ? networkFirst(event.request) : cacheFirst(event.request));
});
