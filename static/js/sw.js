// The service worker: the app opens with no signal. Served at /sw.js by the app, which writes SETTINGS above
// this line (its version, the files every phone keeps, where the static files and the offline page are).
//
// - Static files: from the phone at once, refreshed in the background. The engine's files (Pyodide and the
//   packed engine, whose addresses change with their contents) are kept as they came.
// - Pages: from the network; a page of a match this phone keeps (its hand form, claim form, rules page, the
//   offline sheet) and the start page and match list are kept as they came, unless the answer says no-store
//   (the sheet itself, which shows the scoring key: it is never kept; with no signal the offline sheet stands
//   in for it). With no signal a kept page is shown, else the offline page.
// - A form sent with no signal: its fields are kept on the phone (IndexedDB, "pending") and the phone is sent
//   to the same form, kept, which puts the hand in the outbox (static/js/offline.js). Nothing is lost.
/* global SETTINGS */
"use strict";

const STATIC = "static-" + SETTINGS.version;
const ENGINE = "engine-" + SETTINGS.engine_version;
const PAGES = "pages";
// The pages a match started with no signal is drawn from (blank pages of each game, the start's landing page,
// the games' rules): the same for every match, so kept once per release of the app.
const START = "start-" + SETTINGS.version;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SETTINGS.precache.map(function (url) { return new Request(url, { cache: "reload" }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return (name.indexOf("static-") === 0 && name !== STATIC) || (name.indexOf("engine-") === 0 && name !== ENGINE)
        || (name.indexOf("start-") === 0 && name !== START);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function path(url) { return new URL(url, self.location.href).pathname; }

// A match's pages: /m/<id>/hand, /m/<id>/claim, /m/<id>/offline, /m/<id>/rules; and the start page, the match
// list. Only these are kept.
const MATCH_PAGE = /^\/m\/([^/]+)\/(hand(?:\/\d+)?|claim|offline|rules)$/;
function keepable(pathname) {
  return MATCH_PAGE.test(pathname) || pathname === "/" || pathname === "/matches" || pathname === SETTINGS.offline;
}
function noStore(response) {
  return /no-store/.test(response.headers.get("Cache-Control") || "");
}

function keepPage(request, response) {
  if (!response || !response.ok || response.redirected || noStore(response)) return Promise.resolve();
  const copy = response.clone();
  return caches.open(PAGES).then(function (cache) { return cache.put(path(request.url), copy); });
}

function fallback(pathname) {
  return caches.open(PAGES).then(function (cache) {
    const sheet = /^\/m\/([^/]+)$/.exec(pathname);
    return cache.match(sheet ? pathname + "/offline" : pathname).then(function (found) {
      return found || caches.open(START).then(function (start) { return start.match(pathname); });
    }).then(function (found) { return found || caches.match(SETTINGS.offline); });
  }).then(function (found) {
    return found || new Response("No signal.", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

// A match started on this phone with no signal (/m/new~<game>~<key>/…) is not on the server yet: its pages are the
// kept pages of a blank match of its game, which static/js/new-match.js fills in.
const NEW_MATCH = /^\/m\/new~([^/~]+)~[^/]+(?:\/(hand|claim|offline))?$/;
function newMatchPage(found) {
  return caches.open(START).then(function (cache) {
    return cache.match(SETTINGS.new + found[1] + "/" + (found[2] || "offline"));
  }).then(function (kept) { return kept || caches.match(SETTINGS.offline); }).then(function (kept) {
    return kept || new Response("No signal.", { status: 503, headers: { "Content-Type": "text/plain" } });
  });
}

function page(event) {
  const pathname = path(event.request.url);
  const started = NEW_MATCH.exec(pathname);
  if (started) return newMatchPage(started);
  return fetch(event.request).then(function (response) {
    // A proxy that cannot reach the server (502–504) is no signal too, when the phone keeps the page.
    if (response.status >= 502 && response.status <= 504) {
      return fallback(pathname).then(function (kept) { return kept.ok ? kept : response; });
    }
    if (keepable(pathname)) event.waitUntil(keepPage(event.request, response));
    return response;
  }, function () { return fallback(pathname); });
}

function fromStatic(event) {
  const pathname = path(event.request.url);
  const forever = pathname.indexOf(SETTINGS.static + "vendor/") === 0 || pathname.indexOf("/engine/") >= 0;
  const name = forever ? ENGINE : STATIC;
  return caches.open(name).then(function (cache) {
    // Kept in any of this worker's caches (the engine's files are kept when a match opens).
    return caches.match(event.request, { ignoreVary: true }).then(function (kept) {
      const fresh = fetch(event.request).then(function (response) {
        if (response.ok && response.status === 200) return cache.put(event.request, response.clone()).then(function () { return response; });
        return response;
      });
      if (kept) {
        if (!forever) event.waitUntil(fresh.catch(function () {}));
        return kept;
      }
      return fresh;
    });
  });
}

// IndexedDB, as offline.js opens it (static/js/phone-db.js).
importScripts(SETTINGS.static + "js/phone-db.js");
function openDb() { return self.scorekeeperDb(); }

function putPending(record) {
  return openDb().then(function (db) {
    return new Promise(function (resolve, reject) {
      const tx = db.transaction("pending", "readwrite");
      tx.objectStore("pending").put(record);
      tx.oncomplete = resolve;
      tx.onerror = function () { reject(tx.error); };
    });
  });
}

// A form sent from a match's page while the signal dropped: keep its fields, show the same form (kept) that
// finishes the job on the phone.
const FORM = /^\/m\/([^/]+)\/(hand|claim|thrown-in)$/;
function sendForm(event) {
  const pathname = path(event.request.url);
  const kept = event.request.clone();
  return fetch(event.request).catch(function () {
    const form = FORM.exec(pathname);
    // The start form: its fields are kept, and the phone starts the match itself (the page of SETTINGS.start).
    if (pathname === "/") {
      return kept.formData().then(function (data) {
        const fields = {};
        data.forEach(function (value, name) { if (typeof value === "string") fields[name] = value; });
        return putPending({ path: pathname, form: "start", fields: fields, at: Date.now() });
      }).then(function () { return Response.redirect(SETTINGS.start + "?offline=1", 303); });
    }
    // Any other form (a club's, a tournament's) needs the signal: the offline page says so and lists the matches
    // this phone keeps.
    if (!form) return caches.match(SETTINGS.offline).then(function (found) { return found || fallback(pathname); });
    return kept.formData().then(function (data) {
      const fields = {};
      data.forEach(function (value, name) { if (typeof value === "string") fields[name] = value; });
      return putPending({ path: pathname, match: form[1], form: form[2], fields: fields, at: Date.now() });
    }).then(function () {
      const back = form[2] === "thrown-in" ? "/m/" + form[1] : pathname;
      return Response.redirect(back + "?offline=1", 303);
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    event.respondWith(sendForm(event));
  } else if (request.method !== "GET") {
    return;
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.indexOf(SETTINGS.static) === 0 || url.pathname.indexOf("/engine/") >= 0) {
    event.respondWith(fromStatic(event));
  }
});

// Getting a phone ready for a match with no signal (install.js asks when a match's page opens): {type: "keep",
// match: id} keeps the match's hands as the server has them (IndexedDB "matches", as offline.js reads them), its
// pages, and the engine's files; {type: "forget", match: id} drops its pages. The answer goes back on the
// message's port: {ok: true} when everything was kept.
function keepData(id) {
  return fetch("/m/" + id + "/data.json", { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    if (!response.ok) throw new Error("no data");
    return response.json();
  }).then(function (data) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        const tx = db.transaction("matches", "readwrite");
        tx.objectStore("matches").put(data);
        tx.oncomplete = function () { resolve(data); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  });
}
// A page fetched to be kept says so: it must not use up the one-time message (a write's result, the match's key)
// that the page the phone opens next is to show (templates/base.html).
const KEEP = { credentials: "same-origin", cache: "no-store", headers: { "X-Scorekeeper-Keep": "1" } };
function keepPages(urls) {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, KEEP).then(function (response) {
        if (!response.ok || response.redirected || noStore(response)) return false;
        return cache.put(path(url), response).then(function () { return true; });
      }, function () { return false; });
    }));
  }).then(function (kept) { return kept.every(Boolean); });
}
// The start pages, each fetched only when this release has not kept it yet.
function keepStart() {
  return caches.open(START).then(function (cache) {
    return Promise.all(SETTINGS.start_pages.map(function (url) {
      return cache.match(url).then(function (found) {
        if (found) return true;
        return fetch(url, KEEP).then(function (response) {
          if (!response.ok || response.redirected || noStore(response)) return false;
          return cache.put(url, response).then(function () { return true; });
        }, function () { return false; });
      });
    }));
  }).then(function (kept) { return kept.every(Boolean); });
}
// One file at a time: the page's own requests and its live stream keep the browser's other connections.
function keepEngine() {
  return caches.open(ENGINE).then(function (cache) {
    return SETTINGS.engine.reduce(function (chain, url) {
      return chain.then(function (ok) {
        return cache.match(url).then(function (found) {
          if (found) return ok;
          return fetch(url, { credentials: "same-origin" }).then(function (response) {
            if (!response.ok) return false;
            return cache.put(url, response).then(function () { return ok; });
          }, function () { return false; });
        });
      });
    }, Promise.resolve(true));
  });
}
self.addEventListener("message", function (event) {
  const message = event.data || {};
  const port = event.ports && event.ports[0];
  let work = Promise.resolve(true);
  if (message.type === "keep" && message.match) {
    work = keepData(message.match).then(function (data) {
      const u = data.urls;
      return Promise.all([keepPages([u.offline, u.hand, u.claim, u.rules, "/matches", "/"]), keepEngine(), keepStart()]);
    }).then(function (done) { return done.every(Boolean); });
  } else if (message.type === "keep-start") {
    // "Get ready for no signal" on the start page: a match can be started, and scored, with none.
    work = Promise.all([keepPages(["/", "/matches"]), keepStart(), keepEngine()])
      .then(function (done) { return done.every(Boolean); });
  } else if (message.type === "forget" && message.match) {
    work = caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (r) {
          return path(r.url).indexOf("/m/" + message.match + "/") === 0;
        }).map(function (r) { return cache.delete(r); }));
      });
    }).then(function () { return true; });
  }
  event.waitUntil(work.then(function (ok) { if (port) port.postMessage({ ok: ok }); },
    function () { if (port) port.postMessage({ ok: false }); }));
});
