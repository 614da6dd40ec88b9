// Start page: show only the seats the chosen game uses, the chosen game's description, the house rules of its
// kind (a game with bids), the typed names on the first dealer's choices, and (when a club or a link remembered
// house rules per game) that game's house rules. Without this script every seat and every kind's house rules are
// shown, the dealers are "Seat 1"… and the house rules stay as sent. The words come from the page, in its
// language (data-seat-words, data-same-words on the form, and each game's "more" in the remembered house
// rules); English otherwise.
(function () {
  "use strict";
  const form = document.querySelector("form.start-form");
  if (!form) return;
  form.classList.add("js");
  const memoryBlock = document.getElementById("house-memory");
  const memory = memoryBlock ? JSON.parse(memoryBlock.textContent) : {};
  // The house-rule fields, as the page lists them (forms.match.HOUSE_FIELDS: the options of each kind of game
  // too, made from the rules' fields).
  const houseNames = (form.dataset.houseNames || "").split(" ").filter(Boolean);
  const summary = form.querySelector("[data-house-summary]");
  const extraBox = form.querySelector("[data-extra-rules]");
  const extraList = form.querySelector("[data-extra-lines]");
  let houseTouched = false;
  let shownFor = form.elements.rules_for ? form.elements.rules_for.value : "";

  function chosen() {
    return form.querySelector("input[name=variant]:checked");
  }

  function seats() {
    const game = chosen();
    const players = game ? Number(game.dataset.players) : 4;
    for (let i = 0; i < 4; i++) {
      const seat = form.querySelector(".seat-" + i);
      if (seat) seat.hidden = i >= players;
      const dealer = form.querySelector("input[name=first_dealer][value='" + i + "']");
      if (dealer) {
        dealer.closest("label").hidden = i >= players;
        if (i >= players && dealer.checked) form.querySelector("input[name=first_dealer][value='0']").checked = true;
      }
    }
    const hint = form.querySelector(".seat-hint");
    if (hint) hint.hidden = players !== 4;
  }

  function description() {
    const game = chosen();
    if (!game) return;
    const title = form.querySelector("[data-desc-title]");
    const text = form.querySelector("[data-desc-text]");
    const link = form.querySelector("[data-desc-rules]");
    if (title) title.textContent = game.dataset.title;
    if (text) text.textContent = game.dataset.desc;
    if (link) link.href = game.dataset.rules;
  }

  // The options of one kind of game (a fieldset naming its games in data-games) only for a game of that kind;
  // left as they are, for a game without them the server leaves them aside.
  function gameKinds() {
    const game = chosen();
    form.querySelectorAll("fieldset[data-games]").forEach(function (kind) {
      kind.hidden = !game || kind.dataset.games.split(" ").indexOf(game.value) < 0;
    });
  }

  function dealerNames() {
    for (let i = 0; i < 4; i++) {
      const label = form.querySelector("[data-dealer-name='" + i + "']");
      const input = form.elements["player_" + i];
      if (label && input) {
        label.textContent = input.value.trim() || (form.dataset.seatWords || "Seat {number}").replace("{number}", i + 1);
      }
    }
  }

  // A game with remembered house rules gets them; another game gets its own rules, unless the house rules
  // were changed by hand on this page (then they are left as they are).
  function houseRules() {
    const game = chosen();
    if (!game || houseTouched || !Object.keys(memory).length || game.value === shownFor) return;
    const kept = memory[game.value] || { fields: {}, extra: "", summary: [], lines: [] };
    houseNames.forEach(function (name) {
      const field = form.elements[name];
      if (field) field.value = kept.fields[name] || "";
    });
    form.elements.extra_rules.value = kept.extra;
    form.elements.rules_for.value = game.value;
    shownFor = game.value;
    const parts = kept.summary.slice();
    if (kept.lines.length) parts.push(kept.more || kept.lines.length + " more agreed");
    if (summary) summary.textContent = parts.length ? parts.join(" · ") : (form.dataset.sameWords || "as the game says");
    if (extraList) {
      extraList.replaceChildren.apply(extraList, kept.lines.map(function (line) {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
    }
    if (extraBox) extraBox.hidden = !kept.lines.length;
  }

  form.addEventListener("change", function (event) {
    if (houseNames.indexOf(event.target.name) >= 0) houseTouched = true;
    if (event.target.name === "variant") {
      seats();
      description();
      gameKinds();
      houseRules();
    }
  });
  form.addEventListener("input", function (event) {
    if (/^player_\d$/.test(event.target.name)) dealerNames();
    if (houseNames.indexOf(event.target.name) >= 0) houseTouched = true;
  });
  seats();
  description();
  gameKinds();
  dealerNames();
})();
