// Ready for no signal (loaded by static/js/install.js once a service worker controls the page): the service worker
// keeps the match's hands, its pages and the engine's files; this script reads Cache Storage and IndexedDB itself
// (through the worker's "count") and says how far it is, and "ready" only when all of it is kept and checked; and
// the start page's "Get ready for no signal".
(function () {
  "use strict";
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
  // The engine is started once on this phone, in the background, and keeps its memory snapshot (engine-worker.js),
  // as soon as the phone begins getting ready: its own downloads are the service worker's (each file fetched once,
  // checked, and kept), so Pyodide compiles and starts while the rest still comes, rather than after it. A start
  // that fails before every file is kept is tried again once they are; one that fails then, or cannot make a
  // snapshot, leaves the phone not ready (no start) or ready with slower starts (no snapshot).
  let preparing = null;
  function prepare(counted, what, early) {
    if (!preparing) {
      preparing = window.scorekeeperInject(counted.kit).then(function () { return window.scorekeeperEngine.load(); }).then(function () {
        const made = window.scorekeeperEngine.timings && window.scorekeeperEngine.timings.snapshot;
        if (!/^(made|loaded)$/.test(made || "")) what.noSnapshot = true;
      }, function () {
        if (early) preparing = null;
        else what.failed = true;
      });
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
        if (counted.prepare) { prepare(counted, what, false).then(tick); return; }
        if (!what.early) { what.early = true; prepare(counted, what, true).then(tick); }
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
  function keep(registration, match) {
    const ready = document.getElementById("offline-ready");
    if (!ready) return;
    ready.hidden = false;
    const what = { match: match, revision: Number(ready.dataset.revision) || 0, askFirst: savingData() };
    getReady(registration, what, shower(ready, ready.dataset, ready));
  }
  window.scorekeeperReady = { keep: keep };

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
    if (asked) start();
  }

})();
