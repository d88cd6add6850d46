// The desk's service worker: it keeps the desk's files (the page, the Pyodide runtime, the
// engine) so the desk answers offline once it has been loaded. Other pages of the site are
// fetched as usual.
const CACHE = "kanasta-desk-__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new URL(f, self.location).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kanasta-desk-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The desk's runtime and engine (_desk/, renewed with this worker when they change): cache
// first. The page and the theme's files (_static/, shared with the other pages): the
// network first, the cache when offline, so no page of the site is ever served stale.
function kind(url) {
  const scope = new URL("./", self.location);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const path = url.pathname.slice(scope.pathname.length);
  if (path.startsWith("_desk/")) return "cache-first";
  if (path === "desk.html" || path.startsWith("_static/")) return "network-first";
  return null;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const how = event.request.method === "GET" ? kind(url) : null;
  if (how === null) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      if (how === "cache-first") {
        const hit = await cache.match(event.request, { ignoreSearch: true });
        if (hit) return hit;
      }
      try {
        const response = await fetch(event.request);
        if (response.ok) cache.put(event.request, response.clone());
        return response;
      } catch (error) {
        const hit = await cache.match(event.request, { ignoreSearch: true });
        if (hit) return hit;
        throw error;
      }
    }),
  );
});
