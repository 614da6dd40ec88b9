// The score sheet's Undo (and Thrown in) asks once, in the page: the Undo link names the hand, its score (the server's words,
// in data-question) and the revision the sheet shows; the dialog's form posts exactly those, so an undo from a
// sheet that another phone changed meanwhile is refused by the server. Without this script (or without
// <dialog>) the link opens the confirmation page instead. No score is worked out here. The button's words come
// from the page (data-yes-words), in its language; English otherwise.
(function () {
  "use strict";
  const dialog = document.getElementById("confirm-undo");
  if (!dialog || typeof dialog.showModal !== "function") return;
  const form = dialog.querySelector("form");
  const question = dialog.querySelector(".question");
  const yes = dialog.querySelector("[data-yes]");

  // The live refresh replaces the sheet's rows, so the links are found when tapped, not when loaded.
  document.addEventListener("click", function (event) {
    const link = event.target instanceof Element ? event.target.closest("a[data-undo]") : null;
    if (!link) return;
    event.preventDefault();
    form.action = link.dataset.undo;
    form.elements.number.value = link.dataset.number;
    form.elements.revision.value = link.dataset.revision;
    form.elements.idempotency_key.value = link.dataset.key;
    question.textContent = link.dataset.question;
    yes.textContent = (yes.dataset.yesWords || "Yes, undo hand {number}").replace("{number}", link.dataset.number);
    dialog.showModal();
    yes.focus();
  });
  dialog.querySelector("[data-no]").addEventListener("click", function () { dialog.close(); });
  form.addEventListener("submit", function () { yes.disabled = true; });

  // Thrown in asks once too: its dialog (#confirm-thrown-in, in the sheet's live part) holds the form, with the
  // revision and key this sheet shows. The live refresh replaces it, so it is found when tapped.
  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target : null;
    const thrown = document.getElementById("confirm-thrown-in");
    if (!target || !thrown || typeof thrown.showModal !== "function") return;
    if (target.closest("a[data-thrown-in]")) {
      event.preventDefault();
      thrown.showModal();
      thrown.querySelector("[data-yes]").focus();
    } else if (target.closest("#confirm-thrown-in [data-no]")) {
      event.preventDefault();
      thrown.close();
    }
  });
  document.addEventListener("submit", function (event) {
    const thrown = document.getElementById("confirm-thrown-in");
    if (thrown && thrown.contains(event.target)) thrown.querySelector("[data-yes]").disabled = true;
  });
})();
