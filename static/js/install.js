// The app installs on the phone: the service worker (served at /sw.js) keeps the app's files and the pages of the
// matches this phone scores, so scorekeeper opens with no signal.
//
// On a match's page (#offline-ready) the phone gets ready for no signal in the background, once the page has
// loaded: the service worker keeps the match's hands, its pages and the engine's files; this script reads Cache
// Storage and IndexedDB itself and says how far it is, and "ready" only when all of it is kept and checked. The
// outbox and the engine's scripts (#offline-kit: static/js/engine.js, offline.js) are loaded only when needed:
// with no signal, while this match has changes not sent yet, or once to start the engine when everything is kept.
// So a first visit loads no more than this file and the manifest.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  const ready = document.getElementById("offline-ready");
  const kit = document.getElementById("offline-kit");
  const match = ready ? ready.dataset.match : null;
  let loading = null;

  const injected = {};
  function inject(script) {
    if (injected[script.src]) return injected[script.src];
    injected[script.src] = new Promise(function (resolve, reject) {
      const element = document.createElement("script");
      Object.keys(script.data || {}).forEach(function (name) { element.dataset[name] = script.data[name]; });
      element.src = script.src;
      element.onload = resolve;
      element.onerror = function (error) { delete injected[script.src]; reject(error); };
      document.body.appendChild(element);
    });
    return injected[script.src];
  }
  // The outbox and the engine, loaded once, in order; resolved with the outbox.
  function loadOffline() {
    if (window.scorekeeperOutbox) return Promise.resolve(window.scorekeeperOutbox);
    if (!loading) {
      let scripts = [];
      try { scripts = kit ? JSON.parse(kit.textContent).scripts : []; } catch (e) { scripts = []; }
      loading = scripts.reduce(function (chain, script) {
        return chain.then(function () { return inject(script); });
      }, Promise.resolve()).then(function () { return window.scorekeeperOutbox; });
    }
    return loading;
  }
  window.scorekeeperLoadOffline = loadOffline;

  // Changes of this match still waiting on this phone (IndexedDB, as offline.js keeps them)?
  function waiting(id) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) { resolve(false); return; }
      const request = indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = function () { request.transaction.abort(); resolve(false); };
      request.onerror = function () { resolve(false); };
      request.onsuccess = function () {
        const db = request.result;
        if (!db.objectStoreNames.contains("outbox")) { db.close(); resolve(false); return; }
        const get = db.transaction("outbox", "readonly").objectStore("outbox").index("match").count(id);
        get.onsuccess = function () { db.close(); resolve(get.result > 0); };
        get.onerror = function () { db.close(); resolve(false); };
      };
    });
  }

  // --- Ready for no signal -------------------------------------------------------------------------------------
  // The service worker lists what a phone needs (the engine's files in this page's language, the pages it will
  // open, the match's hands) and keeps it; whether it is all kept is read here, from Cache Storage and IndexedDB
  // themselves, never from the worker's word: "ready" only when every one is there, checked.
  const language = document.documentElement.lang || "en";
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }
  function megabytes(bytes) {
    const amount = Math.max(0.1, Math.round(bytes / 100000) / 10);
    try {
      return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(amount);
    } catch (e) { return amount + " MB"; }
  }
  function ask(registration, message, wait) {
    return new Promise(function (resolve) {
      const channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data || null); };
      registration.active.postMessage(message, [channel.port2]);
      setTimeout(function () { resolve(null); }, wait);
    });
  }
  // The match's hands kept in IndexedDB, as new as this page's (the database is made by the worker, not here).
  function keptData(id, revision) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) { resolve(false); return; }
      const request = indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = function () { request.transaction.abort(); resolve(false); };
      request.onerror = function () { resolve(false); };
      request.onsuccess = function () {
        const db = request.result;
        if (!db.objectStoreNames.contains("matches")) { db.close(); resolve(false); return; }
        const get = db.transaction("matches", "readonly").objectStore("matches").get(id);
        get.onsuccess = function () { db.close(); resolve(Boolean(get.result) && get.result.revision >= revision); };
        get.onerror = function () { db.close(); resolve(false); };
      };
    });
  }
  // An engine file counts once a cache holds the copy the worker checked (its SHA-256 in a header): the app's
  // scripts are kept unchecked too, beside it.
  function checked(names, file) {
    return names.reduce(function (chain, name) {
      return chain.then(function (found) {
        if (found) return true;
        return caches.open(name).then(function (cache) { return cache.match(file.url); }).then(function (kept) {
          return Boolean(kept) && kept.headers.get("X-Scorekeeper-Kept") === file.sha256;
        });
      });
    }, Promise.resolve(false)).catch(function () { return false; });
  }
  // {kept, total, left}: how many of the files are kept, checked, and the bytes still to download.
  function count(list, id, revision) {
    return Promise.all([
      caches.keys().then(function (names) {
        return Promise.all(list.files.map(function (file) {
          return checked(names, file).then(function (yes) { return yes ? null : file.wire; });
        }));
      }),
      Promise.all(list.pages.map(function (url) {
        return caches.match(url).then(function (found) { return Boolean(found); }, function () { return false; });
      })),
      id ? keptData(id, revision) : Promise.resolve(false),
      list.snapshot ? caches.open("snapshots").then(function (cache) { return cache.match(list.snapshot); })
        .then(Boolean, function () { return false; }) : Promise.resolve(true),
    ]).then(function (found) {
      const files = found[0].filter(function (left) { return left === null; }).length;
      const pages = found[1].filter(Boolean).length;
      const data = id ? 1 : 0;
      const kept = files + pages + (found[2] && id ? 1 : 0);
      const total = list.files.length + list.pages.length + data;
      return {
        kept: kept + (found[3] ? 1 : 0), total: total + 1, prepare: kept === total && !found[3],
        left: found[0].reduce(function (sum, left) { return sum + (left || 0); }, 0),
      };
    });
  }
  // Every file kept: the engine is started once on this phone, in the background, and keeps its memory snapshot
  // (engine-worker.js). A start that could not make one still works: the phone is ready, its starts slower.
  function prepare(list) {
    if (list.preparing) return list.preparing;
    list.preparing = new Promise(function (resolve, reject) {
      if (window.scorekeeperEngine) { resolve(window.scorekeeperEngine); return; }
      inject(list.kit).then(function () { resolve(window.scorekeeperEngine); }, reject);
    }).then(function (engine) { return engine.load().then(function () { return engine; }); }).then(function (engine) {
      if (!/^(made|loaded)$/.test((engine.timings && engine.timings.snapshot) || "")) list.snapshot = null;
    }, function () { list.failed = true; });
    return list.preparing;
  }
  // Keeps asking the worker until everything is kept, and says how far it is, each time a file is kept (the
  // worker says so) or every few seconds. A keep cut off is asked again: the worker starts from what is missing.
  // what: {match, revision}, or {} for the start page; with askFirst (a phone that asks to save data), nothing is
  // downloaded before the table says so: show("ask", counted, go). show(state, counted): the page's line.
  function getReady(registration, what, show) {
    const message = { type: "keep", match: what.match || null, language: language };
    return ask(registration, { type: "needs", match: message.match, language: language }, 10000).then(function (list) {
      if (!list || !list.files) { show("no", null); return; }
      let moved = 0;
      let last = -1;
      let asked = 0;
      let timer = null;
      let done = false;
      function tick() {
        if (done) return;
        clearTimeout(timer);
        count(list, message.match, what.revision || 0).then(function (counted) {
          if (counted.kept === counted.total) {
            done = true;
            show("yes", counted);
            return;
          }
          if (counted.kept !== last) { last = counted.kept; moved = Date.now(); }
          if (navigator.onLine === false) { show("no", counted); return; }
          if (what.askFirst) {
            show("ask", counted, function () { what.askFirst = false; tick(); });
            return;
          }
          if (counted.prepare && list.failed) { show("no", counted); return; }
          show(counted.prepare ? "preparing" : "getting", counted);
          if (counted.prepare) {
            prepare(list).then(tick);
            return;
          }
          if (!asked || Date.now() - moved > 20000) {
            asked = Date.now();
            moved = asked;
            ask(registration, message, 600000).then(function (answer) {
              if (answer && answer.done && !answer.ok) tick();
            });
          }
          timer = setTimeout(tick, 3000);
        });
      }
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.type === "kept") tick();
      });
      window.addEventListener("online", tick);
      window.addEventListener("offline", tick);
      tick();
    });
  }
  function ahead(counted) { return { kept: counted.kept, total: counted.total, size: megabytes(counted.left) }; }

  // A phone set to save data (or on a metered connection that says so) is asked before the download.
  function savingData() { return Boolean(navigator.connection && navigator.connection.saveData); }

  function say(name) { return ready.dataset[name] || ""; }
  // The line's data-ready: "getting" while the phone gets ready, "yes" once everything is kept, "no" when it is
  // not and cannot be now (no signal, or the engine would not start here).
  function keep(registration) {
    ready.hidden = false;
    const what = { match: match, revision: Number(ready.dataset.revision) || 0, askFirst: savingData() };
    return getReady(registration, what, function (state, counted, go) {
      ready.dataset.ready = state === "yes" || state === "no" ? state : "getting";
      if (state === "ask") {
        ready.textContent = "";
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button";
        button.textContent = fill(say("askWords"), ahead(counted));
        button.addEventListener("click", go);
        ready.appendChild(button);
      } else if (state === "yes") ready.textContent = say("readyWords");
      else if (state === "getting") ready.textContent = fill(say("gettingWords"), ahead(counted));
      else if (state === "preparing") ready.textContent = say("preparingWords");
      else ready.textContent = counted ? fill(say("notReadyWords"), ahead(counted)) : say("noAnswerWords");
    });
  }

  // "Forget this match on this phone": its key leaves the cookie, its outbox and kept pages go (offline.js).
  const forget = document.getElementById("forget-match");
  if (forget) {
    forget.hidden = false;
    forget.addEventListener("click", function () {
      if (!window.confirm(forget.dataset.question)) return;
      forget.disabled = true;
      loadOffline().then(function (box) { return box.forget(forget.dataset.match); })
        .then(function () { window.location.href = forget.dataset.after; }, function () { forget.disabled = false; });
    });
  }

  // "Get ready for no signal" on the start page: a match can then be started, and scored, with none. Once asked, it
  // goes on by itself on the next visit until it is done.
  const startReady = document.getElementById("get-ready");
  const STARTED = "scorekeeper-get-ready";
  if (startReady) {
    const button = startReady.querySelector("button");
    const line = startReady.querySelector(".get-ready-line");
    startReady.hidden = false;
    const start = function () {
      button.disabled = true;
      try { window.localStorage.setItem(STARTED, "1"); } catch (e) { /* asked again next time */ }
      navigator.serviceWorker.ready.then(function (registration) {
        return getReady(registration, {}, function (state, counted) {
          startReady.dataset.ready = state === "yes" || state === "no" ? state : "getting";
          if (state === "yes") {
            line.textContent = button.dataset.readyWords;
            try { window.localStorage.removeItem(STARTED); } catch (e) { /* nothing kept */ }
          } else if (state === "getting") line.textContent = fill(button.dataset.gettingWords, ahead(counted));
          else if (state === "preparing") line.textContent = button.dataset.preparingWords;
          else line.textContent = counted ? fill(button.dataset.notReadyWords, ahead(counted)) : button.dataset.noAnswerWords;
          button.disabled = state === "getting" || state === "preparing";
          button.hidden = state === "yes";
        });
      });
    };
    button.addEventListener("click", start);
    let asked = false;
    try { asked = window.localStorage.getItem(STARTED) === "1"; } catch (e) { asked = false; }
    if (asked) window.addEventListener("load", start);
  }

  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the app still works online */ });
    if (!match) return;
    // A match started on this phone with no signal: nothing of it is on the server yet to keep; its changes
    // wait in the outbox behind its creation.
    if (window.scorekeeperNewMatch === match) { loadOffline(); return; }
    window.addEventListener("offline", loadOffline);
    if (navigator.onLine === false) { loadOffline(); return; }
    waiting(match).then(function (some) {
      if (!some) return;
      window.scorekeeperWaiting = match;  // a hand saved now queues behind them (hand.js)
      loadOffline();
    });
    navigator.serviceWorker.ready.then(keep);
  });
})();
