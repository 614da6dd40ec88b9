// The phone's engine (issue 22): scorekeeper/rules itself, running in Pyodide (CPython for WebAssembly) in this
// Web Worker, so the page stays responsive while it loads and scores. Started by static/js/engine.js.
//
// Messages in: {id, type: "init", pyodide, engine, catalogs} once (Pyodide's folder, the packed engine's zip,
// the catalogs' folder: all served by the app), then {id, type: "call", name, args, language}. Each is answered
// {id, ok: true, value} or {id, ok: false, error}. A call runs scorekeeper/offline/worker.py's function of that
// name with the arguments as JSON; every figure and sentence comes from there. Nothing here knows a rule.
"use strict";

let ready = null;
let python = null;
let entries = null;
let catalogsAt = "";
const catalogs = new Map();

async function start(message) {
  const { loadPyodide } = await import(message.pyodide + "pyodide.mjs");
  python = await loadPyodide({ indexURL: message.pyodide, stdout: function () {}, stderr: console.warn });
  const answer = await fetch(message.engine);
  if (!answer.ok) throw new Error("the engine's modules: HTTP " + answer.status);
  python.unpackArchive(await answer.arrayBuffer(), "zip", { extractDir: "/engine" });
  python.runPython("import sys\nsys.path.insert(0, '/engine')");
  entries = python.pyimport("scorekeeper.offline.worker");
  catalogsAt = message.catalogs;
}

// A language's words, fetched once when a call first speaks it; a language without a catalog (English, one
// the app does not speak, a failed fetch) is spoken in the engine's English, as the server does.
function speak(language) {
  if (!language || language === "en") return Promise.resolve();
  if (!catalogs.has(language)) {
    catalogs.set(language, fetch(catalogsAt + encodeURIComponent(language) + ".mo").then(function (answer) {
      if (!answer.ok) return;
      return answer.arrayBuffer().then(function (data) {
        const path = "/engine/" + language + ".mo";
        python.FS.writeFile(path, new Uint8Array(data));
        entries.load_catalog(language, path);
      });
    }).catch(function () { catalogs.delete(language); }));
  }
  return catalogs.get(language);
}

self.onmessage = async function (event) {
  const message = event.data;
  try {
    if (message.type === "init") {
      ready = ready || start(message);
      await ready;
      self.postMessage({ id: message.id, ok: true });
      return;
    }
    if (!ready) throw new Error("the engine was not started");
    await ready;
    await speak(message.language);
    const answer = entries.call(message.name, JSON.stringify(message.args));
    self.postMessage({ id: message.id, ok: true, value: JSON.parse(answer) });
  } catch (error) {
    self.postMessage({ id: message.id, ok: false, error: String((error && error.message) || error) });
  }
};
