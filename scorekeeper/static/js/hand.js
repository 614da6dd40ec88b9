// The hand form: meld chips, the card counter and the live preview. The form works without it; the
// preview asks the server's engine, so no rule is copied here.
(function () {
  "use strict";
  const form = document.getElementById("hand-form");
  if (!form) return;

  // Meld chips add a value to the side's meld field.
  form.querySelectorAll(".chips").forEach(function (group) {
    const input = document.getElementById(group.dataset.target);
    group.querySelectorAll(".chip").forEach(function (chip) {
      chip.hidden = false;
      chip.addEventListener("click", function () {
        if (chip.dataset.value === "clear") input.value = "";
        else input.value = (input.value.trim() + " " + chip.dataset.value).trim();
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
  });

  // The game's card values and deck totals, rendered by the server from the engine's rules (the Czech games
  // put the queen on top): nothing here knows what a card is worth.
  const factsBlock = document.getElementById("card-values");
  const facts = factsBlock ? JSON.parse(factsBlock.textContent) : null;
  function contract() {
    const c = form.querySelector("input[name=contract]:checked");
    return c ? c.value : "";
  }

  // Card counter (two- and three-handed): card points per card, trumps following the chosen contract.
  const counter = document.getElementById("card-counter");
  if (counter && facts) {
    counter.hidden = false;
    const signs = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
    const grid = counter.querySelector(".counter-grid");
    const owners = {};
    grid.dataset.suits.split(" ").forEach(function (suit) {
      grid.dataset.ranks.split(" ").forEach(function (rank) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = rank + signs[suit];
        b.dataset.card = rank + " " + suit;
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", rank + " of " + suit);
        if (suit === "hearts" || suit === "diamonds") b.className = "red";
        grid.appendChild(b);
      });
    });
    function currentSide() {
      const c = counter.querySelector("input[name=counter-side]:checked");
      return c ? c.value : "0";
    }
    function sideName(side) {
      const c = counter.querySelector("input[name=counter-side][value='" + side + "']");
      return c ? c.dataset.name : "";
    }
    function points(card) {
      const [rank, suit] = card.split(" ");
      const isTrump = contract() === "all-trumps" || contract() === suit;
      return (isTrump ? facts.trump : facts.plain)[rank];
    }
    function refresh() {
      const sides = Number(form.dataset.sides);
      const totals = new Array(sides).fill(0);
      const side = currentSide();
      grid.querySelectorAll("button").forEach(function (b) {
        const owner = owners[b.dataset.card];
        b.setAttribute("aria-pressed", owner === side ? "true" : "false");
        if (owner !== undefined) {
          b.dataset.owner = owner;
          b.dataset.ownerMark = sideName(owner);
          totals[Number(owner)] += points(b.dataset.card);
        } else {
          delete b.dataset.owner;
          delete b.dataset.ownerMark;
        }
      });
      if (Object.keys(owners).length === 0) return;
      totals.forEach(function (t, i) {
        const input = document.getElementById("card_points-" + i);
        if (input) input.value = t;
      });
      schedule();
    }
    grid.addEventListener("click", function (event) {
      const b = event.target.closest("button");
      if (!b) return;
      const card = b.dataset.card;
      if (owners[card] === currentSide()) delete owners[card];
      else owners[card] = currentSide();
      refresh();
    });
    counter.addEventListener("change", refresh);
    form.addEventListener("change", function (event) {
      if (event.target.name === "contract") refresh();
    });
  }

  // In four-handed games the other side's card points are the rest of the deck: show it as a hint.
  if (form.dataset.fullDeck === "yes" && facts) {
    const inputs = [0, 1].map(function (i) { return document.getElementById("card_points-" + i); });
    function hint() {
      const deck = facts.decks[contract()] || facts.decks[""];
      inputs.forEach(function (input, i) {
        const other = inputs[1 - i];
        input.placeholder = other.value !== "" && input.value === "" ? "rest: " + (deck - Number(other.value)) : "";
      });
    }
    form.addEventListener("input", hint);
    form.addEventListener("change", hint);
  }

  // Live preview: the engine scores the form as it stands, nothing is saved.
  const preview = document.getElementById("preview");
  const lines = document.getElementById("preview-lines");
  let timer = null;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  }
  function ask() {
    const data = new FormData(form);
    fetch(form.dataset.preview, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        lines.innerHTML = "";
        const texts = answer.ok ? answer.explanation
          : Object.values(answer.errors || {}).flat().map(function (m) { return "Not yet: " + m; });
        texts.forEach(function (t) {
          const li = document.createElement("li");
          li.textContent = t;
          lines.appendChild(li);
        });
        preview.hidden = texts.length === 0;
      })
      .catch(function () { preview.hidden = true; });
  }
  if (preview) {
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
  }

  // A second tap while saving does nothing (the idempotency key would make it harmless anyway).
  form.addEventListener("submit", function () {
    const button = form.querySelector("button[type=submit]");
    setTimeout(function () { button.disabled = true; button.textContent = "Saving…"; }, 0);
  });
})();
