// A match started on this phone with no signal (static/js/offline.js starts it): its pages are the kept pages of
// a blank match of its game (/offline/new/<game>/…), which the service worker answers for /m/new~<game>~<key>/….
// This script runs before the page's others: it writes the match's id and its players' names into the page, and
// sends the phone on to the server's own match once the server has created it. Nothing here scores.
(function () {
  "use strict";
  const found = /^\/m\/(new~[^/~]+~[^/]+)(\/.*)?$/.exec(window.location.pathname);
  if (!found) return;
  const id = found[1];
  let local = null;
  try { local = JSON.parse(window.localStorage.getItem("scorekeeper-new:" + id)); } catch (e) { local = null; }
  if (local && local.moved) {
    // The server has it: its own page, once every change this phone kept under the old id is the server match's
    // (a page that had not heard yet may have kept one there), so that its page says what still waits.
    document.body.hidden = true;
    const go = function () { window.location.replace("/m/" + local.moved + (found[2] || "")); };
    moveChanges(id, local.moved).then(go, go);
    return;
  }
  const blank = id.replace(/~[^~]+$/, "~blank");
  const players = (local && local.players) || [];
  function fill(text) {
    return text.split(blank).join(id).replace(/\u2060(\d)\u2060/g, function (whole, n) {
      return players[Number(n) - 1] !== undefined ? players[Number(n) - 1] : whole;
    });
  }
  document.title = fill(document.title);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentNode && node.parentNode.nodeName === "SCRIPT") continue;  // data for the scripts, kept as it came
    if (node.nodeValue.indexOf("\u2060") >= 0 || node.nodeValue.indexOf(blank) >= 0) node.nodeValue = fill(node.nodeValue);
  }
  document.body.querySelectorAll("*").forEach(function (element) {
    Array.prototype.forEach.call(element.attributes, function (attribute) {
      if (attribute.value.indexOf("\u2060") >= 0 || attribute.value.indexOf(blank) >= 0) {
        element.setAttribute(attribute.name, fill(attribute.value));
      }
    });
  });
  // Every hand goes to the phone's outbox, behind the match's creation (static/js/hand.js).
  window.scorekeeperWaiting = id;
  window.scorekeeperNewMatch = id;

  // The changes kept under the match's id on this phone (IndexedDB's outbox, as offline.js keeps it) moved to the
  // server's match, on the revision it was created at (the phone's record of the match says which), in one
  // transaction. Resolved when done; there is nothing to do on a phone without the database.
  function moveChanges(from, to) {
    return new Promise(function (resolve) {
      if (!window.indexedDB) { resolve(); return; }
      const request = indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = function () { request.transaction.abort(); resolve(); };
      request.onerror = function () { resolve(); };
      request.onsuccess = function () {
        const db = request.result;
        if (!db.objectStoreNames.contains("outbox") || !db.objectStoreNames.contains("matches")) { db.close(); resolve(); return; }
        const tx = db.transaction(["matches", "outbox"], "readwrite");
        const record = tx.objectStore("matches").get(from);
        record.onsuccess = function () {
          const revision = record.result && record.result.created_revision;
          const entries = tx.objectStore("outbox").index("match").getAll(from);
          entries.onsuccess = function () {
            (entries.result || []).forEach(function (entry) {
              entry.match = to;
              if (typeof revision === "number" && !(entry.base > revision)) entry.base = entry.made_on = revision;
              tx.objectStore("outbox").put(entry);
            });
          };
        };
        tx.oncomplete = function () { db.close(); resolve(); };
        tx.onerror = tx.onabort = function () { db.close(); resolve(); };
      };
    });
  }
})();
