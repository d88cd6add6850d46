// The desk's service worker: it keeps the desk's files (the page, the Pyodide runtime, the
// engine) so the desk answers offline once it has been loaded. Other pages of the site are
// fetched as usual; the desk's files come from the cache first.
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

// The desk's own files and the theme's files the page uses (_static/): cache first, and a
// file fetched once is kept.
function isDesk(url) {
  const scope = new URL("./", self.location);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return false;
  const path = url.pathname.slice(scope.pathname.length);
  return path === "desk.html" || path.startsWith("_desk/") || path.startsWith("_static/");
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !isDesk(url)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      const response = await fetch(event.request);
      if (response.ok) cache.put(event.request, response.clone());
      return response;
    }),
  );
});
