// Share buttons: a button with data-share-url sends that link through the phone's share sheet
// (navigator.share), or copies it when the browser has no share sheet. The buttons are drawn in place from the
// first paint (nothing under them moves when this script runs); a page without scripts hides them
// (css/noscript.css), and the link itself stays on the page as text to copy.
(function () {
  "use strict";
  function copyByHand(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    area.remove();
    return done;
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return copyByHand(text); });
    }
    return Promise.resolve(copyByHand(text));
  }
  // The words come from the page (data-copied-words, data-copy-words), in its language; English otherwise.
  function say(button, words) {
    const status = button.parentElement.querySelector("[data-share-status]");
    if (status) status.textContent = words;
  }
  // Run when the page loads, and again when a kept page is shown in another's place with no signal (offline.js).
  function mount() {
    document.querySelectorAll("button[data-share-url]").forEach(share);
  }
  function share(button) {
    button.addEventListener("click", function () {
      const url = button.dataset.shareUrl;
      const title = button.dataset.shareTitle || document.title;
      if (navigator.share) {
        navigator.share({ title: title, url: url }).then(function () { say(button, ""); }, function (error) {
          if (error && error.name === "AbortError") return;
          copy(url).then(function (ok) { say(button, ok ? (button.dataset.copiedWords || "✓ Link copied") : (button.dataset.copyWords || "Copy the link above by hand.")); });
        });
        return;
      }
      copy(url).then(function (ok) { say(button, ok ? (button.dataset.copiedWords || "✓ Link copied") : (button.dataset.copyWords || "Copy the link above by hand.")); });
    });
  }
  (window.scorekeeperMounts = window.scorekeeperMounts || []).push(mount);
  mount();
})();
