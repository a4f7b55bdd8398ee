/* The rulebook's service worker (rulebook/offline.py writes RULEBOOK above: its cache's name, the
   digest of what it keeps, the files). Network first: online, a reader always reads the edition
   published now; the cache answers only when the network fails. A new edition is a new worker whose
   cache replaces this one's when it activates. */
const CACHE = RULEBOOK.cache + RULEBOOK.version;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(RULEBOOK.files)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(RULEBOOK.cache) && name !== CACHE).map((name) => caches.delete(name))
  )).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) {
    return;
  }
  event.respondWith(fetch(request).catch(() => caches.open(CACHE).then((cache) =>
    // A page's query (?q=) and an asset's version (?v=) name the same file kept.
    cache.match(request, {ignoreSearch: true}).then((found) =>
      found || (request.mode === "navigate" ? cache.match("404.html") : undefined)
    ).then((found) => found || Response.error())
  )));
});
