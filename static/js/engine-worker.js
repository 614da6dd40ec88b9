// The phone's engine: scorekeeper/rules itself, running in Pyodide (CPython for WebAssembly) in this worker, so the
// page stays responsive while it loads and scores. Started by static/js/engine.js as a shared worker, which the
// pages of a tab share (or a dedicated one where the browser has no shared workers).
//
// Messages in: {id, type: "init", pyodide, engine, catalogs, version} once (Pyodide's folder, the packed engine's zip,
// the catalogs' folder: all served by the app; the engine's version), answered {instance, timings}: which start
// of the engine this is, and how long its parts took; then {id, type: "call", name, args, language}. Each is answered
// {id, ok: true, value} or {id, ok: false, error}. A call runs scorekeeper/offline/worker.py's function of that
// name with the arguments as JSON; every figure and sentence comes from there. Nothing here knows a rule.
"use strict";

let ready = null;
let python = null;
let entries = null;
let catalogsAt = "";
const catalogs = new Map();

// A start of CPython takes seconds on a phone: most of it CPython starting and importing the engine, the same
// every time. So the first start on a phone keeps a memory snapshot of Pyodide just after the engine's modules
// were imported (Pyodide's _makeSnapshot), in Cache Storage under the engine's own address (a new engine, a new
// snapshot); every later start loads it instead (_loadSnapshot) and skips that work. A snapshot that will not
// load is dropped, and the engine starts the long way.
const SNAPSHOTS = "snapshots";
const timings = {};
function stamp(name, since) { timings[name] = Math.round(performance.now() - since); }

async function snapshotOf(key) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const kept = await cache.match(key);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch (error) { return null; }
}
async function keepSnapshot(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== new URL(key, self.location.href).href) await cache.delete(old);
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) { /* the next start makes it again */ }
}
async function dropSnapshot(key) {
  try { await (await caches.open(SNAPSHOTS)).delete(key); } catch (error) { /* nothing kept */ }
}

async function unpack(message) {
  const answer = await fetch(message.engine);
  if (!answer.ok) throw new Error("the engine's modules: HTTP " + answer.status);
  python.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/engine" });
}

// Where the snapshot of this engine on this Pyodide is kept (static/js/install.js looks for it there too).
function snapshotKey(message) { return message.engine + "?snapshot=" + encodeURIComponent(message.version || ""); }

// The engine's modules imported, and the templates the sheet is drawn from compiled, before the snapshot is taken.
const IMPORT = "import sys\nsys.path.insert(0, '/engine')\nimport scorekeeper.offline.worker\nscorekeeper.offline.worker.warm()";
async function start(message) {
  const began = performance.now();
  // When this start began, by the machine's clock, so a benchmark can place it among the downloads.
  timings.began = Date.now();
  const { loadPyodide } = await import(message.pyodide + "pyodide.mjs");
  stamp("script", began);
  const options = { indexURL: message.pyodide, stdout: function () {}, stderr: console.warn };
  const key = snapshotKey(message);
  const snapshot = await snapshotOf(key);
  if (snapshot) {
    try {
      python = await loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options));
      stamp("pyodide", began);
      timings.snapshot = "loaded";
      // The snapshot holds the imported modules and compiled templates, not the files: unpacked again (from the
      // phone's cache) for anything read later.
      await unpack(message);
    } catch (error) {
      python = null;
      await dropSnapshot(key);
    }
  }
  if (!python) {
    python = await loadPyodide(Object.assign({ _makeSnapshot: true }, options));
    stamp("pyodide", began);
    await unpack(message);
    stamp("unpacked", began);
    python.runPython(IMPORT);
    stamp("imported", began);
    try {
      const made = python.makeMemorySnapshot();
      stamp("snapshotted", began);
      await keepSnapshot(key, made);
      stamp("snapshot_kept", began);
      timings.snapshot = "made";
    } catch (error) {
      timings.snapshot = "none: " + String((error && error.message) || error);
    }
  }
  entries = python.pyimport("scorekeeper.offline.worker");
  catalogsAt = message.catalogs;
  stamp("ready", began);
}

// A language's words, fetched once when a call first speaks it; a language without a catalog (English, one
// the app does not speak, a failed fetch) is spoken in the engine's English, as the server does.
function speak(language) {
  if (!language || language === "en") return Promise.resolve();
  if (!catalogs.has(language)) {
    catalogs.set(language, fetch(catalogsAt + encodeURIComponent(language) + ".mo").then(function (answer) {
      if (!answer.ok) return;
      return answer.arrayBuffer().then(function (data) {
        const path = "/tmp/" + language + ".mo";
        python.FS.writeFile(path, new Uint8Array(data));
        entries.load_catalog(language, path);
      });
    }).catch(function () { catalogs.delete(language); }));
  }
  return catalogs.get(language);
}

// This start of the engine: the pages of a tab that share it (a shared worker) see the same one.
const instance = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);

async function answer(port, message) {
  try {
    if (message.type === "init") {
      // Heard at once, before the (long) start: the page knows this worker is alive, not one the browser was
      // shutting down when the page connected.
      port.postMessage({ id: message.id, heard: true });
      ready = ready || start(message);
      await ready;
      port.postMessage({ id: message.id, ok: true, value: { instance: instance, timings: timings } });
      return;
    }
    if (!ready) throw new Error("the engine was not started");
    await ready;
    await speak(message.language);
    const answered = entries.call(message.name, JSON.stringify(message.args));
    port.postMessage({ id: message.id, ok: true, value: JSON.parse(answered) });
  } catch (error) {
    // A start that failed is tried afresh by the next page that asks.
    if (message.type === "init") ready = null;
    port.postMessage({ id: message.id, ok: false, error: String((error && error.message) || error) });
  }
}

// A shared worker: each page that connects has its own port. A dedicated worker (no shared workers in this
// browser): the page is the port.
self.onconnect = function (event) {
  const port = event.ports[0];
  port.onmessage = function (message) { answer(port, message.data); };
};
self.onmessage = function (event) { answer(self, event.data); };
