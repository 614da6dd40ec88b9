// The score sheet's Undo (and Thrown in, and a whole suit) asks once, in the page: the Undo link names the hand,
// its score (the server's words, in data-question) and the revision the sheet shows; the dialog's form posts exactly those, so an undo from a
// sheet that another phone changed meanwhile is refused by the server. Without this script (or without
// <dialog>) the link opens the confirmation page instead. No score is worked out here. The button's words come
// from the page (data-yes-words), in its language; English otherwise.
(function () {
  "use strict";
  // Everything is found when tapped, not when loaded: the live refresh replaces the sheet's rows, and with no signal
  // the kept sheet can be shown in place of the hand form's page (offline.js), this script loaded once for both.
  function undoDialog() {
    const dialog = document.getElementById("confirm-undo");
    return dialog && typeof dialog.showModal === "function" ? dialog : null;
  }
  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element ? event.target.closest("a[data-undo]") : null;
    const dialog = undoDialog();
    if (!link || !dialog) return;
    event.preventDefault();
    const form = dialog.querySelector("form");
    const yes = dialog.querySelector("[data-yes]");
    form.action = link.dataset.undo;
    form.elements.number.value = link.dataset.number;
    form.elements.revision.value = link.dataset.revision;
    form.elements.idempotency_key.value = link.dataset.key;
    dialog.querySelector(".question").textContent = link.dataset.question;
    yes.textContent = (yes.dataset.yesWords || "Yes, undo hand {number}").replace("{number}", link.dataset.number);
    dialog.showModal();
    yes.focus();
  });

  // Thrown in asks once too, and so does a whole suit (belot, debertz: which side holds it): each one's dialog
  // (#confirm-thrown-in, #confirm-belot, in the sheet's live part) holds its form, with the revision and key this
  // sheet shows. The live refresh replaces them, so they are found when tapped.
  const ASKED = { "a[data-thrown-in]": "confirm-thrown-in", "a[data-belot]": "confirm-belot" };
  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const no = target.closest("dialog.confirm-undo [data-no]");
    if (no) {
      event.preventDefault();
      no.closest("dialog").close();
      return;
    }
    Object.keys(ASKED).forEach(function (selector) {
      const asked = document.getElementById(ASKED[selector]);
      if (!asked || typeof asked.showModal !== "function" || !target.closest(selector)) return;
      event.preventDefault();
      asked.showModal();
      asked.querySelector("[data-yes], button[type=submit]").focus();
    });
  });
  document.addEventListener("submit", function (event) {
    const asked = event.target instanceof Element ? event.target.closest("dialog.confirm-undo") : null;
    if (asked) asked.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
  });
})();
