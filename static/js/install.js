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
  // The service worker keeps what a phone needs and, asked, counts what its caches and IndexedDB hold at that
  // moment (sw.js "count": checked there, as Workbox checks its precache, never taken from a keep's own answer).
  // This line says how far it is, and "ready" only when every file is kept.
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
  // Every file kept: the engine is started once on this phone, in the background, and keeps its memory snapshot
  // (engine-worker.js). A start that could not make one still works: the phone is ready, its starts slower.
  let preparing = null;
  function prepare(counted, what) {
    if (!preparing) {
      preparing = inject(counted.kit).then(function () { return window.scorekeeperEngine.load(); }).then(function () {
        const made = window.scorekeeperEngine.timings && window.scorekeeperEngine.timings.snapshot;
        if (!/^(made|loaded)$/.test(made || "")) what.noSnapshot = true;
      }, function () { what.failed = true; });
    }
    return preparing;
  }
  // Asks the worker to keep what is missing, and counts again each time a file is kept (the worker says so) or
  // every few seconds; a keep cut off (the count does not move for 20 s) is asked again, and the worker starts from
  // what is missing. what: {match, revision}, or {} for the start page; with askFirst (a phone that saves data)
  // nothing is downloaded before the table says so. show(state, counted, go): "getting", "preparing", "ask",
  // "yes" or "no".
  function getReady(registration, what, show) {
    const message = { type: "keep", match: what.match || null, language: language };
    let moved = 0;
    let last = -1;
    let asked = 0;
    let timer = null;
    let done = false;
    function tick() {
      if (done) return;
      clearTimeout(timer);
      ask(registration, { type: "count", match: message.match, revision: what.revision || 0, language: language,
                          snapshot: !what.noSnapshot }, 20000).then(function (counted) {
        if (!counted || !counted.total) { show("no", null); return; }
        if (counted.kept === counted.total) { done = true; show("yes", counted); return; }
        if (counted.kept !== last) { last = counted.kept; moved = Date.now(); }
        if (navigator.onLine === false || (counted.prepare && what.failed)) { show("no", counted); return; }
        if (what.askFirst) { show("ask", counted, function () { what.askFirst = false; tick(); }); return; }
        show(counted.prepare ? "preparing" : "getting", counted);
        if (counted.prepare) { prepare(counted, what).then(tick); return; }
        if (!asked || Date.now() - moved > 20000) {
          asked = moved = Date.now();
          ask(registration, message, 600000).then(function (answer) { if (answer && !answer.ok) tick(); });
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
  }
  // What a line says, from the words on `words` (data-*-words): {kept} of {total}, {size} still to download. The
  // line's data-ready (on `mark`): "getting" while the phone gets ready, "yes" once everything is kept, "no" when it
  // is not and cannot be now (no signal, or the engine would not start here).
  function shower(line, words, mark) {
    return function (state, counted, go) {
      const values = counted ? { kept: counted.kept, total: counted.total, size: megabytes(counted.left) } : {};
      mark.dataset.ready = state === "yes" || state === "no" ? state : "getting";
      line.textContent = state === "yes" ? words.readyWords : state === "getting" ? fill(words.gettingWords, values)
        : state === "preparing" ? words.preparingWords : state === "ask" ? ""
          : counted ? fill(words.notReadyWords, values) : words.noAnswerWords;
      if (state === "ask") {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button";
        button.textContent = fill(words.askWords, values);
        button.addEventListener("click", go);
        line.appendChild(button);
      }
    };
  }
  // A phone set to save data (or on a metered connection that says so) is asked before the download.
  function savingData() { return Boolean(navigator.connection && navigator.connection.saveData); }
  function keep(registration) {
    ready.hidden = false;
    const what = { match: match, revision: Number(ready.dataset.revision) || 0, askFirst: savingData() };
    getReady(registration, what, shower(ready, ready.dataset, ready));
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
    const show = shower(line, button.dataset, startReady);
    const start = function () {
      button.disabled = true;
      try { window.localStorage.setItem(STARTED, "1"); } catch (e) { /* asked again next time */ }
      navigator.serviceWorker.ready.then(function (registration) {
        getReady(registration, {}, function (state, counted, go) {
          show(state, counted, go);
          if (state === "yes") {
            try { window.localStorage.removeItem(STARTED); } catch (e) { /* nothing kept */ }
          }
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
