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

// The files every phone keeps, the offline page among them: fetched as a kept page is (KEEP below), so that the
// offline page neither shows nor uses up the one-time message (the match's key) the page the phone opens next is
// to show; an answer that is not to be kept (no-store) fails the install, as one that is not there does.
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return Promise.all(SETTINGS.precache.map(function (url) {
      return fetch(new Request(url, Object.assign({}, KEEP, { cache: "reload" }))).then(function (response) {
        if (!response.ok || noStore(response)) throw new Error("not kept: " + url);
        return cache.put(url, response);
      });
    }));
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

// The engine's files: from the kept copy, checked; one not kept yet is kept (checked) first, by the same download
// the keep would make, so it is never fetched twice nor kept unchecked.
function engineFile(pathname) {
  if (!SETTINGS.engine) return null;
  const files = SETTINGS.engine.files.concat(Object.keys(SETTINGS.engine.catalogs).map(function (language) {
    return SETTINGS.engine.catalogs[language];
  }));
  return files.find(function (file) { return path(file.url) === pathname; }) || null;
}
function fromEngine(event, file) {
  return caches.open(ENGINE).then(function (cache) {
    return cache.match(file.url).then(function (checked) {
      if (checked && checked.headers.get("X-Scorekeeper-Kept") === file.sha256) return checked;
      // Not kept checked yet: the app's own copy (engine.js is among the files every phone keeps) while it is
      // kept; else kept now, then served.
      return caches.match(event.request, { ignoreVary: true }).then(function (other) {
        const keeping = keepFile(cache, file);
        if (other) {
          event.waitUntil(keeping);
          return other;
        }
        return keeping.then(function () { return cache.match(file.url); }).then(function (kept) {
          return kept || fetch(event.request);
        });
      });
    });
  });
}

function fromStatic(event) {
  const pathname = path(event.request.url);
  const file = engineFile(pathname);
  if (file) return fromEngine(event, file);
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

// Getting a phone ready for no signal (install.js asks when a match's page or the start page opens):
//
//   {type: "count", match?, revision, language, snapshot}  answered with what the phone holds now (count below);
//   {type: "keep", match?, language}   keeps what is missing (a match: its hands in IndexedDB, its pages; the
//                                      start page: the blank pages and rules of every game), then the engine;
//   {type: "forget", match}            drops the match's kept pages.
//
// Each file kept is announced to every page ({type: "kept"}), so their lines count on. A keep cut off (a reload,
// the worker stopped by the browser, the signal lost mid-download) starts again from what is missing when a page
// asks next: install.js asks on every page, and again while its count does not move.

// The engine's files for a phone whose pages speak `language`: Pyodide, the packed engine, the two scripts, and
// the catalog of that language only (English needs none). Smallest first, so the count moves while the
// WebAssembly, the largest, comes last.
function engineFiles(language) {
  if (!SETTINGS.engine) return [];
  const files = SETTINGS.engine.files.slice();
  const catalog = SETTINGS.engine.catalogs[language];
  if (catalog) files.push(catalog);
  return files.sort(function (a, b) { return a.bytes - b.bytes; });
}
function matchPages(id) {
  return ["/m/" + id + "/offline", "/m/" + id + "/hand", "/m/" + id + "/claim", "/m/" + id + "/rules", "/matches", "/"];
}
// What the phone holds of it now, read from Cache Storage and IndexedDB when asked (never a keep's own answer):
// {kept, total, left (bytes still to download), prepare (every file kept, the engine's snapshot not yet made),
// kit (engine.js and where it finds the rest, to make it)}. An engine file counts only in the copy checked by
// keepFile (its SHA-256 in a header); the match's hands only as new as the page's revision. With snapshot, the
// engine's memory snapshot (made on the phone by its first start, engine-worker.js) counts too.
function checkedCopy(names, file) {
  return names.reduce(function (chain, name) {
    return chain.then(function (found) {
      return found || caches.open(name).then(function (cache) { return cache.match(file.url); }).then(function (kept) {
        return Boolean(kept) && kept.headers.get("X-Scorekeeper-Kept") === file.sha256;
      });
    });
  }, Promise.resolve(false));
}
function keptMatch(id, revision) {
  return openDb().then(function (db) {
    return new Promise(function (resolve) {
      const get = db.transaction("matches", "readonly").objectStore("matches").get(id);
      get.onsuccess = function () { resolve(Boolean(get.result) && get.result.revision >= revision); };
      get.onerror = function () { resolve(false); };
    });
  }).catch(function () { return false; });
}
function count(message) {
  if (!SETTINGS.engine) return Promise.resolve({ kept: 0, total: 0 });  // a server without Pyodide: never ready
  const files = engineFiles(message.language);
  const pages = message.match ? matchPages(message.match) : ["/", "/matches"].concat(SETTINGS.start_pages);
  const snapshot = SETTINGS.kit.data.engine + "?snapshot=" + encodeURIComponent(SETTINGS.kit.data.version);
  return caches.keys().then(function (names) {
    return Promise.all([
      Promise.all(files.map(function (file) { return checkedCopy(names, file).catch(function () { return false; }); })),
      Promise.all(pages.map(function (url) { return caches.match(url).then(Boolean, function () { return false; }); })),
      message.match ? keptMatch(message.match, message.revision || 0) : Promise.resolve(true),
      caches.open("snapshots").then(function (cache) { return cache.match(snapshot); }).then(Boolean, function () { return false; }),
    ]);
  }).then(function (found) {
    const kept = found[0].filter(Boolean).length + found[1].filter(Boolean).length + (message.match && found[2] ? 1 : 0);
    const total = files.length + pages.length + (message.match ? 1 : 0);
    const made = found[3] || !message.snapshot;
    return {
      kept: kept + (made ? 1 : 0), total: total + 1, prepare: kept === total && !made, kit: SETTINGS.kit,
      left: files.reduce(function (sum, file, i) { return sum + (found[0][i] ? 0 : file.wire); }, 0),
    };
  });
}

function announce() {
  return self.clients.matchAll({ includeUncontrolled: true }).then(function (all) {
    all.forEach(function (client) { client.postMessage({ type: "kept" }); });
  });
}
function pause(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

// One engine file, fetched and checked against the size and SHA-256 the server listed (of the file as the page
// reads it, whatever the wire's encoding) before it counts as kept; tried three times, the last from the network
// itself (an HTTP cache's copy may be the bad one). Kept with its digest in a header: what install.js checks.
const TRIES = 3;
const fetching = new Map();
function keepFile(cache, file) {
  if (!fetching.has(file.url)) {
    fetching.set(file.url, fetchFile(cache, file).then(function (kept) { fetching.delete(file.url); return kept; }));
  }
  return fetching.get(file.url);
}
function fetchFile(cache, file) {
  return cache.match(file.url).then(function (found) {
    if (found && found.headers.get("X-Scorekeeper-Kept") === file.sha256) return true;
    return (function attempt(tried) {
      return fetch(file.url, { credentials: "same-origin", cache: tried === TRIES - 1 ? "reload" : "default" })
        .then(function (response) {
          if (!response.ok) throw new Error("HTTP " + response.status);
          const type = response.headers.get("Content-Type") || "application/octet-stream";
          return response.arrayBuffer().then(function (body) {
            if (body.byteLength !== file.bytes) throw new Error("size " + body.byteLength);
            return crypto.subtle.digest("SHA-256", body).then(function (sum) {
              if (hex(sum) !== file.sha256) throw new Error("digest");
              return cache.put(file.url, new Response(body, {
                headers: { "Content-Type": type, "Content-Length": String(body.byteLength), "X-Scorekeeper-Kept": file.sha256 },
              }));
            });
          });
        })
        .then(function () { return announce().then(function () { return true; }); }, function () {
          if (tried + 1 >= TRIES) return false;
          return pause(1000 * (tried + 1) * 2).then(function () { return attempt(tried + 1); });
        });
    })(0);
  });
}
// One file at a time: the page's own requests and its live stream keep the browser's other connections.
function keepEngine(language) {
  return caches.open(ENGINE).then(function (cache) {
    return engineFiles(language).reduce(function (chain, file) {
      return chain.then(function (ok) { return keepFile(cache, file).then(function (kept) { return ok && kept; }); });
    }, Promise.resolve(true));
  });
}

// A page fetched to be kept says so: it must not use up the one-time message (a write's result, the match's key)
// that the page the phone opens next is to show (templates/base.html).
const KEEP = { credentials: "same-origin", cache: "no-store", headers: { "X-Scorekeeper-Keep": "1" } };
function fetchPage(cache, url) {
  return fetch(url, KEEP).then(function (response) {
    if (!response.ok || response.redirected || noStore(response)) return false;
    return cache.put(path(url), response).then(announce).then(function () { return true; });
  }, function () { return false; });
}
// Pages, three at a time; a start page (the same for every match) only when this release has not kept it yet.
function keepPages(name, urls, once) {
  return caches.open(name).then(function (cache) {
    const queue = urls.slice();
    let ok = true;
    function next() {
      const url = queue.shift();
      if (url === undefined) return Promise.resolve();
      return (once ? cache.match(url) : Promise.resolve(null)).then(function (found) {
        return found ? true : fetchPage(cache, url);
      }).then(function (kept) { ok = ok && kept; return next(); });
    }
    return Promise.all([next(), next(), next()]).then(function () { return ok; });
  });
}

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

// What each keep is doing now: a page that asks while it runs joins it. A match's hands are kept again at once for
// the page that joins (a hand saved since the keep began makes them newer than what it kept), so its count need
// not wait for the engine's downloads to end and the page to ask again.
const keeping = new Map();
function keep(message) {
  const key = (message.match || "start") + " " + (message.language || "en");
  if (keeping.has(key) && message.match) {
    const data = keepData(message.match).then(announce).then(function () { return true; }, function () { return false; });
    return Promise.all([keeping.get(key), data]).then(function (both) { return both[0] && both[1]; });
  }
  if (!keeping.has(key)) {
    const work = message.match
      ? keepData(message.match).then(announce).then(function () {
        return keepPages(PAGES, matchPages(message.match), false);
      })
      : keepPages(PAGES, ["/", "/matches"], false).then(function (ok) {
        return keepPages(START, SETTINGS.start_pages, true).then(function (more) { return ok && more; });
      });
    keeping.set(key, work.then(function (ok) {
      return keepEngine(message.language).then(function (engine) { return ok && engine; });
    }).then(function (ok) {
      // A phone ready for a match can start the next one with no signal too (Play again): the start pages, once
      // per release, after everything the match needs (they do not count in its readiness).
      return message.match ? keepPages(START, SETTINGS.start_pages, true).then(function () { return ok; }) : ok;
    }).then(function (ok) { keeping.delete(key); return ok; }, function () { keeping.delete(key); return false; }));
  }
  return keeping.get(key);
}

self.addEventListener("message", function (event) {
  const message = event.data || {};
  const port = event.ports && event.ports[0];
  let work = Promise.resolve(true);
  if (message.type === "count") {
    work = count(message).then(function (counted) { if (port) port.postMessage(counted); });
    event.waitUntil(work.catch(function () { if (port) port.postMessage(null); }));
    return;
  } else if (message.type === "keep") {
    work = keep(message);
  } else if (message.type === "forget" && message.match) {
    work = caches.open(PAGES).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (r) {
          return path(r.url).indexOf("/m/" + message.match + "/") === 0;
        }).map(function (r) { return cache.delete(r); }));
      });
    }).then(function () { return true; });
  }
  event.waitUntil(work.then(function (ok) { if (port) port.postMessage({ done: true, ok: ok }); },
    function () { if (port) port.postMessage({ done: true, ok: false }); }));
});
