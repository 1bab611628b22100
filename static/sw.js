// warpscope's service worker: keeps the playground working offline once it
// has been loaded.
//
// `cargo xtask dist` copies this file to the root of dist/ (next to
// index.html, so that its scope is the whole site) and replaces VERSION
// with a digest of the bundle. A new deploy therefore brings a new worker,
// which fills a new cache and deletes the old one.
//
// With a release VERSION every request of the site is answered cache-first:
// the application shell (index.html, style, icon, manifest, the wasm bundle)
// is stored when the worker installs, anything else the first time it is
// fetched. Page loads (navigations) get the cached index.html whatever
// their query, and the state in the URL fragment never reaches the network.
//
// Served from the repository during development (VERSION "dev", at
// static/sw.js) the worker answers network-first, so a rebuilt bundle is
// never hidden behind a stale cache.
"use strict";

const VERSION = "dev";
const CACHE = "warpscope-" + VERSION;

// The site root: this file lives either there (dist) or in static/.
const ROOT = new URL(
  /\/static\/sw\.js$/.test(self.location.pathname) ? "../" : "./",
  self.location.href
);

const SHELL = [
  "./",
  "index.html",
  "static/pkg/style.css",
  "static/icon.svg",
  "static/manifest.webmanifest",
  "static/pkg/warpscope.js",
  "static/pkg/warpscope_bg.wasm",
  // The wasm's functions that starting the page does not run, which the
  // page fetches once it is shown.
  "static/pkg/warpscope_rest.wasm",
  // The styles of the features that wait for it, fetched with it.
  "static/pkg/features.css",
  // Fetched by the page only when first needed (the reference pane's
  // descriptions, the Chinese interface, the puzzles, the examples);
  // stored here so that they are there offline too.
  "static/pkg/w128.wsd",
  "static/pkg/sm50.wsd",
  "static/pkg/gfx9.wsd",
  "static/pkg/zh.txt",
  "static/pkg/puzzles.txt",
  "static/pkg/examples.txt",
].map((p) => new URL(p, ROOT).href);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("warpscope-") && k !== CACHE)
            .map((k) => caches.delete(k))
        )
      )
      .then(() => self.clients.claim())
  );
});

function cacheFirst(request) {
  const key = request.mode === "navigate" ? new URL("./", ROOT).href : request;
  return caches.open(CACHE).then((cache) =>
    cache.match(key, { ignoreSearch: request.mode === "navigate" }).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok && response.type === "basic") {
            cache.put(request, response.clone());
          }
          return response;
        })
    )
  );
}

function networkFirst(request) {
  return fetch(request).catch(() =>
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || Response.error())
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    VERSION === "dev" ? networkFirst(request) : cacheFirst(request)
  );
});
