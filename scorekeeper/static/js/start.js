// Start page: show only the seats the chosen game uses. Without this script every seat is shown.
(function () {
  "use strict";
  const form = document.querySelector("form");
  if (!form) return;
  function update() {
    const chosen = form.querySelector("input[name=variant]:checked");
    const players = chosen ? Number(chosen.dataset.players) : 4;
    for (let i = 0; i < 4; i++) {
      const seat = form.querySelector(".seat-" + i);
      if (seat) seat.hidden = i >= players;
      const dealer = form.querySelector("input[name=first_dealer][value='" + i + "']");
      if (dealer) dealer.closest("label").hidden = i >= players;
    }
  }
  form.addEventListener("change", update);
  update();
})();
