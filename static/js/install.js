// The app installs on the phone: the service worker (served at /sw.js) keeps the app's files and the pages of the
// matches this phone scores, so scorekeeper opens with no signal. Nothing else happens on a first visit.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the app still works online */ });
  });
})();
