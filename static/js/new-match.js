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
    window.location.replace("/m/" + local.moved + (found[2] || ""));
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
})();
