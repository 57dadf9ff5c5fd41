// Offline support, one cache per build. build.py fills in the build id and, for each file the
// app needs, a hash of its content (the first 16 hex digits of its SHA-256):
//   SHELL    the page and its modules: cached when this build's service worker installs;
//   RUNTIME  Pyodide and the compiled package: cached once the page's engine has loaded them
//            (the page says "runtime-loaded"), or as they pass through this worker.
// Each file moves over the network once. A new build copies every file whose hash did not change
// from the previous build's cache. Any other file is taken from the browser's HTTP cache, where
// the page's own load has just put it (no request at all, not even a revalidation), and kept only
// if its content has this build's hash; a file the HTTP cache lacks, or holds in another
// build's version, is fetched afresh. So the cache holds exactly this build, and a first visit
// downloads what the app needs once. Any other file of the site (demo pages, PyScript) is cached
// the first time a page of this scope loads it.
//
// Updates: a page load (navigation) is served from this build's cache at once, never waiting on
// the server, so a return visit is as quick as a reload. The page then asks the server for its
// sw.js (registration.update()); a newer build found there installs beside this one (copying
// every unchanged file from this cache) and waits. The page says a new version is ready
// (panels/update.js), and the next load takes it: the waiting build takes over, and that
// navigation is redirected to itself, so it is served whole by the new build, never old modules
// with a new package (with no page open, the browser hands over by itself). Offline, the check
// fails quietly and the page loads from the cache as it is. Paths are relative to this file, so
// the app works from a sub-path too.
const BUILD = "__BUILD__";
const SHELL = __SHELL__;
const RUNTIME = __RUNTIME__;
const PREFIX = "sudoku-grader-";
const CACHE = PREFIX + BUILD;
const MANIFEST = "__manifest__.json"; // in each cache: {path: hash} of the build that wrote it

const url = (path) => new URL(path, self.location).href;

async function previousCaches() {
  const out = [];
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) continue;
    const cache = await caches.open(key);
    const manifest = await cache.match(url(MANIFEST));
    if (manifest) out.push({ cache, files: await manifest.json() });
  }
  return out;
}

/** The file from an older build's cache if its content is the same, else null. */
async function reuse(old, path, hash) {
  for (const { cache, files } of old) {
    if (files[path] !== hash) continue;
    const hit = await cache.match(url(path), { ignoreVary: true });
    if (hit) return hit;
  }
  return null;
}

async function sha16(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** This build's `path` from the network: from the HTTP cache if it holds this build's version,
 * else fetched afresh; null when the server has another version (a newer deploy: this build is
 * outdated, and the next page load installs the new one). The second try bypasses the HTTP cache:
 * a revalidation could keep a changed file whose date did not change. */
async function fetchBuilt(path, hash) {
  for (const mode of ["force-cache", "reload"]) {
    const res = await fetch(new Request(url(path), { cache: mode }));
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    if ((await sha16(res)) === hash) return res;
  }
  return null;
}

/** Put `files` ({path: hash}) in this build's cache: a file already there stays; one with the
 * same content as another path ("./" and index.html) is copied; `old` builds' caches, then (with
 * `network`) fetchBuilt provide the rest. Returns the paths it could not get in this build's version. */
async function fill(cache, files, old, network = true) {
  const missed = [];
  const byHash = new Map();
  for (const [path, hash] of Object.entries(files)) {
    let res = await cache.match(url(path), { ignoreVary: true });
    if (!res) {
      const twin = byHash.get(hash);
      res = (twin && (await cache.match(url(twin), { ignoreVary: true }))) || (await reuse(old, path, hash));
      if (!res && network) res = await fetchBuilt(path, hash);
      if (res) await cache.put(url(path), res);
      else missed.push(path);
    }
    if (res) byHash.set(hash, path);
  }
  return missed;
}

/** Static routes (Chrome 123+; elsewhere the fetch handler serves everything). The page's own
 * files (web/, precached at install) are read by the browser from this build's cache without
 * waking this worker or waiting for it; while the worker is not running (the first load after a
 * browser restart), so is everything else in its scope, the page itself included. A file the
 * cache lacks comes from the network. Once the worker runs, a page load goes through the fetch
 * handler, so a reload can hand over to a newer build; files outside web/ (drills, Pyodide) are
 * kept as they pass, and the demos' files (NOT_APP in build.py) stay with the handler. */
function addRoutes(event) {
  if (!("addRoutes" in event) || typeof URLPattern === "undefined") return;
  const scope = new URL(url("./"));
  const at = (pathname) => new URLPattern({ protocol: scope.protocol.slice(0, -1), hostname: scope.hostname, port: scope.port, pathname: scope.pathname + pathname });
  const cache = { cacheName: CACHE };
  const demos = ["web/embed.js", "web/embed/*", "web/offline.js", "web/examples.css"].map((p) => ({ urlPattern: at(p) }));
  event.waitUntil(event.addRoutes([
    { condition: { or: demos }, source: "fetch-event" },
    { condition: { requestMethod: "GET", urlPattern: at("web/*") }, source: cache },
    { condition: { runningStatus: "not-running", requestMethod: "GET", urlPattern: at("*") }, source: cache },
  ]).catch(() => {}));
}

self.addEventListener("install", (event) => {
  addRoutes(event);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const old = await previousCaches();
      const missed = await fill(cache, SHELL, old);
      if (missed.length) throw new Error(`the server holds another build (${missed.join(", ")})`);
      await fill(cache, RUNTIME, old, false); // what the page loads next: never fetched here
      const files = JSON.stringify({ ...SHELL, ...RUNTIME });
      await cache.put(url(MANIFEST), new Response(files, { headers: { "Content-Type": "application/json" } }));
      // The first install takes over at once; an update waits for the next page load (below).
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

// (A page also sends "stay" while a newer build waits, only to keep this worker running.)
self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
  else if (event.data?.type === "keep") event.waitUntil(keep(event.data.urls || [], event.source));
  else if (event.data?.type === "runtime-loaded") event.waitUntil(keepRuntime());
});

/** The page's engine has loaded the runtime (so the HTTP cache holds it): keep it for offline use
 * and the next visit. Nothing happens once a newer build took over (this cache is gone). */
async function keepRuntime() {
  try {
    if (!(await caches.has(CACHE))) return;
    await fill(await caches.open(CACHE), RUNTIME, []);
  } catch {
    /* offline use is a bonus: the next visit caches the runtime as it passes */
  }
}

/** A page outside the app (a demo) names what it loaded, to work offline from then on. */
async function keep(urls, client) {
  const cache = await caches.open(CACHE);
  for (const u of urls) {
    if (typeof u !== "string" || !u.startsWith(url("./")) || u.startsWith(url(MANIFEST))) continue;
    const clean = u.split("#")[0];
    if (await cache.match(clean, { ignoreSearch: true, ignoreVary: true })) continue;
    try {
      await cache.add(clean);
    } catch {
      /* gone or offline: the next visit caches it as it passes */
    }
  }
  client?.postMessage({ type: "kept" });
}

function within(ms, promise) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms))]);
}

function reached(worker, states) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (states.includes(worker.state)) resolve();
      else if (worker.state === "redundant") reject(new Error("the new service worker failed to install"));
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

/** True when the newer build waiting beside this one now controls the site. */
async function tookOverByNewerBuild() {
  const next = self.registration.waiting;
  try {
    if (!next) return false;
    next.postMessage("take-over");
    // Once it activates, the redirected navigation goes to it (and waits while it is still
    // activating), so a slow activation must not fall back to this build's, now deleted, cache.
    await within(10_000, reached(next, ["activated"])).catch(() => {});
    return next.state === "activating" || next.state === "activated";
  } catch {
    return false; // offline, slow or broken: keep serving this build
  }
}

async function fromCache(request) {
  // A newer build took over and deleted this build's cache: never bring it back half-filled.
  if (!(await caches.has(CACHE))) return fetch(request);
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === "basic") await cache.put(request, res.clone());
  return res;
}

/** This build's page (the cached one, or the network's when the cache lacks it, or index.html). */
async function page(request) {
  try {
    return await fromCache(request);
  } catch (e) {
    const hit = await caches.match(url("index.html"), { cacheName: CACHE, ignoreVary: true });
    if (hit) return hit;
    throw e;
  }
}

async function navigate(request) {
  // A newer build found by an earlier check: it takes over and serves this load whole.
  if (self.registration.waiting && (await tookOverByNewerBuild())) return Response.redirect(request.url, 303);
  return page(request); // the page asks the server for a newer build once it runs (panels/update.js)
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(url("./"))) return;
  event.respondWith(req.mode === "navigate" ? navigate(req) : fromCache(req));
});
