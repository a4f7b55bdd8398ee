/* An earlier edition kept each language of a house apart, with a worker of its own in the language's
   folder. The site's worker (sw.js at the site's root) now keeps the whole house: this one, found by a
   browser that still has the old one, drops the old one's copies and lets go, so that the site's takes
   these pages. (rulebook/publish/site/offline.py writes it; it never keeps anything.) */
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => /^rulebook-[a-z0-9-]+-[a-z]{2}-[0-9a-f]+$/.test(name))
      .map((name) => caches.delete(name))))
    .then(() => self.registration.unregister()));
});
