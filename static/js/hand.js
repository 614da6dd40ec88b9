// The hand form: meld chips, the card counter, the live preview, the Save bar that says what is missing, the
// focus that follows the taker, and a draft kept on the phone until the hand is saved. The form works without
// it; the preview asks the server's engine (with no signal, the same engine on the phone), so no rule is copied
// here. With no signal a save goes to the phone's outbox. Its words come from the page, in its
// language (data-*-words on the form and on the card counter, with {…} to fill in); English otherwise.
(function () {
  "use strict";
  // Run when the page loads, and again when a kept form is shown in a kept sheet's place with no signal (offline.js
  // calls window.scorekeeperMounts): everything it binds is the form's, so a form taken away takes its listeners.
  function mount() {
    const form = document.getElementById("hand-form");
    if (!form) return;
    const names = form.dataset.names ? JSON.parse(form.dataset.names) : [];
    const fullDeck = form.dataset.fullDeck === "yes";
    const matchId = form.dataset.match;
    // Changing a hand with no signal: the kept form of the next hand, opened as ?change=N from the offline sheet.
    const changing = /[?&]change=(\d+)/.exec(window.location.search);
    const editing = form.dataset.number ? Number(form.dataset.number) : changing ? Number(changing[1]) : null;
    const mode = (form.querySelector("input[name=mode]") || {}).value === "claim" ? "claim" : "hand";
    const language = document.documentElement.lang || "en";
    function fill(text, values) {
      return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
    }
    function words(element, name, english, values) {
      return fill((element && element.dataset[name]) || english, values || {});
    }
    function json(element, name, otherwise) {
      try { return element && element.dataset[name] ? JSON.parse(element.dataset[name]) : otherwise; }
      catch (e) { return otherwise; }
    }

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

    // Card counter (two- and three-handed): card points per card, trumps following the chosen contract. A card
    // another player has is not taken from them silently: the first tap asks, the second moves it.
    const counter = document.getElementById("card-counter");
    if (counter && facts) {
      counter.hidden = false;
      const signs = facts.signs;
      const grid = counter.querySelector(".counter-grid");
      const message = document.getElementById("counter-message");
      const owners = {};
      let asking = null;
      const suitWords = json(counter, "suitWords", {});
      const rankWords = json(counter, "rankWords", {});
      const cardsWords = json(counter, "cardsWords", []);
      function cardName(card) {
        const [rank, suit] = card.split(" ");
        return words(counter, "cardWords", "{rank} of {suit}", { rank: rankWords[rank] || rank, suit: suitWords[suit] || suit });
      }
      facts.suits.forEach(function (suit) {
        facts.ranks.forEach(function (rank) {
          const b = document.createElement("button");
          b.type = "button";
          b.textContent = (rankWords[rank] || rank) + signs[suit];
          b.dataset.card = rank + " " + suit;
          b.dataset.short = (rankWords[rank] || rank) + signs[suit];
          b.setAttribute("aria-pressed", "false");
          b.setAttribute("aria-label", cardName(b.dataset.card));
          if (facts.red.indexOf(suit) >= 0) b.className = "red";
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
        const isTrump = (facts.trumps[contract()] || []).indexOf(suit) >= 0;
        return (isTrump ? facts.trump : facts.plain)[rank];
      }
      function say(text) { message.textContent = text; }
      function stopAsking() {
        asking = null;
        grid.querySelectorAll("[data-asking]").forEach(function (b) { delete b.dataset.asking; });
      }
      function refresh() {
        const sides = Number(form.dataset.sides);
        const totals = new Array(sides).fill(0);
        const cards = new Array(sides).fill(0);
        const side = currentSide();
        grid.querySelectorAll("button").forEach(function (b) {
          const owner = owners[b.dataset.card];
          b.setAttribute("aria-pressed", owner === side ? "true" : "false");
          if (owner !== undefined) {
            b.dataset.owner = owner;
            b.dataset.ownerMark = sideName(owner);
            b.setAttribute("aria-label", cardName(b.dataset.card) + ", " + sideName(owner));
            totals[Number(owner)] += points(b.dataset.card);
            cards[Number(owner)] += 1;
          } else {
            delete b.dataset.owner;
            delete b.dataset.ownerMark;
            b.setAttribute("aria-label", cardName(b.dataset.card));
          }
        });
        totals.forEach(function (t, i) {
          const total = counter.querySelector("[data-counter-total='" + i + "']");
          const count = counter.querySelector("[data-counter-cards='" + i + "']");
          if (total) total.textContent = t;
          if (count) count.textContent = cardsWords[cards[i]] || "(" + cards[i] + (cards[i] === 1 ? " card)" : " cards)");
        });
        if (Object.keys(owners).length === 0) return;
        totals.forEach(function (t, i) {
          const input = document.getElementById("card_points-" + i);
          if (input) input.value = t;
        });
        schedule();
        keepDraft();
      }
      grid.addEventListener("click", function (event) {
        const b = event.target.closest("button");
        if (!b) return;
        const card = b.dataset.card;
        const side = currentSide();
        const owner = owners[card];
        if (owner === side) {
          delete owners[card];
          stopAsking();
          say("");
        } else if (owner !== undefined && asking !== card) {
          stopAsking();
          asking = card;
          b.dataset.asking = "yes";
          say(words(counter, "askWords", "{card} is {owner}\u2019s: tap it again to give it to {side}.",
                    { card: b.dataset.short, owner: sideName(owner), side: sideName(side) }));
          return;
        } else {
          owners[card] = side;
          stopAsking();
          say("");
        }
        refresh();
      });
      counter.addEventListener("change", function () { stopAsking(); say(""); refresh(); });
      form.addEventListener("change", function (event) {
        if (event.target.name === "contract") refresh();
      });
    }

    // In four-handed games the other side's card points are the rest of the deck: show it as a hint (on a Swiss pad
    // the figures hold the last trick too: the rest of 157, as the server's facts say).
    let hint = function () {};
    const pointsInputs = [];
    for (let i = 0; document.getElementById("card_points-" + i); i++) pointsInputs.push(document.getElementById("card_points-" + i));
    if (fullDeck && facts && pointsInputs.length === 2) {
      hint = function () {
        const deck = (facts.decks[contract()] || facts.decks[""]) + (facts.counted_last_trick || 0);
        pointsInputs.forEach(function (input, i) {
          const other = pointsInputs[1 - i];
          input.placeholder = other.value !== "" && input.value === ""
            ? words(form, "restWords", "rest: {points}", { points: deck - Number(other.value), typed: other.value, total: deck }) : "";
        });
      };
      form.addEventListener("input", hint);
      form.addEventListener("change", hint);
    }

    // Jass's Match (a toggle per side): every card and the last trick to that side, so its figure is the whole hand
    // and the other side's nothing; one side at most. The engine checks the hand as saved.
    const matchBoxes = Array.prototype.slice.call(form.querySelectorAll("input[name^='valat-']"));
    if (facts && matchBoxes.length) {
      form.addEventListener("change", function (event) {
        const box = event.target;
        if (matchBoxes.indexOf(box) < 0 || !box.checked) return;
        const side = Number(box.name.split("-")[1]);
        const whole = (facts.decks[contract()] || facts.decks[""]) + (facts.counted_last_trick || 0);
        matchBoxes.forEach(function (other) { if (other !== box) other.checked = false; });
        pointsInputs.forEach(function (input, i) { input.value = i === side ? String(whole) : "0"; });
        const last = form.querySelector("input[name=last_trick][value='" + side + "']");
        if (last) last.checked = true;
        hint();
      });
    }

    // Stöck (the K and Q of trumps) only where the contract has trumps (Jass's Obenabe and Undenufe have none, as
    // the engine's facts say): its toggles are set aside there.
    const belaBoxes = Array.prototype.slice.call(form.querySelectorAll("#group-bela input[type=checkbox]"));
    function belaOnlyWithTrumps() {
      if (!facts || !facts.trumps || contract() === "") return;
      const none = (facts.trumps[contract()] || []).length === 0;
      belaBoxes.forEach(function (box) {
        if (none) box.checked = false;
        box.disabled = none;
      });
    }
    if (belaBoxes.length) {
      form.addEventListener("change", function (event) {
        if (event.target.name === "contract") belaOnlyWithTrumps();
      });
      belaOnlyWithTrumps();
    }

    // Fewer taps: choosing the taker (and the contract, where the game needs one) puts the cursor in the taker's
    // card points; Enter goes on to the next side's figure instead of saving half a hand.
    function emptyAfter(index) {
      if (fullDeck) return null;
      for (let k = 1; k < pointsInputs.length; k++) {
        const input = pointsInputs[(index + k) % pointsInputs.length];
        if (input.value === "") return input;
      }
      return null;
    }
    function enterHints() {
      pointsInputs.forEach(function (input, i) {
        input.setAttribute("enterkeyhint", emptyAfter(i) ? "next" : "done");
      });
    }
    // again: the taker already chosen tapped (or Enter on it) once more: the cursor goes to their card points
    // even when a figure is there, selected, so the next digits replace it.
    function focusPoints(again) {
      if (!pointsInputs.length) return false;
      if (form.dataset.contractRequired === "yes" && contract() === "") return false;
      const taker = form.querySelector("input[name=taker]:checked");
      if (!taker) return false;
      const own = pointsInputs[Number(taker.value)];
      let target = null;
      if (again) target = own;
      else if (fullDeck) target = pointsInputs.every(function (i) { return i.value === ""; }) ? own : null;
      else target = own.value === "" ? own : emptyAfter(Number(taker.value));
      if (!target) return false;
      target.focus();
      if (again) target.select();
      return true;
    }
    // The taker as it was before a tap: a tap on the one already chosen changes nothing but where the cursor goes.
    let takerBefore = (form.querySelector("input[name=taker]:checked") || {}).value;
    form.addEventListener("click", function (event) {
      // A bid or a double tapped after the trumps (Belote contrée's chips) sends the cursor back there too.
      if (!event.target.matches("input[name=taker], input[name=contract], input[name=bid], input[name=double]")) return;
      const again = event.target.name === "taker" && event.target.value === takerBefore;
      if (event.target.name === "taker") takerBefore = event.target.value;
      focusPoints(again);
    });
    // Enter on a choice (a taker, a contract, the last trick…) never saves the form, which would save whatever
    // was typed so far: it moves on, to the taker's card points or to the next field after the choice's group.
    function moveOn(choice) {
      if (choice.matches("input[name=taker], input[name=contract]") && choice.checked
          && focusPoints(choice.name === "taker")) return;
      const group = choice.closest("fieldset") || choice;
      const fields = Array.prototype.filter.call(form.querySelectorAll("input, select, textarea"), function (f) {
        return f.type !== "hidden" && !f.disabled && f.offsetParent !== null && !group.contains(f)
          && (group.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      const next = fields.find(function (f) { return f.type !== "radio" || f.checked
        || !form.querySelector("input[type=radio][name='" + f.name + "']:checked"); });
      if (next) next.focus();
      else choice.blur();
    }
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      if (event.target.matches("input[type=radio], input[type=checkbox]")) {
        event.preventDefault();
        moveOn(event.target);
        return;
      }
      if (!event.target.matches("input[inputmode=numeric]")) return;
      event.preventDefault();
      const next = emptyAfter(pointsInputs.indexOf(event.target));
      if (pointsInputs.indexOf(event.target) >= 0 && next) next.focus();
      else event.target.blur();
    });
    form.addEventListener("input", enterHints);
    enterHints();

    // Live preview: the engine scores the form as it stands, nothing is saved. The Save bar says the first thing
    // still missing, in the engine's words, or what saving now would score.
    const preview = document.getElementById("preview");
    const lines = document.getElementById("preview-lines");
    const why = document.getElementById("save-why");
    let timer = null;
    // Asked once the scorer pauses: the server a quarter of a second after the last input; the engine on the phone
    // (no round trip, answers out of order are dropped) sooner.
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(ask, offline() ? 100 : 250);
    }
    function elementOf(key) {
      return document.getElementById("group-" + key) || form.querySelector("[name='" + key + "']");
    }
    function firstProblem(errors) {
      const keys = Object.keys(errors).filter(function (k) { return errors[k] && errors[k].length; });
      keys.sort(function (a, b) {
        const x = elementOf(a), y = elementOf(b);
        if (!x || !y) return x ? -1 : y ? 1 : 0;
        return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
      return keys.length ? { key: keys[0], message: errors[keys[0]][0] } : null;
    }
    function inWords(problem) {
      let text = problem.message;
      const side = /-(\d+)$/.exec(problem.key);
      const name = side ? names[Number(side[1])] : null;
      if (name && text.indexOf(name) < 0) text = name + ": " + text;
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    function showWhy(answer) {
      if (!why) return;
      why.textContent = "";
      why.classList.remove("not-yet");
      if (answer.ok) {
        if (!answer.scores) { why.hidden = true; return; }
        why.textContent = words(form, "saveNowWords", "If you save now: {scores}", { scores: answer.scores.map(function (s, i) {
          return (names[i] || "") + " +" + s;
        }).join(" · ") });
      } else {
        const problem = firstProblem(answer.errors || {});
        if (!problem) { why.hidden = true; return; }
        why.textContent = inWords(problem);
        why.classList.add("not-yet");
      }
      why.hidden = false;
    }
    // Answers may come back out of order (a slow first answer after a quick later one): only the newest question's
    // answer is shown, so the preview never says what an earlier state of the form would have scored.
    let asking = 0;
    function ask() {
      const data = new FormData(form);
      const question = ++asking;
      const asked = offline() ? phonePreview() : fetch(form.dataset.preview, { method: "POST", body: data, credentials: "same-origin" })
        .then(function (r) { return r.json(); }, phonePreview);
      asked
        .then(function (answer) {
          if (question !== asking) return;
          lines.innerHTML = "";
          const texts = answer.ok ? answer.explanation
            : Object.values(answer.errors || {}).flat().map(function (m) {
              return words(form, "notYetWords", "Not yet: {problem}", { problem: m });
            });
          texts.forEach(function (t) {
            const li = document.createElement("li");
            li.textContent = t;
            lines.appendChild(li);
          });
          preview.hidden = texts.length === 0;
          showWhy(answer);
        })
        .catch(function () { if (question === asking) { preview.hidden = true; if (why) why.hidden = true; } });
    }
    if (preview) {
      form.addEventListener("input", schedule);
      form.addEventListener("change", schedule);
    }

    // A draft of the unsaved hand, kept on this phone (a reload, a phone call, a browser that closed the tab) and
    // put back when the same form opens again with nothing changed in the match since. A saved hand changes the
    // match's revision, and with it every draft of the match is dropped.
    const PREFIX = "scorekeeper:draft:";
    const draftKey = form.dataset.draft ? PREFIX + form.dataset.draft : null;
    const revisionInput = form.querySelector("input[name=revision]");
    const revision = revisionInput ? revisionInput.value : "";
    const SKIP = { csrf_token: 1, idempotency_key: 1, revision: 1, mode: 1 };
    function fields() {
      return Array.prototype.filter.call(form.elements, function (el) {
        return el.name && !SKIP[el.name] && el.form === form && el.type !== "submit" && el.type !== "button";
      });
    }
    function snapshot() {
      const values = {};
      fields().forEach(function (el) {
        if (el.type === "radio") { if (el.checked) values[el.name] = el.value; }
        else if (el.type === "checkbox") values[el.name] = el.checked;
        else values[el.name] = el.value;
      });
      return values;
    }
    function storage() {
      try { return window.localStorage; } catch (e) { return null; }
    }
    let quiet = false;
    function keepDraft() {
      const store = storage();
      if (!draftKey || !store || quiet) return;
      try {
        store.setItem(draftKey, JSON.stringify({ revision: revision, saved: Date.now(), fields: snapshot() }));
      } catch (e) { /* a full or refused storage only loses the draft */ }
    }
    // A draft is dropped once its hand was sent and the match moved on (it was saved); one that was never sent is
    // kept even when another phone changed the match meanwhile: the form puts it back and says so.
    function tidyDrafts() {
      const store = storage();
      if (!store || !draftKey) return;
      const match = form.dataset.draft.split(":")[0];
      const old = Date.now() - 3 * 24 * 3600 * 1000;
      for (let i = store.length - 1; i >= 0; i--) {
        const key = store.key(i);
        if (!key || key.indexOf(PREFIX) !== 0) continue;
        let draft = null;
        try { draft = JSON.parse(store.getItem(key)); } catch (e) { draft = null; }
        const ours = key.indexOf(PREFIX + match + ":") === 0;
        if (!draft || draft.saved < old || (ours && draft.sent && draft.revision !== revision)) store.removeItem(key);
      }
    }
    // This form's draft, or (a new hand) the draft of this match's next hand as it was numbered before another
    // phone recorded one: [key, draft].
    function findDraft(store) {
      const own = store.getItem(draftKey);
      if (own) return [draftKey, own];
      if (form.dataset.draft.split(":")[1] !== "new") return null;
      const prefix = PREFIX + form.dataset.draft.split(":")[0] + ":new:";
      for (let i = store.length - 1; i >= 0; i--) {
        const key = store.key(i);
        if (key && key.indexOf(prefix) === 0) return [key, store.getItem(key)];
      }
      return null;
    }
    let movedOn = false;
    function restoreDraft() {
      const store = storage();
      if (!store || !draftKey || form.dataset.fresh !== "yes") return false;
      const found = findDraft(store);
      let draft = null;
      try { draft = found ? JSON.parse(found[1]) : null; } catch (e) { return false; }
      if (!draft || !draft.fields || draft.sent) return false;
      movedOn = draft.revision !== revision;
      const before = JSON.stringify(snapshot());
      quiet = true;
      fields().forEach(function (el) {
        if (!(el.name in draft.fields)) return;
        const value = draft.fields[el.name];
        if (el.type === "radio") el.checked = el.value === value;
        else if (el.type === "checkbox") el.checked = value === true;
        else el.value = value;
      });
      quiet = false;
      if (found[0] !== draftKey) store.removeItem(found[0]);
      keepDraft();
      return JSON.stringify(snapshot()) !== before;
    }
    if (draftKey) {
      tidyDrafts();
      if (restoreDraft()) {
        const note = document.getElementById("draft-note");
        if (note) {
          note.hidden = false;
          // Another phone changed the match since this was typed: said, and the draft kept to save or discard.
          if (movedOn && note.dataset.movedWords && note.firstChild) note.firstChild.textContent = note.dataset.movedWords + " ";
        }
        form.querySelectorAll("details").forEach(function (d) {
          if (d.querySelector("input[type=checkbox]:checked, select option:checked:not([value=''])")) d.open = true;
        });
      }
      const discard = document.getElementById("draft-discard");
      if (discard) {
        discard.addEventListener("click", function () {
          const store = storage();
          if (store) store.removeItem(draftKey);
          window.location.reload();
        });
      }
      form.addEventListener("input", keepDraft);
      form.addEventListener("change", keepDraft);
    }
    hint();
    enterHints();

    // After a refused save the first field with a problem has the focus (autofocus from the server); bring it to
    // the middle of the screen, clear of the Save bar.
    const first = form.querySelector("[autofocus]");
    if (first) {
      first.focus({ preventScroll: true });
      (first.closest(".field, fieldset") || first).scrollIntoView({ block: "center" });
    }
    if (preview) ask();

    // A second tap while saving does nothing (the idempotency key would make it harmless anyway). With no signal
    // (or with changes of this match still waiting to be sent, which this one must follow) the hand goes to the
    // phone's outbox instead (static/js/offline.js), scored by the engine on the phone.
    form.addEventListener("submit", function (event) {
      const button = form.querySelector("button[type=submit]");
      // "Count, don't save" (the claim form): the live preview already says it; show it, save nothing.
      if (event.submitter && event.submitter.value === "count") {
        event.preventDefault();
        if (preview) { ask(); preview.scrollIntoView({ block: "nearest" }); }
        return;
      }
      // (install.js says whether this match has changes waiting on this phone.)
      if (offline() || changing || window.scorekeeperWaiting === matchId) {
        event.preventDefault();
        saveOnPhone(null, null);
        return;
      }
      markSent();
      setTimeout(function () { button.disabled = true; button.textContent = words(form, "savingWords", "Saving…"); }, 0);
    });
    // Sent: once the match has moved on past it, the draft was saved and goes. (A form sent back with a problem or a
    // question keeps it: the next change writes it again, and the question page keeps it at once.)
    function markSent() {
      const store = storage();
      if (!store || !draftKey) return;
      try {
        const draft = JSON.parse(store.getItem(draftKey));
        if (draft) { draft.sent = true; store.setItem(draftKey, JSON.stringify(draft)); }
      } catch (e) { /* only the draft */ }
    }
    if (draftKey && document.getElementById("conflict")) keepDraft();
    // "Drop mine" (its own form): the table chose to drop what was typed here, so its draft goes too.
    const dropForm = document.getElementById("drop-form");
    if (dropForm) {
      dropForm.addEventListener("submit", function () {
        const store = storage();
        quiet = true;
        if (store && draftKey) store.removeItem(draftKey);
      });
    }

    // --- No signal: the engine on the phone previews and saves (static/js/engine.js, static/js/offline.js, loaded
    // by install.js when needed) -----------------------------------------------------------------------------------
    // (A match started on this phone with no signal is scored here until the server has created it: new-match.js.)
    function offline() { return navigator.onLine === false || window.scorekeeperNewMatch === matchId; }
    function kit() {
      if (!window.scorekeeperLoadOffline || !matchId) return Promise.reject(new Error("not ready"));
      return window.scorekeeperLoadOffline().then(function (box) {
        if (!box || !window.scorekeeperEngine) throw new Error("not ready");
        return box;
      });
    }
    function formFields() {
      const fields = {};
      new FormData(form).forEach(function (value, name) {
        if (typeof value === "string" && !(name in fields)) fields[name] = value;
      });
      return fields;
    }
    function hands(view) {
      // Changing a hand: the preview scores it where it stands, so the hands after it are left out.
      if (editing === null) return view.hands;
      return view.hands.filter(function (h) { return h.number < editing; });
    }
    // The engine's last preview, with what it was asked: Save asks again only if the form or the match changed since.
    let previewed = { key: null, answer: null, made: null };
    function previewKey(view, fields) { return JSON.stringify([view.data.revision, hands(view), fields]); }
    function phonePreview() {
      return kit().then(function (box) {
        return box.phoneState(matchId);
      }).then(function (view) {
        if (!view) throw new Error("not ready");
        const e = window.scorekeeperEngine;
        const fields = formFields();
        return e.load().then(function () { return e.preview(view.match, hands(view), fields, mode, language); })
          .then(function (answer) {
            // The hand as Save keeps it, asked now (after the preview, which is shown first): Save then only keeps it.
            const made = answer && answer.ok ? e.handInput(view.match, fields, mode, language) : null;
            if (made) made.catch(function () {});
            previewed = { key: previewKey(view, fields), answer: answer, made: made };
            return answer;
          });
      });
    }
    function say(text) {
      if (!why) return;
      why.textContent = text;
      why.classList.add("not-yet");
      why.hidden = false;
    }
    function saveOnPhone(key, base) {
      const button = form.querySelector("button[type=submit]");
      const notReady = words(form, "notReadyWords", "This phone is not ready for no signal: what you typed is kept here; save it when the signal is back.");
      button.disabled = true;
      return kit().then(function (box) {
        const e = window.scorekeeperEngine;
        return box.phoneState(matchId).then(function (view) {
          if (!view) throw new Error("not ready");
          const fields = formFields();
          // The hand as the form would save it, and its score, asked together (the worker answers one after the other).
          return e.load().then(function () {
            const same = previewed.key === previewKey(view, fields);
            return Promise.all([(same && previewed.made) || e.handInput(view.match, fields, mode, language),
                                (same && previewed.answer) || e.preview(view.match, hands(view), fields, mode, language)]);
          }).then(function (answers) {
            const made = answers[0];
            if (made.errors) {
              showWhy({ ok: false, errors: made.errors });
              button.disabled = false;
              return null;
            }
            return Promise.resolve(answers[1]).then(function (scored) {
              // A hand still in the outbox is changed there: it is sent as it is now, once (the server has never
              // seen it, and its number may yet change).
              const unsent = editing === null ? null : view.marks[editing];
              if (unsent && unsent.kind === "record") {
                unsent.hand = made.hand;
                unsent.scores = scored && scored.ok ? scored.scores : null;
                return box.store.put(unsent);
              }
              return box.add({
                match: matchId, kind: editing === null ? "record" : "edit", number: editing === null ? undefined : editing,
                hand: made.hand, key: key || box.newKey(), base: base === null ? view.data.revision : base,
                scores: scored && scored.ok ? scored.scores : null,
              }, true);
            }).then(function () {
              const store = storage();
              if (store && draftKey) store.removeItem(draftKey);
              quiet = true;
              // The sheet then says what was done, as the server's does after a save (?saved=7).
              const number = editing === null
                ? hands(view).reduce(function (most, h) { return Math.max(most, h.number); }, 0) + 1 : editing;
              const sheet = form.dataset.sheet + (editing === null ? "?saved=" : "?changed=") + number;
              // The kept sheet shown in this page's place (offline.js), the engine already running; else loaded.
              return (box.showSheet ? box.showSheet(matchId, sheet) : Promise.reject(new Error("a page load")))
                .catch(function () { window.location.href = sheet; });
            });
          });
        });
      }).catch(function () { button.disabled = false; say(notReady); });
    }
    // With no signal the kept form shows the match as it was when the phone kept it (a match started on the phone:
    // as it began): the next hand's number and the score above the form are the engine's, from what the phone has.
    if (offline() && editing === null && matchId) {
      kit().then(function (box) { return box.phoneState(matchId); }).then(function (view) {
        if (!view) return null;
        return window.scorekeeperEngine.replay(view.match, view.hands, language).then(function (state) {
          const heading = document.querySelector(".hand-head h1");
          if (heading && form.dataset.handWords) heading.textContent = words(form, "handWords", "", { number: state.hands.length + 1 });
          state.totals.forEach(function (total, i) {
            const cell = document.querySelector(".scoreboard.compact [data-total='" + i + "']");
            if (cell) cell.textContent = total;
          });
        });
      }).catch(function () { /* the preview says when the phone is not ready */ });
    }
    // The hand being changed, as the phone has it, filled in by the engine (the server's own prefill, in Python).
    if (changing && matchId) {
      const heading = document.querySelector(".hand-head h1");
      if (heading && form.dataset.changeWords) heading.textContent = words(form, "changeWords", "", { number: editing });
      const button = form.querySelector("button[type=submit]");
      if (button && form.dataset.saveChangeWords) button.textContent = form.dataset.saveChangeWords;
      kit().then(function (box) { return box.phoneState(matchId); }).then(function (view) {
        const hand = view && view.hands.find(function (h) { return h.number === editing; });
        if (!hand) return null;
        return window.scorekeeperEngine.formFields(view.match, hand.input).then(function (made) {
          quiet = true;
          fields().forEach(function (el) {
            const value = made.fields[el.name];
            if (el.type === "radio") el.checked = value !== undefined && el.value === String(value);
            else if (el.type === "checkbox") el.checked = value === true;
            else el.value = value === undefined || value === null ? "" : String(value);
          });
          quiet = false;
          schedule();
        });
      }).catch(function () { say(words(form, "notReadyWords", "")); });
    }
    // A save the service worker caught with no signal: the same fields, the same key, now saved on the phone.
    if (matchId && /[?&]offline=1/.test(window.location.search)) {
      kit().then(function (box) {
        return box.store.pending(window.location.pathname).then(function (pending) {
          if (!pending) return null;
          quiet = true;
          fields().forEach(function (el) {
            const value = pending.fields[el.name];
            if (el.type === "radio") el.checked = el.value === value;
            else if (el.type === "checkbox") el.checked = value !== undefined;
            else if (value !== undefined) el.value = value;
          });
          quiet = false;
          // Kept as this form's draft too: if the phone cannot score it now (not ready for no signal), what was
          // typed stays on the phone, to save when the signal is back.
          keepDraft();
          const revision = Number(pending.fields.revision);
          return box.store.donePending(window.location.pathname).then(function () {
            return saveOnPhone(pending.fields.idempotency_key || null, isNaN(revision) ? null : revision);
          });
        });
      }).catch(function () {});
    }
  }
  (window.scorekeeperMounts = window.scorekeeperMounts || []).push(mount);
  mount();
})();
