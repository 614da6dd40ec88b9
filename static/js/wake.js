// Keep the screen on while a page with data-keep-awake is shown (the board and the score sheet lie on the
// table between hands). Uses the Screen Wake Lock API where the browser has it; the lock is released when
// the page is hidden, so it is asked for again each time the page is shown. Elsewhere this does nothing.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  function acquire() {
    if (document.visibilityState !== "visible" || lock || !document.documentElement.hasAttribute("data-keep-awake")) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.awake = "on";
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.dataset.awake = "off";
      });
    }).catch(function () { document.documentElement.dataset.awake = "refused"; });
  }
  document.addEventListener("visibilitychange", acquire);
  // Again when a kept page is shown in another's place with no signal (offline.js): the sheet keeps the screen on,
  // the hand form lets it go.
  (window.scorekeeperMounts = window.scorekeeperMounts || []).push(function () {
    if (lock && !document.documentElement.hasAttribute("data-keep-awake")) lock.release();
    else acquire();
  });
  acquire();
})();
