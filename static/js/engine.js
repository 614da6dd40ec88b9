// The phone's engine, on the page's side: window.scorekeeperEngine starts the worker
// (static/js/engine-worker.js, which runs scorekeeper/rules in Pyodide) only when asked, and passes it questions.
// Nothing starts on its own: a page that never calls load() or a question downloads nothing.
//
//   load()                                         start the worker and its download (once); resolves when ready
//   status, onStatus(fn)                           "idle" | "loading" | "ready" | "failed"; fn(status) on each change
//   instance, timings                              which start of the engine the page talks to (pages of a tab
//                                                  share one), and how long its parts took (ms)
//   replay(match, hands, language)                 the state, as the API's (less its revision)
//   preview(match, hands, fields, mode, language)  what POST /m/<id>/preview answers
//   score(match, hands, hand, language)            an API hand input scored as the next hand
//   handInput(match, fields, mode, language)       {hand} as the form would save it, or {errors} by field
//   formFields(match, hand)                        {fields}: the form filled from a stored hand input (to change it)
//   sheetPage(match, hands, language, page)        {html, totals, finished, hands}: the server's sheet, drawn here
//   outboxQuestion(match, hands, behind, conflict, language)
//                                                  {html}: the outbox's question after another phone changed the
//                                                  match, the server's two-phones question drawn here (behind:
//                                                  the changes waiting, [{kind, number}]; conflict: the server's
//                                                  412 answer, its changes' words)
//
// match: the API's match (variant, rules, players or sides, first_dealer); hands: the API's hands in number
// order ({number, input, voided}), or a state to score from; fields: the hand form's fields as it posts them.
// Each question waits for load() (and starts it). Where the files are: the data-* attributes of this script's
// tag (templates/_macros/engine.html writes them).
(function () {
  "use strict";
  const tag = document.currentScript;
  const where = tag ? tag.dataset : {};
  let worker = null;
  let started = null;
  let next = 1;
  const waiting = new Map();
  const listeners = [];

  function set(status) {
    if (engine.status === status) return;
    engine.status = status;
    listeners.slice().forEach(function (fn) {
      try { fn(status); } catch (error) { console.error(error); }
    });
  }

  function send(message) {
    return new Promise(function (resolve, reject) {
      const id = next++;
      waiting.set(id, { resolve: resolve, reject: reject });
      message.id = id;
      worker.port.postMessage(message);
    });
  }

  function answered(event) {
    const reply = event.data || {};
    const asked = waiting.get(reply.id);
    if (!asked) return;
    if (reply.heard) { if (asked.heard) asked.heard(); return; }
    waiting.delete(reply.id);
    if (reply.ok) asked.resolve(reply.value);
    else asked.reject(new Error(reply.error));
  }

  // The worker failed (its script, Pyodide, or later): every question waiting is refused, and the next load()
  // or question starts a new worker.
  function broken(error) {
    const why = new Error("the engine stopped: " + ((error && error.message) || "worker error"));
    waiting.forEach(function (asked) { asked.reject(why); });
    waiting.clear();
    if (worker) worker.stop();
    worker = null;
    started = null;
    set("failed");
  }

  // One engine for the tab, not for each page: a shared worker that outlives a page by a few seconds
  // (extendedLifetime), so the next page of the match (the sheet, the hand form, back) finds it started and
  // connects to it; a browser without shared workers starts a worker per page, as before. {port, onerror, stop}.
  function startWorker(fresh) {
    if (window.SharedWorker) {
      const name = "scorekeeper-engine " + where.engine + (fresh ? " " + Date.now() : "");
      const shared = new SharedWorker(where.worker, { type: "module", name: name, extendedLifetime: true });
      return {
        port: shared.port,
        set onerror(fn) { shared.onerror = fn; },
        stop: function () { shared.port.close(); },
      };
    }
    const own = new Worker(where.worker, { type: "module" });
    return {
      port: own,
      set onerror(fn) { own.onerror = fn; },
      stop: function () { own.terminate(); },
    };
  }

  // Longer than the worker's longest stretch of work that holds its messages back (importing the engine, making
  // the snapshot: seconds on a slow phone), so a busy worker is never taken for a dead one.
  const HEARD_WITHIN = 30000;
  function load() {
    if (started) return started;
    set("loading");
    started = new Promise(function (resolve, reject) {
      if (!where.worker || !where.engine || !window.Worker) {
        reject(new Error("this page cannot run the engine"));
        return;
      }
      const init = { type: "init", pyodide: where.pyodide, engine: where.engine, catalogs: where.catalogs, version: where.version };
      // Which start of the engine this page talks to, and when it began: pages of one tab share one.
      function begun(value) {
        engine.instance = value && value.instance;
        engine.timings = value && value.timings;
        resolve();
      }
      // A shared worker the browser was shutting down as this page connected never answers: one that has not
      // said it heard the page within HEARD_WITHIN is left, and a fresh one started (once).
      function connect(fresh) {
        worker = startWorker(fresh);
        worker.port.onmessage = answered;
        worker.onerror = function (event) {
          event.preventDefault();
          reject(new Error("the engine could not start: " + (event.message || "worker error")));
          broken(event);
        };
        const id = next;
        const asked = send(init);
        const entry = waiting.get(id);
        if (!fresh && entry) {
          const timer = setTimeout(function () {
            waiting.delete(id);
            worker.stop();
            connect(true);
          }, HEARD_WITHIN);
          entry.heard = function () { clearTimeout(timer); };
        }
        asked.then(begun, reject);
      }
      connect(false);
    });
    const loading = started;
    started.then(function () {
      if (started === loading) set("ready");
    }, function (error) {
      // A failed download may be tried again: the next load() starts afresh.
      if (started === loading) broken(error);
    });
    return started;
  }

  function ask(name, args, language) {
    return load().then(function () {
      return send({ type: "call", name: name, args: args, language: language || "en" });
    });
  }

  const engine = {
    status: "idle",
    instance: null,
    load: load,
    onStatus: function (fn) { listeners.push(fn); },
    replay: function (match, hands, language) { return ask("replay", [match, hands, language || "en"], language); },
    preview: function (match, hands, fields, mode, language) {
      return ask("preview", [match, hands, fields, mode || null, language || "en"], language);
    },
    score: function (match, hands, hand, language) { return ask("score", [match, hands, hand, language || "en"], language); },
    handInput: function (match, fields, mode, language) {
      return ask("handInput", [match, fields, mode || null, language || "en"], language);
    },
    formFields: function (match, hand) { return ask("formFields", [match, hand], "en"); },
    startMatch: function (fields, language) { return ask("startMatch", [fields, language || "en"], language); },
    sheetPage: function (match, hands, language, page) {
      return ask("sheetPage", [match, hands, language || "en", page || {}], language);
    },
    outboxQuestion: function (match, hands, behind, conflict, language) {
      return ask("outboxQuestion", [match, hands, behind, conflict, language || "en"], language);
    },
  };
  window.scorekeeperEngine = engine;
})();
