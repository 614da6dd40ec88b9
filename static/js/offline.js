// No signal at the table: what this phone keeps of the matches it scores, and its outbox.
//
// - Getting ready is the service worker's (install.js asks it when a match's page opens with a signal): the
//   match's hands as the server has them (data.json) in IndexedDB, its pages and the engine's files kept. This
//   file, and the engine (static/js/engine.js: scorekeeper/rules in Pyodide), load only when needed: on the
//   offline sheet, with no signal, or while the match has changes waiting.
// - The outbox: a hand (or an undo, a void, a thrown-in hand) recorded with no signal is kept in IndexedDB with
//   its idempotency key (128 random bits) and the revision it was made on. It is sent by itself, in order, when
//   the server answers again; a request that got no answer is sent again with the same key, so nothing is
//   recorded twice. A change made on an out-of-date sheet is answered with what the match did since: the table
//   is asked, side by side, to keep both or drop its own (kept on the phone until the match ends).
// - The offline sheet (#offline-sheet): the kept hands and the outbox's, scored by the engine on the phone.
//
// No score is worked out here: every point, total and sentence comes from the engine. Its words come from the
// page (#offline-words), in its language.
(function () {
  "use strict";
  const language = document.documentElement.lang || "en";
  const wordsBlock = document.getElementById("offline-words");
  let words = {};
  try { words = wordsBlock ? JSON.parse(wordsBlock.textContent) : {}; } catch (e) { words = {}; }
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }
  function say(name, values) { return fill(words[name] || name, values || {}); }

  // IndexedDB (static/js/phone-db.js): "matches", "outbox" and "pending", as the service worker keeps them too.
  let opened = null;
  function openDb() {
    if (!opened) opened = self.scorekeeperDb();  // static/js/phone-db.js, loaded before this file
    return opened;
  }
  function run(storeName, mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        const tx = db.transaction(storeName, mode);
        let result;
        const request = work(tx.objectStore(storeName));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  const store = {
    match: function (id) { return run("matches", "readonly", function (s) { return s.get(id); }); },
    matches: function () { return run("matches", "readonly", function (s) { return s.getAll(); }); },
    keepMatch: function (data) { return run("matches", "readwrite", function (s) { return s.put(data); }); },
    forgetMatch: function (id) { return run("matches", "readwrite", function (s) { return s.delete(id); }); },
    entries: function (id) {
      return run("outbox", "readonly", function (s) { return s.index("match").getAll(id); }).then(function (all) {
        return (all || []).sort(function (a, b) { return a.seq - b.seq; });
      });
    },
    add: function (entry) { return run("outbox", "readwrite", function (s) { return s.add(entry); }); },
    put: function (entry) { return run("outbox", "readwrite", function (s) { return s.put(entry); }); },
    remove: function (seq) { return run("outbox", "readwrite", function (s) { return s.delete(seq); }); },
    pending: function (path) { return run("pending", "readonly", function (s) { return s.get(path); }); },
    donePending: function (path) { return run("pending", "readwrite", function (s) { return s.delete(path); }); },
  };

  // A key no one can guess: 128 random bits, base64url.
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function signed(points) { return (points >= 0 ? "+" : "") + points; }
  function scoreWords(names, scores) {
    if (!scores) return "";
    return names.map(function (name, i) { return say("scores", { side: name, points: signed(scores[i]) }); }).join(", ");
  }

  // The match as this phone sees it: the server's hands, then the outbox's changes on top (a dropped change
  // no longer counts). Each hand the outbox added or changed is marked with its entry.
  function phoneHands(data, entries) {
    const hands = data.hands.map(function (h) { return { number: h.number, input: h.input, voided: h.voided }; });
    const marks = {};
    let next = hands.reduce(function (most, h) { return Math.max(most, h.number); }, 0) + 1;
    entries.forEach(function (entry) {
      if (entry.status === "dropped" || entry.status === "refused") return;
      if (entry.kind === "record") {
        hands.push({ number: next, input: entry.hand, voided: false });
        entry.number_here = next;
        marks[next] = entry;
        next += 1;
        return;
      }
      const hand = hands.find(function (h) { return h.number === entry.number; });
      if (!hand) return;
      if (entry.kind === "undo" || entry.kind === "void") hand.voided = true;
      else if (entry.kind === "restore") hand.voided = false;
      else if (entry.kind === "edit") hand.input = entry.hand;
      marks[hand.number] = entry;
    });
    return { hands: hands, marks: marks };
  }
  function matchOf(data) {
    return { variant: data.variant, rules: data.rules, players: data.players, first_dealer: data.first_dealer || 0 };
  }

  // A match started on this phone, once the server has created it, is the server's match (its id given back).
  function current(id) {
    if (String(id).indexOf("new~") !== 0) return id;
    try { return (JSON.parse(window.localStorage.getItem("scorekeeper-new:" + id)) || {}).moved || id; } catch (e) { return id; }
  }

  // What the phone shows for a match: its kept data (or the page's own copy, when newer) and the outbox.
  function phoneState(id) {
    id = current(id);
    const embedded = document.getElementById("offline-match");
    let own = null;
    try { own = embedded ? JSON.parse(embedded.textContent) : null; } catch (e) { own = null; }
    return Promise.all([store.match(id).catch(function () { return null; }), store.entries(id).catch(function () { return []; })])
      .then(function (found) {
        let data = found[0];
        if (own && own.id === id && own.hands && (!data || own.revision > data.revision)) data = own;
        if (!data) return null;
        const view = phoneHands(data, found[1]);
        return { data: data, entries: found[1], match: matchOf(data), hands: view.hands, marks: view.marks };
      });
  }

  function engine() { return window.scorekeeperEngine || null; }

  // Sending: one match's outbox, in order, one change at a time.
  const sending = {};
  function refreshData(id, url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) { return store.keepMatch(data).then(function () { return data; }); });
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Scorekeeper-Outbox": "1" },
      body: JSON.stringify(body),
    });
  }
  // A match started on this phone with no signal goes to the server first (the start form's fields, read there
  // as if sent now, with the phone's key: a retry creates nothing more); its changes then follow as any match's,
  // on the revision the server created it at. The phone's pages of it send the table on to the server's match.
  function created(local) {
    return post("/offline/create", { fields: local.fields, key: local.key }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (response.ok && answer.ok) {
          const data = answer.data;
          return store.keepMatch(data).then(function () { return store.entries(local.id); }).then(function (entries) {
            return Promise.all(entries.map(function (e) {
              e.match = data.id;
              e.base = data.revision;
              e.made_on = data.revision;
              return store.put(e);
            }));
          }).then(function () {
            try {
              window.localStorage.setItem("scorekeeper-new:" + local.id,
                JSON.stringify({ players: local.players, moved: data.id }));
            } catch (e) { /* the phone's pages of it then show the offline page */ }
            return store.forgetMatch(local.id);
          }).then(function () { changed(); return flush(data.id); });
        }
        if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
          const errors = answer.errors || {};
          local.problem = Object.keys(errors).map(function (k) { return errors[k][0]; })[0] || String(response.status);
          return store.keepMatch(local).then(function () { changed(); return 0; });
        }
        return 0;  // the server is busy or failing: sent again later, with the same key
      });
    }, function () { return 0; });
  }
  function flush(id) {
    if (sending[id]) return sending[id];
    if (id.indexOf("new~") === 0) {
      sending[id] = store.match(id).then(function (local) {
        return local && !local.problem && navigator.onLine !== false ? created(local) : 0;
      }).then(function (sent) { delete sending[id]; return sent; }, function (error) { delete sending[id]; throw error; });
      return sending[id];
    }
    sending[id] = (function loop(sent) {
      return phoneState(id).then(function (view) {
        if (!view) return sent;
        const entry = view.entries.find(function (e) { return e.status !== "dropped"; });
        if (!entry || entry.status !== "waiting") return sent;
        changed();
        const body = { kind: entry.kind, hand: entry.hand, number: entry.number, revision: entry.base, key: entry.key };
        return post(view.data.urls.sync, body).then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (answer) {
            if (response.ok && answer.ok) {
              // Later changes made after this one on the phone follow it: they are based on its answer. After a
              // question the table answered for this one only, they are not: each is sent on its own revision and
              // asked about in its turn, with this phone's own writes left out of what "another phone" did.
              const later = view.entries.filter(function (e) {
                return e.seq !== entry.seq && e.status !== "dropped" && e.made_on === entry.made_on;
              });
              return Promise.all(later.map(function (e) {
                if (!entry.answered && e.base === entry.base) e.base = answer.revision;
                else e.mine = (e.mine || []).concat([answer.revision]);
                return store.put(e);
              })).then(function () { return store.remove(entry.seq); })
                .then(function () { return loop(sent + 1); });
            }
            if (response.status === 412 && answer.conflict) {
              const mine = entry.mine || [];
              const theirs = (answer.conflict.changes || []).filter(function (c) { return mine.indexOf(c.revision) < 0; });
              if (mine.length && !theirs.length) {
                // Only this phone's own changes came in between: nothing to ask.
                entry.base = answer.conflict.revision;
                return store.put(entry).then(function () { return loop(sent); });
              }
              entry.status = "conflict";
              entry.conflict = { revision: answer.conflict.revision, changes: theirs };
              return store.put(entry).then(function () { return refreshData(id, view.data.urls.data).catch(function () {}); })
                .then(function () { return sent; });
            }
            if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
              const errors = answer.errors || {};
              const first = Object.keys(errors).map(function (k) { return errors[k][0]; })[0];
              entry.status = "refused";
              entry.problem = first || String(response.status);
              return store.put(entry).then(function () { return sent; });
            }
            return sent;  // the server is busy or failing: try again later, with the same key
          });
        }, function () { return sent; });  // no answer: sent again later with the same key
      });
    })(0).then(function (sent) {
      delete sending[id];
      if (sent) return refreshData(id, "/m/" + id + "/data.json").catch(function () {}).then(function () { return sent; });
      return sent;
    }, function (error) { delete sending[id]; throw error; }).then(function (sent) {
      changed(sent);
      return sent;
    });
    return sending[id];
  }
  function flushAll() {
    if (navigator.onLine === false) return Promise.resolve();
    return store.matches().then(function (all) {
      return Promise.all(all.map(function (data) {
        if (data.local) return flush(data.id);
        return store.entries(data.id).then(function (entries) {
          return entries.some(function (e) { return e.status === "waiting"; }) ? flush(data.id) : 0;
        });
      }));
    }).catch(function () {});
  }

  // Listeners (the pages' parts below) are told when the outbox changed.
  const listeners = [];
  function changed(sent) { listeners.forEach(function (fn) { try { fn(sent); } catch (e) { /* a page part */ } }); }

  function add(entry) {
    entry.match = current(entry.match);
    const made = Object.assign({ status: "waiting", made: Date.now(), key: newKey(), made_on: entry.base }, entry);
    return store.add(made).then(function (seq) {
      made.seq = seq;
      changed();
      if (navigator.onLine !== false) flush(made.match).catch(function () {});
      return made;
    });
  }

  // The table's answer to a conflict.
  function keepBoth(entry) {
    entry.base = entry.conflict.revision;
    entry.status = "waiting";
    entry.answered = true;
    delete entry.conflict;
    return store.put(entry).then(function () { changed(); return flush(entry.match); });
  }
  function dropMine(entry) {
    entry.status = "dropped";
    entry.dropped = Date.now();
    return store.put(entry).then(function () { changed(); return flush(entry.match); });
  }

  // Forget a match on this phone: its key leaves the cookie, its outbox and kept pages go.
  function forget(id) {
    return post("/m/" + id + "/forget", {}).catch(function () {}).then(function () {
      return store.entries(id);
    }).then(function (entries) {
      return Promise.all(entries.map(function (e) { return store.remove(e.seq); }));
    }).then(function () { return store.forgetMatch(id); }).then(function () {
      return tellWorker({ type: "forget", match: id });
    });
  }

  function tellWorker(message) {
    if (!("serviceWorker" in navigator)) return Promise.resolve(false);
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        const channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data && event.data.ok); };
        registration.active.postMessage(message, [channel.port2]);
        setTimeout(function () { resolve(false); }, 30000);
      });
    });
  }

  const api = {
    add: add, flush: flush, flushAll: flushAll, entries: store.entries, phoneState: phoneState, keepBoth: keepBoth,
    dropMine: dropMine, forget: forget, newKey: newKey, scoreWords: scoreWords, say: say, store: store,
    onChange: function (fn) { listeners.push(fn); }, language: language,
  };
  window.scorekeeperOutbox = api;

  window.addEventListener("online", function () { flushAll(); });
  setInterval(function () { flushAll(); }, 10000);

  // --- The page's parts ---------------------------------------------------------------------------------

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  // The outbox panel (#outbox, on the sheet and the offline sheet): what is not sent yet, each question.
  function entryWhat(entry, names) {
    if (entry.kind === "record") {
      if (entry.hand && entry.hand.thrown_in) return say("hand", { number: entry.number_here || "" }) + ": " + say("thrown_in");
      return say("hand", { number: entry.number_here || "" }) + ": " + scoreWords(names, entry.scores);
    }
    return say(entry.kind + "_of", { number: entry.number });
  }
  function drawOutbox(panel, id) {
    return phoneState(id).then(function (view) {
      panel.textContent = "";
      if (!view) { panel.hidden = true; return view; }
      const names = view.data.names;
      const live = view.entries.filter(function (e) { return e.status !== "dropped"; });
      const dropped = view.entries.filter(function (e) { return e.status === "dropped"; });
      panel.hidden = live.length === 0 && dropped.length === 0;
      if (live.length) {
        panel.appendChild(element("p", "outbox-line", sending[id] ? say("sending") : say("waiting", { count: live.length })));
        const list = element("ul", "outbox-list");
        live.forEach(function (entry) {
          const item = element("li", "outbox-entry " + entry.status);
          item.appendChild(element("span", "", entryWhat(entry, names) + " "));
          item.appendChild(element("span", "unsent-mark", "↑ " + say("not_sent")));
          list.appendChild(item);
          if (entry.status === "conflict") item.appendChild(conflictQuestion(entry, view));
          if (entry.status === "refused") {
            const refused = element("div", "outbox-question");
            refused.appendChild(element("p", "", say("refused", { problem: entry.problem || "" })));
            const drop = element("button", "button", say("drop_mine"));
            drop.type = "button";
            drop.addEventListener("click", function () { dropMine(entry); });
            refused.appendChild(drop);
            item.appendChild(refused);
          }
        });
        panel.appendChild(list);
      } else {
        panel.appendChild(element("p", "outbox-line", say("sent")));
      }
      if (dropped.length) {
        const details = element("details", "outbox-dropped");
        details.appendChild(element("summary", "", say("dropped_head")));
        const list = element("ul");
        dropped.forEach(function (entry) { list.appendChild(element("li", "", entryWhat(entry, names))); });
        details.appendChild(list);
        panel.appendChild(details);
      }
      return view;
    });
  }
  function conflictQuestion(entry, view) {
    const names = view.data.names;
    const box = element("div", "outbox-question");
    box.setAttribute("role", "alert");
    const changes = (entry.conflict && entry.conflict.changes) || [];
    const yours = entry.hand && entry.hand.thrown_in ? say("thrown_in") : scoreWords(names, entry.scores);
    // What the other phone did, in the server's words (each change as the services replayed it), then this
    // phone's own, as the engine on the phone scored it.
    const lines = changes.map(function (change) { return change.words; }).filter(Boolean);
    if (!lines.length) lines.push(say("changed_match"));
    lines.push(say("yours_offline", { yours: yours }));
    lines.forEach(function (line) { box.appendChild(element("p", "", line)); });
    const row = element("div", "row");
    const next = view.data.hands.reduce(function (most, h) { return Math.max(most, h.number); }, 0) + 1;
    const keep = element("button", "button primary",
      entry.kind === "record" ? say("keep_both", { number: next }) : say("keep_change"));
    keep.type = "button";
    keep.addEventListener("click", function () { keep.disabled = true; keepBoth(entry); });
    const drop = element("button", "button", say("drop_mine"));
    drop.type = "button";
    drop.addEventListener("click", function () { drop.disabled = true; dropMine(entry); });
    row.appendChild(keep);
    row.appendChild(drop);
    box.appendChild(row);
    return box;
  }

  // The offline sheet: the hands the phone keeps and its outbox's, scored by the engine on the phone.
  // When this page lost its signal (or opened without one), as the table's clock says it.
  // (As the phone writes the time when it speaks the page's language: an en-GB phone, a 24-hour clock.)
  const clockLanguage = (navigator.languages || [navigator.language]).filter(function (tag) {
    return tag && tag.split("-")[0].toLowerCase() === language;
  })[0] || language;
  const since = new Date().toLocaleTimeString(clockLanguage, { hour: "2-digit", minute: "2-digit" });
  function drawSheet(root, id) {
    const status = document.getElementById("offline-status");
    return phoneState(id).then(function (view) {
      if (!view) return;
      const e = engine();
      if (!e) return;
      if (status && e.status !== "ready") status.textContent = say("engine_loading");
      return e.load().then(function () {
        return e.replay(view.match, view.hands, language);
      }).then(function (state) {
        const names = view.data.names;
        state.totals.forEach(function (total, i) {
          const cell = root.querySelector("[data-total='" + i + "']");
          if (cell) cell.textContent = total;
        });
        const line = document.getElementById("offline-line");
        if (line) line.textContent = state.finished && state.winner !== null && state.winner !== undefined
          ? names[state.winner] + " ✓" : "";
        const rows = document.getElementById("offline-hands");
        rows.textContent = "";
        let lastCounted = null;
        state.hands.forEach(function (hand) {
          const mark = view.marks[hand.number];
          const row = element("details", "hand" + (hand.voided ? " voided" : "") + (mark ? " unsent" : ""));
          row.id = "hand-" + hand.number;
          const summary = element("summary");
          summary.appendChild(element("span", "no", String(hand.number)));
          names.forEach(function (name, i) {
            const cell = element("span", "cell");
            if (hand.voided) cell.appendChild(element("span", "was", "–"));
            else {
              cell.appendChild(element("span", "score", String(hand.scores[i])));
              cell.appendChild(element("span", "running", String(hand.totals[i])));
            }
            summary.appendChild(cell);
          });
          summary.appendChild(element("span", "result", mark ? "↑ " + say("not_sent") : ""));
          row.appendChild(summary);
          const body = element("div", "hand-body");
          (hand.explanation || []).forEach(function (text) { body.appendChild(element("p", "", text)); });
          body.appendChild(rowActions(rows, view, hand, mark));
          row.appendChild(body);
          rows.appendChild(row);
          if (!hand.voided) lastCounted = hand;
        });
        const last = document.getElementById("offline-last");
        if (lastCounted && last) {
          last.hidden = false;
          last.querySelector(".done-line").textContent = say("Hand", { number: lastCounted.number }) + ": "
            + scoreWords(names, lastCounted.scores) + (view.marks[lastCounted.number] ? " — ↑ " + say("not_sent") : "");
          last.querySelector(".done-why").textContent = (lastCounted.explanation || []).slice(-2).join(" ");
        }
        const record = document.getElementById("offline-record");
        if (record) record.textContent = fill(record.dataset.words, { number: state.hands.length + 1 });
        const thrownIn = document.getElementById("offline-thrown-in");
        if (thrownIn) thrownIn.dataset.number = String(state.hands.length + 1);
        const claim = document.getElementById("offline-claim");
        if (claim) claim.hidden = !(state.can_claim || []).some(Boolean);
        const actions = document.getElementById("offline-actions");
        if (actions) actions.hidden = Boolean(state.finished);
        const undo = document.getElementById("offline-undo");
        if (undo) {
          undo.hidden = !lastCounted;
          if (lastCounted) {
            undo.textContent = fill(undo.dataset.words, { number: lastCounted.number });
            undo.dataset.number = String(lastCounted.number);
            undo.dataset.question = fill(undo.dataset.questionWords || undo.dataset.question, {
              number: lastCounted.number, scores: scoreWords(names, lastCounted.scores) });
          }
        }
        if (status) status.textContent = view.data.local ? (view.data.problem ? say("refused", { problem: view.data.problem })
          : sending[id] ? say("creating") : say("new_here"))
          : navigator.onLine === false ? say("offline_since", { time: since }) : say("back_online");
      });
    }).catch(function (error) {
      if (window.console) console.warn("offline sheet:", error, error && error.stack);
      if (status) status.textContent = say("engine_failed");
    });
  }

  // A hand's own buttons on the offline sheet: change it (its kept form, filled on the phone), void or restore it.
  function rowActions(rows, view, hand, mark) {
    const box = element("div", "row hand-actions");
    const id = view.data.id;
    const unsentRecord = mark && mark.kind === "record";
    if (!hand.voided) {
      const change = element("a", "button small", fill(rows.dataset.changeWords, { number: hand.number }));
      change.href = view.data.urls.hand + "?change=" + hand.number;
      box.appendChild(change);
    }
    const button = element("button", "button small", fill(hand.voided ? rows.dataset.restoreWords : rows.dataset.voidWords,
      { number: hand.number }));
    button.type = "button";
    button.addEventListener("click", function () {
      button.disabled = true;
      const unsentVoid = mark && (mark.kind === "void" || mark.kind === "undo") && hand.voided;
      if ((unsentRecord && !hand.voided) || unsentVoid) {
        // A change never sent is taken out of the outbox: nothing to undo on the server.
        store.remove(mark.seq).then(function () { changed(); });
        return;
      }
      add({ match: id, kind: hand.voided ? "restore" : "void", number: hand.number, base: view.data.revision });
    });
    if (!(unsentRecord && hand.voided)) box.appendChild(button);
    return box;
  }

  function sheetActions(root, id) {
    const undo = document.getElementById("offline-undo");
    if (undo) {
      undo.dataset.questionWords = undo.dataset.question;
      undo.addEventListener("click", function () {
        const number = Number(undo.dataset.number);
        if (!window.confirm(undo.dataset.question)) return;
        phoneState(id).then(function (view) {
          const mark = view.marks[number];
          if (mark && mark.kind === "record" && mark.status !== "conflict") return store.remove(mark.seq).then(function () { changed(); });
          return add({ match: id, kind: "undo", number: number, base: view.data.revision });
        });
      });
    }
    const thrown = document.getElementById("offline-thrown-in");
    if (thrown) {
      thrown.addEventListener("click", function () {
        // One mistaken tap would cost a hand: asked once, like Undo.
        if (!window.confirm(fill(thrown.dataset.question, { number: thrown.dataset.number || "" }))) return;
        phoneState(id).then(function (view) {
          return add({ match: id, kind: "record", hand: { thrown_in: true }, base: view.data.revision, scores: null });
        });
      });
    }
  }

  // A thrown-in hand the service worker caught with no signal: in the outbox, with the key its form carried.
  function takePending(id) {
    const path = "/m/" + id + "/thrown-in";
    return store.pending(path).then(function (pending) {
      if (!pending) return null;
      return phoneState(id).then(function (view) {
        const revision = Number(pending.fields.revision);
        return add({ match: id, kind: "record", hand: { thrown_in: true }, key: pending.fields.idempotency_key || newKey(),
                     base: isNaN(revision) ? view.data.revision : revision, scores: null });
      }).then(function () { return store.donePending(path); });
    }).catch(function () { return null; });
  }

  // The offline page's list of the matches this phone keeps.
  function drawKept(list) {
    store.matches().then(function (all) {
      list.textContent = "";
      if (!all.length) { list.appendChild(element("li", "", list.dataset.emptyWords)); return; }
      all.forEach(function (data) {
        const item = element("li");
        const link = element("a", "button", data.names.join(" · "));
        link.href = data.urls.sheet;
        item.appendChild(link);
        list.appendChild(item);
      });
    }).catch(function () { list.appendChild(element("li", "", list.dataset.emptyWords)); });
  }

  // The page a start form sent with no signal lands on: the phone starts the match (the engine reads the start
  // form's fields as the server would), keeps it, and opens its sheet.
  function startHere(section) {
    const problems = document.getElementById("new-problems");
    function show(name) { const el = document.getElementById(name); if (el) el.hidden = false; }
    return store.pending("/").then(function (pending) {
      if (!pending) { show("new-nothing"); return null; }
      const e = engine();
      if (!e) { show("new-not-ready"); return null; }
      return e.load().then(function () { return e.startMatch(pending.fields, language); }).then(function (made) {
        if (made.errors) {
          const list = problems.querySelector("ul");
          Object.keys(made.errors).forEach(function (name) {
            made.errors[name].forEach(function (message) { list.appendChild(element("li", "", message)); });
          });
          problems.hidden = false;
          return store.donePending("/");
        }
        const id = "new~" + made.match.variant + "~" + newKey();
        const local = Object.assign({}, made.match, {
          id: id, local: true, names: made.names, revision: 0, finished: false, hands: [], fields: pending.fields,
          key: newKey(), made: Date.now(),
          urls: { sheet: "/m/" + id, offline: "/m/" + id + "/offline", hand: "/m/" + id + "/hand", claim: "/m/" + id + "/claim" },
        });
        window.localStorage.setItem("scorekeeper-new:" + id, JSON.stringify({ players: made.match.players }));
        return store.keepMatch(local).then(function () { return store.donePending("/"); }).then(function () {
          window.location.replace(local.urls.sheet);
        });
      });
    }).catch(function () { show("new-not-ready"); });
  }
  const starting = document.getElementById("new-match");
  if (starting) startHere(starting);

  const sheet = document.getElementById("offline-sheet");
  const panel = document.getElementById("outbox");
  const kept = document.getElementById("kept-matches");
  const id = (sheet && sheet.dataset.match) || (panel && panel.dataset.match) || null;
  if (kept) drawKept(kept);
  if (!id) return;
  function redraw() {
    const work = [];
    if (panel) work.push(drawOutbox(panel, id));
    if (sheet) work.push(drawSheet(sheet, id));
    return Promise.all(work);
  }
  listeners.push(function () { redraw(); });
  if (sheet) {
    sheetActions(sheet, id);
    // Back online with everything sent: the real sheet, from the server.
    const backOnline = function () {
      if (navigator.onLine === false) return;
      // A match started here: once the server has it, its sheet is the server's.
      let moved = null;
      try { moved = (JSON.parse(window.localStorage.getItem("scorekeeper-new:" + id)) || {}).moved || null; } catch (e) { moved = null; }
      const target = moved ? "/m/" + moved : sheet.dataset.sheet;
      store.entries(moved || id).then(function (entries) {
        if (entries.some(function (e) { return e.status !== "dropped"; })) return;
        fetch(target, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
          .then(function (r) { if (r.ok) location.replace(target); })
          .catch(function () { /* still no signal */ });
      });
    };
    listeners.push(backOnline);
    window.addEventListener("online", backOnline);
  }
  takePending(id).then(redraw);
  flush(id).catch(function () {});
})();
