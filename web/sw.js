// Offline support: on install, cache every file of this build; then answer from the cache first.
// build.py fills in the build id and the file list; the cache is named after the build, so a new
// build replaces the old cache on its next activation. Paths are relative to this file, so the
// app works from a sub-path too.
const BUILD = "__BUILD__";
const ASSETS = __ASSETS__;
const CACHE = `sudoku-grader-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(ASSETS.map((a) => new URL(a, self.location).href))),
  );
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith("sudoku-grader-") && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      try {
        const res = await fetch(req);
        if (res.ok && res.type === "basic") cache.put(req, res.clone());
        return res;
      } catch (e) {
        if (req.mode === "navigate") {
          const page = await cache.match(new URL("index.html", self.location).href);
          if (page) return page;
        }
        throw e;
      }
    })(),
  );
});
