/* The rulebook's service worker (rulebook/publish/offline.py writes RULEBOOK above: its cache's name, the
   digest of what it keeps, the files, where the calculators' runtime is). Network first: online, a
   reader always reads the edition published now; the cache answers only when the network fails. A
   new edition is a new worker whose cache replaces this one's when it activates. The runtime's
   folders are named by what they hold (a new engine is a new folder), so its cache answers first:
   the calculators page fills it, and only that page (megabytes a reader who never calculates never
   downloads). */
const CACHE = RULEBOOK.cache + RULEBOOK.version;
const RUNTIME = new URL(RULEBOOK.runtime, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(RULEBOOK.files)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(RULEBOOK.cache) && name !== CACHE).map((name) => caches.delete(name))
  )).then(() => self.clients.claim()));
});

function fromRuntime(request) {
  return caches.open(RULEBOOK.runtime_cache).then((cache) => cache.match(request).then((found) =>
    found || fetch(request).then((response) => {
      if (response.ok) {
        cache.put(request, response.clone());
      }
      return response;
    })
  ));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method === "GET" && request.url.startsWith(RUNTIME)) {
    event.respondWith(fromRuntime(request));
    return;
  }
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
