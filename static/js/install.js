// The app installs on the phone: the service worker (served at /sw.js) keeps the app's files and the pages of the
// matches this phone scores, so scorekeeper opens with no signal.
//
// On a match's page (#offline-ready) the phone gets ready for no signal in the background, once the page has
// loaded (static/js/ready.js, loaded once the service worker is there). The outbox and the engine's scripts
// (#offline-kit: static/js/engine.js, offline.js) are loaded only when needed: with no signal, while this match
// has changes not sent yet, or once to start the engine when everything is kept. So a first visit loads no more
// than this file and the manifest.
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

  // The line that says whether the phone is ready, and the start page's "Get ready", are static/js/ready.js's: loaded
  // once a service worker controls this page (it has kept ready.js by then, so a first visit does not download it
  // twice), or at the latest a few seconds after it is active.
  const readyScript = new URL("ready.js", document.currentScript.src).href;
  function loadReady() {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        if (navigator.serviceWorker.controller) { resolve(); return; }
        navigator.serviceWorker.addEventListener("controllerchange", resolve);
        setTimeout(resolve, 3000);
      }).then(function () { return inject({ src: readyScript }); }).then(function () { return registration; });
    });
  }
  window.scorekeeperInject = inject;

  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the app still works online */ });
    if (document.getElementById("get-ready")) loadReady();
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
    loadReady().then(function (registration) { window.scorekeeperReady.keep(registration, match); });
  });
})();
