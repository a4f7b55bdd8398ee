/* The site's service worker (rulebook/publish/site/offline.py writes it at the site's root): it keeps each house
   a reader visits, every page of it in every language it publishes, for reading without a signal.

   What to keep is data, never code: the lists the build writes (offline.json at the root, in each
   house's folder and in each of its languages), read as JSON. A page asks for its house to be kept once
   it is shown ({type: "keep"}); the worker then asks the house's list whether its version changed,
   downloads a new version whole beside the one it has, and only then drops the old (a reader offline in
   the middle keeps reading the old). Network first: online, a reader always reads the edition
   published now; the caches answer only when the network fails. What is named by what it holds is
   answered from the caches first: the calculators' runtime (its folders), a script or a stylesheet of
   a given version (?v=). Printed files are kept when a reader
   opens one, or when the downloads page asks for them ({type: "keep-downloads"}). */
"use strict";

const SCOPE = self.registration.scope;          // the site's root
const RUNTIME_CACHE = "rulebook-runtime";       // rulebook/publish/site/offline.py's RUNTIME_CACHE
const SITE = `rulebook-site:${SCOPE}:`;         // + the root list's version
const HOUSE = (house) => `rulebook-house:${house}:`;       // + the house's version
const DOWNLOADS = (house) => `rulebook-downloads:${house}`;
const AT_ONCE = 4;                              // files fetched side by side while keeping

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/* The house folder an address is in (``<root><house>/``), or null for the root's own files. */
function houseOf(url) {
  if (!url.startsWith(SCOPE)) {
    return null;
  }
  const first = url.slice(SCOPE.length).split(/[/?#]/);
  return first.length > 1 && first[0] && !first[0].startsWith("_") ? SCOPE + first[0] + "/" : null;
}

async function listed(url) {
  const response = await fetch(url, {cache: "no-cache"});
  if (!response.ok) {
    throw new Error(`${url}: ${response.status}`);
  }
  return [response, await response.clone().json()];
}

/* Every address into ``cache``, a few at a time, each unless it is there already; fails if one fails.
   ``asked``: the page the reader opened, as the browser fetched it (its ?q=…, or its folder for its
   index): fetched as it was, the browser's copy answers, and the page is not downloaded a second time. */
async function fill(cache, addresses, progress, asked) {
  const queue = [...addresses];
  const page = asked ? asked.split("?")[0].replace(/\/$/, "/index.html") : null;
  let done = 0;
  async function next() {
    while (queue.length) {
      const address = queue.shift();
      if (address === page && asked !== address) {
        const response = await fetch(asked);
        if (!response.ok) {
          throw new Error(`${asked}: ${response.status}`);
        }
        await cache.put(address, response);
      } else if (!(await cache.match(address))) {
        await cache.add(address);
      }
      done += 1;
      if (progress) {
        progress(done, addresses.length);
      }
    }
  }
  await Promise.all(Array.from({length: AT_ONCE}, next));
}

/* A version kept whole: the cache named for it holds its list, put there last. */
async function whole(name, list) {
  return (await caches.has(name)) && Boolean(await (await caches.open(name)).match(list));
}

/* Replace every other cache whose name starts with ``prefix`` by ``name``, once ``name`` is whole. */
async function only(prefix, name) {
  for (const other of await caches.keys()) {
    if (other.startsWith(prefix) && other !== name) {
      await caches.delete(other);
    }
  }
}

async function keepSite() {
  const list = SCOPE + "offline.json";
  const [response, data] = await listed(list);
  const name = SITE + data.version;
  if (!(await whole(name, list))) {
    const cache = await caches.open(name);
    await fill(cache, data.files.map((file) => new URL(file, SCOPE).href));
    await cache.put(list, response);
    await only(SITE, name);
  }
}

/* A house, every language it publishes: the languages' lists, then their files, then the house's
   list, which marks the version whole. The printed files a reader kept are fetched again for it. */
async function keepHouse(house, runtime, asked) {
  const list = house + "offline.json";
  const [response, data] = await listed(list);
  const name = HOUSE(house) + data.version;
  const languages = [];
  if (!(await whole(name, list))) {
    const cache = await caches.open(name);
    for (const lang of Object.keys(data.languages)) {
      const folder = `${house}${lang}/`;
      const [answer, files] = await listed(folder + "offline.json");
      await fill(cache, files.files.map((file) => new URL(file, folder).href), null, asked);
      await cache.put(folder + "offline.json", answer);
      languages.push([folder, files]);
    }
    await refreshDownloads(house, languages);
    await cache.put(list, response);
    await only(HOUSE(house), name);
  } else {
    const cache = await caches.open(name);
    for (const lang of Object.keys(data.languages)) {
      const folder = `${house}${lang}/`;
      languages.push([folder, await (await cache.match(folder + "offline.json")).json()]);
    }
  }
  if (runtime) {
    await keepRuntime(languages);
  }
}

/* The printed files a reader kept, as the new edition offers them (a file it no longer offers is let go). */
async function refreshDownloads(house, languages) {
  const cache = await caches.open(DOWNLOADS(house));
  const offered = new Set(languages.flatMap(([folder, files]) => files.downloads.map((file) => new URL(file, folder).href)));
  for (const request of await cache.keys()) {
    if (offered.has(request.url)) {
      await cache.add(request.url);
    } else {
      await cache.delete(request);
    }
  }
}

/* The calculators' runtime the house's pages start from; an earlier runtime's files let go. */
async function keepRuntime(languages) {
  const wanted = [...new Set(languages.flatMap(([folder, files]) => files.runtime.map((file) => new URL(file, folder).href)))];
  if (!wanted.length) {
    return;
  }
  const cache = await caches.open(RUNTIME_CACHE);
  await fill(cache, wanted);
  const folders = new Set(wanted.map((url) => url.slice(0, url.lastIndexOf("/") + 1)));
  for (const request of await cache.keys()) {
    if (!folders.has(request.url.slice(0, request.url.lastIndexOf("/") + 1))) {
      await cache.delete(request);
    }
  }
}

/* The language's printed files, every one, reporting how many are kept so far. */
async function keepDownloads(folder, progress) {
  const house = houseOf(folder);
  const [, files] = await listed(folder + "offline.json");
  await fill(await caches.open(DOWNLOADS(house)), files.downloads.map((file) => new URL(file, folder).href), progress);
}

async function downloadsKept(folder) {
  const house = houseOf(folder);
  const list = await caches.match(folder + "offline.json");
  const files = list ? await list.json() : (await listed(folder + "offline.json"))[1];
  const cache = await caches.open(DOWNLOADS(house));
  let kept = 0;
  for (const file of files.downloads) {
    kept += (await cache.match(new URL(file, folder).href)) ? 1 : 0;
  }
  return {kept, total: files.downloads.length};
}

/* One keeping at a time per house (a reader opening pages quickly asks again and again). */
const keeping = new Map();

self.addEventListener("message", (event) => {
  const message = event.data || {};
  const port = event.ports[0];
  const reply = (data) => port && port.postMessage(data);
  let work = null;
  if (message.type === "keep" && houseOf(String(message.house))) {
    const house = houseOf(String(message.house));
    if (!keeping.has(house)) {
      const asked = houseOf(String(message.page)) === house ? String(message.page).split("#")[0] : null;
      keeping.set(house, keepSite().then(() => keepHouse(house, Boolean(message.runtime), asked))
        .finally(() => keeping.delete(house)));
    }
    work = keeping.get(house);
  } else if (message.type === "keep-downloads" && houseOf(String(message.folder))) {
    work = keepDownloads(String(message.folder), (done, total) => reply({state: "keeping", done, total}));
  } else if (message.type === "downloads-kept" && houseOf(String(message.folder))) {
    work = downloadsKept(String(message.folder)).then((counted) => reply({state: "counted", ...counted}));
  }
  if (work) {
    event.waitUntil(work.then(() => reply({state: "kept"}), () => reply({state: "failed"})));
  }
});

/* Offline: the kept copy of what was asked (a page's ?q= and an asset's ?v= name the same file); a
   folder's address is its index; a rule's permanent address leads to the rule; any other page is the
   language's 404 page, or the site's. */
async function kept(request) {
  const url = new URL(request.url);
  const found = await caches.match(request, {ignoreSearch: true});
  if (found || request.mode !== "navigate") {
    return found;
  }
  if (url.pathname.endsWith("/")) {
    const index = await caches.match(new URL("index.html", url).href, {ignoreSearch: true});
    if (index) {
      return index;
    }
  }
  const rule = url.pathname.match(/^(.*\/)r\/([^/]+)$/);
  if (rule) {
    const folder = new URL(rule[1], url).href;
    const list = await caches.match(folder + "offline.json");
    const target = list && (await list.json()).rules[`r/${decodeURIComponent(rule[2])}`];
    if (target) {
      return Response.redirect(new URL(target, folder).href, 302);
    }
  }
  const house = houseOf(url.href);
  const end = house ? url.href.indexOf("/", house.length) : -1;
  return (end > 0 && await caches.match(url.href.slice(0, end + 1) + "404.html")) || caches.match(SCOPE + "404.html");
}

async function fromRuntime(request) {
  const cache = await caches.open(RUNTIME_CACHE);
  const found = await cache.match(request);
  if (found) {
    return found;
  }
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
  }
  return response;
}

/* A printed file a reader opened is kept (whole: never a part of it that a viewer asked for). */
function keepOpened(event, response) {
  const house = houseOf(event.request.url);
  if (response.status === 200 && house && /\/downloads\/[^/]+$/.test(new URL(event.request.url).pathname)) {
    const copy = response.clone();
    event.waitUntil(caches.open(DOWNLOADS(house)).then((cache) => cache.put(event.request.url, copy)).catch(() => undefined));
  }
}

async function fromNetwork(event) {
  try {
    const response = await fetch(event.request);
    keepOpened(event, response);
    return response;
  } catch (failure) {
    return (await kept(event.request)) || Response.error();
  }
}

/* A script or stylesheet named with its version (Sphinx's ?v=, the digest of its bytes): the kept copy
   of exactly that version is that file, so it answers at once, without asking the network first. */
async function versioned(event) {
  return (await caches.match(event.request)) || fromNetwork(event);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) {
    return;
  }
  if (request.url.startsWith(SCOPE + "_runtime/")) {
    event.respondWith(fromRuntime(request));
  } else if (new URL(request.url).searchParams.has("v")) {
    event.respondWith(versioned(event));
  } else {
    event.respondWith(fromNetwork(event));
  }
});
