// What the phone keeps in IndexedDB, opened the same way by the pages (offline.js) and the service worker
// (sw.js): "matches" (each match as the server has it, by id), "outbox" (changes not sent yet, in the order
// made, indexed by match) and "pending" (a form the service worker caught with no signal, by its path).
(function (scope) {
  "use strict";
  scope.scorekeeperDb = function () {
    return new Promise(function (resolve, reject) {
      if (!scope.indexedDB) { reject(new Error("no IndexedDB")); return; }
      const request = scope.indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = function () {
        const db = request.result;
        if (!db.objectStoreNames.contains("matches")) db.createObjectStore("matches", { keyPath: "id" });
        if (!db.objectStoreNames.contains("outbox")) {
          db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex("match", "match");
        }
        if (!db.objectStoreNames.contains("pending")) db.createObjectStore("pending", { keyPath: "path" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  };
})(self);
