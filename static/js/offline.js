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
//   is asked once, side by side, whatever the number of changes waiting behind it, and its answer (keep both, or
//   drop mine) is theirs too. Until then the sheet shows the server's figures, the waiting hands beside them.
// - The signal is back only when the server answered (a fetch to it came back), never from the browser's word
//   alone (a pub's Wi-Fi without internet says "online"). The time the signal was first lost is kept on the
//   phone until the server answers again.
// - The offline sheet (#offline-sheet): the kept hands and the outbox's, scored by the engine on the phone; what
//   it says beside the figures (needs, games, who deals, each row's result) the engine's replay says, made by the
//   code the server's sheet says it with (scorekeeper/offline/sheet_words.py). This file only puts it in place.
//
// No score is worked out here, and no sentence made: the engine's come from the worker, the page's from the page
// (#offline-words), in its language.
(function () {
  "use strict";
  const language = document.documentElement.lang || "en";
  let words = {};
  function readWords() {
    const block = document.getElementById("offline-words");
    try { words = block ? JSON.parse(block.textContent) : {}; } catch (e) { words = {}; }
  }
  readWords();
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
  }
  function say(name, values) { return fill(words[name] || name, values || {}); }
  function isLocal(id) { return String(id).indexOf("new~") === 0; }

  // IndexedDB (static/js/phone-db.js): "matches", "outbox" and "pending", as the service worker keeps them too.
  // A piece of work runs in one transaction over the stores it names, so two pages (or two steps of one) never
  // see one half-done: the outbox's entries of a match started here move to the server's match in one go.
  let opened = null;
  function openDb() {
    if (!opened) opened = self.scorekeeperDb();  // static/js/phone-db.js, loaded before this file
    return opened;
  }
  function run(names, mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        const tx = db.transaction(names, mode);
        let result;
        const request = work(typeof names === "string" ? tx.objectStore(names) : tx);
        if (request && "onsuccess" in request) request.onsuccess = function () { result = request.result; };
        else if (request && typeof request.then === "function") request.then(function (value) { result = value; });
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function got(request) { return new Promise(function (resolve) { request.onsuccess = function () { resolve(request.result); }; }); }
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
    put: function (entry) { return run("outbox", "readwrite", function (s) { return s.put(entry); }); },
    remove: function (seq) { return run("outbox", "readwrite", function (s) { return s.delete(seq); }); },
    pending: function (path) { return run("pending", "readonly", function (s) { return s.get(path); }); },
    donePending: function (path) { return run("pending", "readwrite", function (s) { return s.delete(path); }); },
    // A change, kept: the match it is for is the server's when a match started here was created meanwhile (made
    // on the phone's own sheet of it, it comes after everything the phone had sent: the revision it was created at
    // at least). Read and written in one transaction with the move, so no change is left behind under the old id.
    add: function (entry) {
      return run(["matches", "outbox"], "readwrite", function (tx) {
        const outbox = tx.objectStore("outbox");
        if (!isLocal(entry.match)) return outbox.add(entry);
        return got(tx.objectStore("matches").get(entry.match)).then(function (local) {
          if (local && local.moved) {
            entry.match = local.moved;
            if (!(entry.base > local.created_revision)) entry.base = entry.made_on = local.created_revision;
          }
          return got(outbox.add(entry));
        });
      });
    },
    // A match started here, now the server's: the phone's record of it says where it went, and every change kept
    // under its old id goes to the server's match, on the revision it was created at.
    move: function (localId, serverId, revision) {
      return run(["matches", "outbox"], "readwrite", function (tx) {
        const matches = tx.objectStore("matches");
        const outbox = tx.objectStore("outbox");
        return got(matches.get(localId)).then(function (local) {
          if (local && (local.moved !== serverId || local.created_revision !== revision)) {
            local.moved = serverId;
            local.created_revision = revision;
            matches.put(local);
          }
          return got(outbox.index("match").getAll(localId));
        }).then(function (entries) {
          (entries || []).forEach(function (e) {
            e.match = serverId;
            if (!(e.base > revision)) e.base = e.made_on = revision;
            outbox.put(e);
          });
          return (entries || []).length;
        });
      });
    },
  };

  // A key no one can guess: 128 random bits, base64url.
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // --- The signal ------------------------------------------------------------------------------------------
  // Back only once the server answered; the time it was first lost kept until then (a reload says the same time).
  const LOST = "scorekeeper-signal-lost";
  let answered = false;
  function lost() {
    answered = false;
    try { if (!window.localStorage.getItem(LOST)) window.localStorage.setItem(LOST, String(Date.now())); } catch (e) { /* this page's time */ }
  }
  // A response: from the server itself, unless a proxy in front of it said it could not reach it (502–504).
  function reached(response) {
    if (response.status >= 502 && response.status <= 504) { lost(); return false; }
    answered = true;
    try { window.localStorage.removeItem(LOST); } catch (e) { /* nothing kept */ }
    return true;
  }
  const opened_at = Date.now();
  function lostAt() {
    let at = NaN;
    try { at = Number(window.localStorage.getItem(LOST)); } catch (e) { at = NaN; }
    return at > 0 ? at : opened_at;
  }
  // As the table's clock says it (as the phone writes the time when it speaks the page's language: an en-GB
  // phone, a 24-hour clock).
  const clockLanguage = (navigator.languages || [navigator.language]).filter(function (tag) {
    return tag && tag.split("-")[0].toLowerCase() === language;
  })[0] || language;
  function lostTime() {
    return new Date(lostAt()).toLocaleTimeString(clockLanguage, { hour: "2-digit", minute: "2-digit" });
  }
  if (navigator.onLine === false) lost();
  window.addEventListener("offline", function () { lost(); changed(); });

  // The revisions this phone's own writes made, by match: another phone's changes are the others.
  function written(id) {
    try { return JSON.parse(window.localStorage.getItem("scorekeeper-written:" + id)) || []; } catch (e) { return []; }
  }
  function wrote(id, revision) {
    const all = written(id).concat([revision]).slice(-200);
    try { window.localStorage.setItem("scorekeeper-written:" + id, JSON.stringify(all)); } catch (e) { /* asked then */ }
  }

  // --- What the phone shows -------------------------------------------------------------------------------
  // The changes that count (not dropped, not refused) and the question that waits: the first change the server
  // answered with another phone's changes, and every change behind it, which share its answer.
  function live(entries) { return entries.filter(function (e) { return e.status !== "dropped" && e.status !== "refused"; }); }
  function askingOf(entries) {
    const first = entries.find(function (e) { return e.status === "conflict"; });
    if (!first) return null;
    return { entry: first, behind: live(entries).filter(function (e) { return e.seq >= first.seq; }) };
  }
  // The match as this phone sees it: the server's hands, then the outbox's changes on top (a dropped change no
  // longer counts). Each hand the outbox added or changed is marked with its entry.
  function phoneHands(data, entries) {
    const hands = data.hands.map(function (h) {
      return { number: h.number, input: h.input, voided: h.voided, disputed: Boolean(h.disputed), dispute: h.dispute || null,
               confirmed_by: h.confirmed_by || [] };
    });
    const marks = {};
    let next = hands.reduce(function (most, h) { return Math.max(most, h.number); }, 0) + 1;
    live(entries).forEach(function (entry) {
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
  // The match as the sheet asks the engine about it: its replay then says the sheet's words too.
  function forSheet(match) { return Object.assign({ sheet: true }, match); }

  // A match started on this phone, once the server has created it, is the server's match (its id given back).
  function current(id) {
    if (!isLocal(id)) return id;
    try { return (JSON.parse(window.localStorage.getItem("scorekeeper-new:" + id)) || {}).moved || id; } catch (e) { return id; }
  }
  // Changes kept under a match started here after it moved (a page that did not know yet): moved to it.
  function adopt(id) {
    if (isLocal(id)) return Promise.resolve(0);
    return store.matches().then(function (all) {
      return Promise.all(all.filter(function (m) { return m.local && m.moved === id; }).map(function (m) {
        return store.move(m.id, id, m.created_revision);
      }));
    }).catch(function () { return 0; });
  }

  // What the phone shows for a match: its kept data (or the page's own copy, when newer) and the outbox. A match
  // started here that the server has created since is the server's match.
  function embedded() {
    const block = document.getElementById("offline-match");
    try { return block ? JSON.parse(block.textContent) : null; } catch (e) { return null; }
  }
  function phoneState(given) {
    let id = current(given);
    return store.match(id).catch(function () { return null; }).then(function (local) {
      if (local && local.moved) id = local.moved;
      return adopt(id);
    }).then(function () {
      return Promise.all([store.match(id).catch(function () { return null; }), store.entries(id).catch(function () { return []; })]);
    }).then(function (found) {
      const own = embedded();
      let data = found[0];
      if (own && own.id === id && own.hands && (!data || own.revision > data.revision)) data = own;
      if (!data || data.moved) return null;
      const view = phoneHands(data, found[1]);
      return { id: id, data: data, entries: found[1], match: matchOf(data), hands: view.hands, marks: view.marks,
               asking: askingOf(found[1]) };
    });
  }

  function engine() { return window.scorekeeperEngine || null; }

  // --- Sending: one match's outbox, in order, one change at a time -------------------------------------------
  const sending = {};
  function refreshData(id, url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { reached(r); return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) { return store.keepMatch(data).then(function () { return data; }); });
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Scorekeeper-Outbox": "1" },
      body: JSON.stringify(body),
    }).then(function (response) { reached(response); return response; }, function (error) { lost(); throw error; });
  }
  function refused(response) {
    return response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
  }
  function firstProblem(answer, response) {
    const errors = answer.errors || {};
    return Object.keys(errors).map(function (k) { return errors[k][0]; })[0] || String(response.status);
  }
  // A match started on this phone with no signal goes to the server first (the start form's fields, read there as
  // if sent now, with the phone's key: a retry creates nothing more, even one whose first answer was lost); its
  // changes then follow as any match's, on the revision the server created it at. The phone's pages of it send the
  // table on to the server's match.
  function created(local) {
    return post("/offline/create", { fields: local.fields, key: local.key }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (response.ok && answer.ok) {
          const data = answer.data;
          // Where it went, first: a change made from now on, on any of its pages, is the server's match's.
          try {
            window.localStorage.setItem("scorekeeper-new:" + local.id, JSON.stringify({ players: local.players, moved: data.id }));
          } catch (e) { /* the phone's record of it says so too */ }
          wrote(data.id, data.revision);
          return store.keepMatch(data).then(function () { return store.move(local.id, data.id, data.revision); })
            .then(function () { changed("moved"); return flush(data.id); });
        }
        if (refused(response)) {
          local.problem = firstProblem(answer, response);
          return store.keepMatch(local).then(function () { changed(); return 0; });
        }
        return 0;  // the server is busy or failing: sent again later, with the same key
      });
    }, function () { return 0; });
  }
  function flush(id) {
    id = current(id);
    if (sending[id]) return sending[id];
    if (isLocal(id)) {
      sending[id] = store.match(id).then(function (local) {
        if (local && local.moved) return flush(local.moved);
        return local && !local.problem && navigator.onLine !== false ? created(local) : 0;
      }).then(function (sent) { delete sending[id]; return sent; }, function (error) { delete sending[id]; throw error; });
      return sending[id];
    }
    sending[id] = adopt(id).then(function () {
      return (function loop(sent) {
        return phoneState(id).then(function (view) {
          if (!view) return sent;
          const entry = view.entries.find(function (e) { return e.status !== "dropped"; });
          if (!entry || entry.status !== "waiting") return sent;
          changed();
          const base = entry.base;
          const body = { kind: entry.kind, hand: entry.hand, number: entry.number, revision: base, key: entry.key };
          return post(view.data.urls.sync, body).then(function (response) {
            return response.json().catch(function () { return {}; }).then(function (answer) {
              const behind = view.entries.filter(function (e) {
                return e.seq > entry.seq && e.status !== "dropped" && e.base === base;
              });
              if (response.ok && answer.ok) {
                // The changes made after this one on the phone were made on top of it: they follow it.
                wrote(id, answer.revision);
                return Promise.all(behind.map(function (e) { e.base = answer.revision; return store.put(e); }))
                  .then(function () { return store.remove(entry.seq); })
                  .then(function () { return loop(sent + 1); });
              }
              if (response.status === 412 && answer.conflict) {
                const mine = written(id);
                const theirs = (answer.conflict.changes || []).filter(function (c) { return mine.indexOf(c.revision) < 0; });
                if (!theirs.length) {
                  // Only this phone's own changes came in between: nothing to ask.
                  return Promise.all([entry].concat(behind).map(function (e) {
                    e.base = answer.conflict.revision;
                    return store.put(e);
                  })).then(function () { return loop(sent); });
                }
                entry.status = "conflict";
                entry.conflict = { revision: answer.conflict.revision, changes: theirs };
                return store.put(entry).then(function () { return refreshData(id, view.data.urls.data).catch(function () {}); })
                  .then(function () { return sent; });
              }
              if (refused(response)) {
                entry.status = "refused";
                entry.problem = firstProblem(answer, response);
                return store.put(entry).then(function () { return sent; });
              }
              return sent;  // the server is busy or failing: try again later, with the same key
            });
          }, function () { return sent; });  // no answer: sent again later with the same key
        });
      })(0);
    }).then(function (sent) {
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
    if (navigator.onLine === false) { lost(); return Promise.resolve(); }
    return store.matches().then(function (all) {
      return Promise.all(all.map(function (data) {
        if (data.local) return data.moved ? adopt(data.moved).then(function () { return flush(data.moved); }) : flush(data.id);
        return store.entries(data.id).then(function (entries) {
          return entries.some(function (e) { return e.status === "waiting"; }) ? flush(data.id) : 0;
        });
      }));
    }).catch(function () {});
  }

  // Listeners (the pages' parts below) are told when the outbox changed.
  const listeners = [];
  function changed(sent) { listeners.forEach(function (fn) { try { fn(sent); } catch (e) { /* a page part */ } }); }

  // leaving: the page that adds it is about to give way to another (the hand form to the sheet), which draws the
  // outbox itself; its own parts are not drawn again meanwhile, so the engine answers the next page first.
  function add(entry, leaving) {
    entry.match = current(entry.match);
    const made = Object.assign({ status: "waiting", made: Date.now(), key: newKey(), made_on: entry.base }, entry);
    return store.add(made).then(function (seq) {
      made.seq = seq;
      if (!leaving) changed();
      if (navigator.onLine !== false) flush(made.match).catch(function () {});
      return made;
    });
  }

  // The table's answer to another phone's change: for the change it was asked about and every one behind it.
  function answer(view, keep) {
    const asking = view.asking;
    if (!asking) return Promise.resolve();
    const revision = asking.entry.conflict.revision;
    return Promise.all(asking.behind.map(function (e) {
      if (keep) {
        e.base = e.made_on = revision;
        e.status = "waiting";
        e.answered = true;
        delete e.conflict;
      } else {
        e.status = "dropped";
        e.dropped = Date.now();
      }
      return store.put(e);
    })).then(function () { changed(); return flush(view.id); });
  }
  function dropOne(entry) {
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
    }).then(function () { return store.matches(); }).then(function (all) {
      // A match started here that moved to it goes too.
      return Promise.all(all.filter(function (m) { return m.id === id || m.moved === id; }).map(function (m) {
        return store.forgetMatch(m.id);
      }));
    }).then(function () {
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
    add: add, flush: flush, flushAll: flushAll, entries: store.entries, phoneState: phoneState,
    forget: forget, newKey: newKey, say: say, store: store,
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

  // What the engine says of the match as this phone has it (its replay, with the sheet's words), and of the hands
  // waiting behind a question as they would be if kept; null until the engine answers (or when it cannot).
  function spoken(view, hands) {
    const e = engine();
    if (!e) return Promise.resolve(null);
    return e.replay(forSheet(view.match), hands, language).then(function (state) {
      return state && state.words ? state : null;
    }, function () { return null; });
  }
  function rowOf(state, number) {
    if (!state) return null;
    return state.words.rows.find(function (row) { return row.number === number; }) || null;
  }

  // The outbox panel (#outbox, on the sheet and the offline sheet): what is not sent yet, and the table's question.
  function entryWhat(entry, state) {
    const row = rowOf(state, entry.number_here);
    if (entry.kind === "record") {
      const number = say("hand", { number: entry.number_here || "" });
      if (entry.hand && entry.hand.thrown_in) return number + ": " + say("thrown_in");
      return row && row.scores ? number + ": " + row.scores : number;
    }
    return say(entry.kind === "edit" ? "change_of" : entry.kind + "_of", { number: entry.number });
  }
  function drawOutbox(panel, id) {
    return phoneState(id).then(function (view) {
      if (!view) { panel.hidden = true; panel.textContent = ""; return view; }
      const shown = live(view.entries);
      const dropped = view.entries.filter(function (e) { return e.status === "dropped"; });
      const problems = view.entries.filter(function (e) { return e.status === "refused"; });
      // On the offline sheet the hands waiting are its rows too (marked): their list is folded under its line, so
      // the Record button stays on the first screen. Elsewhere (the server's sheet) it is the only place they show.
      const folded = Boolean(document.getElementById("offline-sheet"));
      const draw = function (state, question) {
        const wasOpen = panel.querySelector("details.outbox-waiting[open]") !== null;
        panel.textContent = "";
        panel.hidden = shown.length === 0 && dropped.length === 0 && problems.length === 0;
        const waiting = shown.length + problems.length;
        let into = panel;
        if (view.asking || problems.length) {
          panel.appendChild(element("p", "outbox-line", say("asking", { count: waiting })));
        } else if (shown.length) {
          into = element("details", "outbox-waiting");
          into.open = !folded || wasOpen;
          // The server answered: they are on their way (sent again every few seconds until it takes them).
          into.appendChild(element("summary", "outbox-line", answered ? say("sending") : say("waiting", { count: waiting })));
          panel.appendChild(into);
        } else {
          panel.appendChild(element("p", "outbox-line", say("sent")));
        }
        if (view.asking && question) panel.appendChild(conflictQuestion(view, question));
        problems.forEach(function (entry) {
          const refusedBox = element("div", "outbox-question");
          refusedBox.setAttribute("role", "alert");
          refusedBox.appendChild(element("p", "", entryWhat(entry, state) + ": " + say("refused", { problem: entry.problem || "" })));
          const drop = element("button", "button", say("drop_mine"));
          drop.type = "button";
          drop.addEventListener("click", function () { drop.disabled = true; dropOne(entry); });
          refusedBox.appendChild(drop);
          panel.appendChild(refusedBox);
        });
        if (shown.length && !view.asking) {
          const list = element("ul", "outbox-list");
          shown.forEach(function (entry) {
            const item = element("li", "outbox-entry " + entry.status);
            item.appendChild(element("span", "", entryWhat(entry, state) + " "));
            item.appendChild(element("span", "unsent-mark", "↑ " + say("not_sent")));
            list.appendChild(item);
          });
          into.appendChild(list);
        }
        if (dropped.length) {
          const details = element("details", "outbox-dropped");
          details.appendChild(element("summary", "", say("dropped_head")));
          const list = element("ul");
          dropped.forEach(function (entry) { list.appendChild(element("li", "", entryWhat(entry, null))); });
          details.appendChild(list);
          panel.appendChild(details);
        }
      };
      draw(null, keptQuestion(view));
      if (!shown.length && !problems.length) return view;
      // The hands' scores in the engine's words and the question it draws, once it answers (the engine on the
      // phone; none is started for a panel that has nothing to say of a hand).
      const listed = problems.length > 0 || !view.asking;
      return Promise.all([listed ? spoken(view, view.hands) : null, drawnQuestion(view)]).then(function (found) {
        if (found[0] || found[1]) draw(found[0], found[1]);
        return view;
      });
    });
  }
  // Another phone's change, asked once: the server's two-phones question (scorer/_conflict.html's outbox_question),
  // drawn by the engine on the phone (worker.py's outboxQuestion) from what the other phone did (the server's
  // words) and this phone's changes waiting behind it (scored by the engine as if kept). The last one drawn is kept
  // with what it was drawn from, so the panel drawn again (at each change of the outbox) shows it at once.
  let questionDrawn = { key: null, html: null };
  function questionArgs(view) {
    const behind = view.asking.behind.map(function (e) {
      return { kind: e.kind, number: e.kind === "record" ? e.number_here : e.number };
    });
    return [view.match, view.hands, behind, view.asking.entry.conflict];
  }
  function keptQuestion(view) {
    return view.asking && questionDrawn.key === JSON.stringify(questionArgs(view)) ? questionDrawn.html : null;
  }
  // Null when the engine cannot answer: the panel's line still says a question waits.
  function drawnQuestion(view) {
    const e = engine();
    if (!e || !view.asking) return Promise.resolve(null);
    const args = questionArgs(view);
    const key = JSON.stringify(args);
    if (questionDrawn.key === key) return Promise.resolve(questionDrawn.html);
    return e.outboxQuestion(args[0], args[1], args[2], args[3], language).then(function (drawn) {
      if (!drawn || typeof drawn.html !== "string") return null;
      questionDrawn = { key: key, html: drawn.html };
      return drawn.html;
    }, function () { return null; });
  }
  // The drawn question in place, its two answers (data-answer="keep" or "drop") the one answer for every change
  // behind it. HTML from the server's own template, drawn on the phone (Jinja2 escapes every name).
  function conflictQuestion(view, html) {
    const holder = document.createElement("template");
    holder.innerHTML = html;
    const box = holder.content.firstElementChild;
    const buttons = box.querySelectorAll("button[data-answer]");
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener("click", function () {
        Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
        answer(view, button.dataset.answer === "keep");
      });
    });
    return box;
  }

  // The offline sheet: the server's own sheet (scorer/_sheet_live.html), drawn by the engine on the phone from the
  // hands it keeps and its outbox's (scorekeeper/offline/worker.py's sheetPage), into #live. While a question waits
  // it shows the server's hands: the hands waiting are beside them, in the question.
  function pageArgs() {
    const args = {};
    new URLSearchParams(window.location.search).forEach(function (value, name) { args[name] = value; });
    return args;
  }
  function addresses() {
    const block = document.getElementById("offline-addresses");
    try { return block ? JSON.parse(block.textContent) : {}; } catch (e) { return {}; }
  }
  function serverHands(data) {
    return data.hands.map(function (h) { return Object.assign({}, h); });
  }
  let drawnKey = null;
  function drawSheet(root, id) {
    const status = document.getElementById("offline-status");
    const into = document.getElementById("live");
    // The engine connected to while the phone's hands are read: the two at once.
    const e = engine();
    const loading = e ? e.load() : null;
    if (loading) loading.catch(function () {});
    return phoneState(id).then(function (view) {
      if (!view || !e) return;
      if (status && e.status !== "ready") status.textContent = say("engine_loading");
      const counted = view.asking ? serverHands(view.data) : view.hands;
      const unsent = view.asking ? [] : Object.keys(view.marks).map(Number);
      const question = [view.match, counted, language, {
        id: view.data.id, revision: view.data.revision, args: pageArgs(), was: view.data.was || {},
        unsent: unsent, urls: addresses(),
      }];
      // The same sheet asked again (the outbox sent nothing new, the signal still gone): already drawn.
      const key = JSON.stringify(question) + "|" + Boolean(view.asking);
      if (into.dataset.drawn === "yes" && key === drawnKey) {
        showStatus(status, view);
        return;
      }
      return loading.then(function () {
        return e.sheetPage.apply(e, question);
      }).then(function (drawn) {
        if (!drawn || typeof drawn.html !== "string") {
          throw new Error((drawn && drawn.errors && drawn.errors[0] && drawn.errors[0].message) || "no sheet");
        }
        drawnKey = key;
        // HTML from the server's own templates, drawn on the phone (Jinja2 escapes every name and note).
        const open = Array.prototype.map.call(into.querySelectorAll("details[open][id]"), function (d) { return d.id; });
        into.innerHTML = drawn.html;
        open.forEach(function (name) { const d = document.getElementById(name); if (d) d.open = true; });
        into.dataset.drawn = "yes";
        into.dataset.finished = drawn.finished ? "yes" : "no";
        asked = Boolean(view.asking);
        applyHold();
        showStatus(status, view);
      });
    }).catch(function (error) {
      if (window.console) console.warn("offline sheet:", error, error && error.stack);
      if (status) status.textContent = say("engine_failed");
    });
  }
  // The sheet's top line: where the match is, and the signal as the server's answers (or their absence) tell it.
  function showStatus(status, view) {
    if (!status) return;
    status.hidden = false;
    if (view.data.local) {
      status.textContent = view.data.problem ? say("refused", { problem: view.data.problem })
        : sending[view.data.id] && answered ? say("creating") : say("new_here");
      return;
    }
    if (!answered) status.textContent = say("offline_since", { time: lostTime() });
    else if (view.asking) {  // the question, right below, says what is waiting
      status.hidden = true;
      status.textContent = "";
    }
    else status.textContent = say("back_online");
  }

  // What a form of the drawn sheet would post (data-write: void, restore, undo, thrown-in, belot) goes to the outbox
  // instead, and the sheet says what was done, as the server's does after the same write (?voided=2 …).
  const DONE_ARG = { void: "voided", undo: "undone", restore: "restored", "thrown-in": "saved", belot: "saved" };
  function saidDone(kind, number) {
    const args = new URLSearchParams();
    if (number) args.set(DONE_ARG[kind], String(number));
    const search = args.toString();
    window.history.replaceState(null, "", window.location.pathname + (search ? "?" + search : ""));
  }
  function write(id, kind, number, side) {
    return phoneState(id).then(function (view) {
      if (!view) return null;
      if (view.asking) return null;  // answered first: the sheet offers nothing that writes meanwhile
      const mark = view.marks[number];
      const hand = view.hands.find(function (h) { return h.number === number; });
      if (kind === "thrown-in" || kind === "belot") {
        saidDone(kind, view.hands.length + 1);
        const hand = kind === "belot" ? { belot: Number(side) } : { thrown_in: true };
        return add({ match: id, kind: "record", hand: hand, base: view.data.revision, scores: null });
      }
      if (!hand) return null;
      saidDone(kind, number);
      // A change never sent is taken out of the outbox: nothing to undo on the server.
      if (mark && mark.status !== "conflict") {
        const unsentRecord = mark.kind === "record" && (kind === "void" || kind === "undo");
        const unsentVoid = (mark.kind === "void" || mark.kind === "undo") && kind === "restore";
        if (unsentRecord || unsentVoid) {
          if (unsentRecord) saidDone(kind, 0);
          return store.remove(mark.seq).then(function () { changed(); });
        }
      }
      return add({ match: id, kind: kind, number: number, base: view.data.revision });
    });
  }
  function sheetActions(root, id) {
    document.addEventListener("submit", function (event) {
      const form = event.target instanceof Element ? event.target.closest("form[data-write]") : null;
      if (!form || !root.contains(form)) return;
      event.preventDefault();
      const kind = form.dataset.write;
      const number = Number(form.dataset.number || (form.elements.number && form.elements.number.value) || 0);
      const dialog = form.closest("dialog");
      if (dialog && typeof dialog.close === "function") dialog.close();
      Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
      window.scrollTo(0, 0);
      const side = event.submitter && event.submitter.name === "side" ? event.submitter.value : null;
      write(id, kind, number, side).catch(function () {}).then(function () { redraw(); });
    });
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
      }).then(function () { return store.donePending(path); }).then(function () { return true; });
    }).catch(function () { return null; });
  }

  // How many changes of each match wait on this phone (not sent yet, or asked about), by the match's id (a match
  // started here and moved counted as the server's).
  function waitingCounts() {
    return run("outbox", "readonly", function (s) { return s.getAll(); }).then(function (all) {
      const counts = {};
      live(all || []).forEach(function (e) { const id = current(e.match); counts[id] = (counts[id] || 0) + 1; });
      return counts;
    }).catch(function () { return {}; });
  }
  // The offline page's list of the matches this phone keeps, each with what still waits to be sent.
  function drawKept(list) {
    Promise.all([store.matches(), waitingCounts()]).then(function (found) {
      const all = found[0].filter(function (data) { return !data.moved; });
      list.textContent = "";
      if (!all.length) { list.appendChild(element("li", "", list.dataset.emptyWords)); return; }
      all.forEach(function (data) {
        const item = element("li");
        const link = element("a", "button", data.names.join(" · "));
        link.href = data.urls.sheet;
        const count = found[1][data.id] || 0;
        if (count) {
          link.appendChild(document.createTextNode(" "));
          link.appendChild(element("span", "muted unsent-count", "· ↑ " + say("unsent_count", { count: count })));
        }
        item.appendChild(link);
        list.appendChild(item);
      });
    }).catch(function () { list.appendChild(element("li", "", list.dataset.emptyWords)); });
  }
  // A list of this phone's matches kept as the server drew it (the match list, opened with no signal): beside each
  // match's count of hands, what still waits on the phone.
  function countWaiting(rows) {
    waitingCounts().then(function (counts) {
      rows.forEach(function (row) {
        const count = counts[row.dataset.match] || 0;
        let mark = row.querySelector(".unsent-count");
        if (!count) { if (mark) mark.remove(); return; }
        if (!mark) {
          mark = element("span", "muted unsent-count");
          (row.querySelector(".result") || row).appendChild(mark);
        }
        mark.textContent = " · ↑ " + say("unsent_count", { count: count });
      });
    });
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
  // The server's own sheet, while this phone's outbox has a question for the table: its Record button (drawn
  // again with each live update) gives way to the line that says why.
  let asked = false;
  function holdLivePage(id) {
    return phoneState(id).then(function (view) {
      asked = Boolean(view && view.asking);
      applyHold();
    });
  }
  function applyHold() {
    document.querySelectorAll("#live .sheet-actions").forEach(function (actions) {
      actions.style.display = asked ? "none" : "";
      let reason = actions.parentNode.querySelector(".record-waits");
      if (asked && !reason) {
        reason = element("p", "notice record-waits", say("record_waits"));
        actions.parentNode.insertBefore(reason, actions);
      }
      if (reason) reason.hidden = !asked;
    });
  }

  // What this file does on the page it is on: the new match's form, the phone's match list, the outbox and the
  // offline sheet. Run when the page loads, and again when the kept sheet is shown in its place (showSheet).
  function mount() {
    const starting = document.getElementById("new-match");
    if (starting) startHere(starting);

    const sheet = document.getElementById("offline-sheet");
    const panel = document.getElementById("outbox");
    const kept = document.getElementById("kept-matches");
    const listed = Array.prototype.slice.call(document.querySelectorAll(".match-row[data-match]"));
    const id = (sheet && sheet.dataset.match) || (panel && panel.dataset.match) || null;
    if (kept) { drawKept(kept); listeners.push(function () { if (document.body.contains(kept)) drawKept(kept); }); }
    if (listed.length) {
      countWaiting(listed);
      listeners.push(function () { if (document.body.contains(listed[0])) countWaiting(listed); });
    }
    if (!id) return;
    // A page shown in place of another (showSheet) leaves this one's timers and listeners with nothing to do.
    const root = document.body;
    const alive = function () { return document.body === root; };
    let drawing = null;
    let again = false;
    function redraw() {
      if (!alive()) return Promise.resolve();
      // One drawing at a time, the newest last: the outbox changes faster than the engine answers.
      if (drawing) { again = true; return drawing; }
      // The sheet asked first, so the engine draws it before it words the outbox's list.
      const work = [];
      if (sheet) work.push(drawSheet(sheet, id));
      if (panel) work.push(drawOutbox(panel, id));
      if (!sheet && panel) work.push(holdLivePage(id));
      // A drawing that hangs (an engine or a store that never answers) does not hold the next one back for good.
      const stuck = new Promise(function (resolve) { setTimeout(resolve, 20000); });
      drawing = Promise.race([Promise.all(work).catch(function () {}), stuck]).then(function () {
        drawing = null;
        if (again) { again = false; return redraw(); }
      });
      return drawing;
    }
    const livePart = document.getElementById("live");
    if (livePart && panel && window.MutationObserver) {
      new MutationObserver(function () { if (asked) applyHold(); }).observe(livePart, { childList: true });
    }
    listeners.push(function () { redraw(); });
    if (sheet) {
      sheetActions(sheet, id);
      // Back with everything sent (the server answered): the real sheet, from the server. Asked again on each
      // retry: the browser's "online" alone proves nothing.
      const backOnline = function () {
        if (!alive()) return;
        if (navigator.onLine === false) { lost(); redraw(); return; }
        const moved = current(id);
        const target = isLocal(moved) ? null : "/m/" + moved;
        phoneState(id).then(function (view) {
          const waiting = view ? live(view.entries).length + view.entries.filter(function (e) { return e.status === "refused"; }).length : 0;
          if (waiting || !target) { if (!sending[current(id)]) flush(id).catch(function () {}); return; }
          return fetch(target, { method: "HEAD", cache: "no-store", credentials: "same-origin" }).then(function (r) {
            if (!reached(r)) return redraw();
            if (r.ok) location.replace(target);
            else redraw();
          }, function () { lost(); redraw(); });
        }).catch(function () {});
      };
      listeners.push(function (sent) { if (sent) backOnline(); });
      window.addEventListener("online", backOnline);
      setInterval(backOnline, 10000);
      // Not drawn yet (the engine still starting, or a drawing that hung): tried again every few seconds.
      setInterval(function () {
        if (!alive()) return;
        const into = document.getElementById("live");
        if (into && into.dataset.drawn !== "yes") redraw();
      }, 10000);
      backOnline();
    }
    // Drawn at once; again if a form the service worker caught was taken into the outbox meanwhile.
    redraw();
    takePending(id).then(function (taken) { if (taken) redraw(); });
    flush(id).catch(function () {});
  }

  // With no signal the phone moves between a match's kept pages without a page load (the History API), so the engine
  // started once serves the whole evening: Save on the hand form gives way to the kept sheet, the sheet's Record
  // hand (change, claim) to the kept form. The kept page's body from Cache Storage takes this one's place, the
  // scripts it has that this page has not are run, and those already here are mounted on it again
  // (window.scorekeeperMounts: hand.js, share.js, wake.js; this file's mount). The browser's Back shows the page
  // before in the same way. Rejected (then the caller loads the page) for a match started on this phone, whose pages
  // are the start pages filled in, or a page the phone did not keep.
  const KEPT = { sheet: { page: "offline", marker: "offline-sheet" }, hand: { page: "hand", marker: "hand-form" },
                 claim: { page: "claim", marker: "hand-form" } };
  // The kept page an address of a match shows with no signal: [match, kind], or null.
  function keptFor(url) {
    const found = /^\/m\/([^/]+)(?:\/(hand|claim))?$/.exec(new URL(url, window.location.href).pathname);
    return found && !isLocal(found[1]) ? [found[1], found[2] || "sheet"] : null;
  }
  // Every script this tab has run, whether or not its element is still in the page: each runs once.
  const ran = {};
  function noteScripts() { document.querySelectorAll("script[src]").forEach(function (script) { ran[script.src] = true; }); }
  noteScripts();
  let shown = false;
  // A kept page's HTML, read from Cache Storage once per tab while the signal is gone (no keep changes it then), so
  // that Save does not wait on Cache Storage for the sheet: the other kept pages of the match are read as soon as
  // one is shown. With a signal each is read when shown (a keep may have refreshed it).
  const texts = new Map();
  function keptText(path) {
    if (navigator.onLine !== false) texts.clear();
    if (!texts.has(path)) {
      texts.set(path, caches.match(path).then(function (found) {
        if (!found) throw new Error("the page is not kept");
        return found.text();
      }));
      texts.get(path).catch(function () { texts.delete(path); });
    }
    return texts.get(path);
  }
  function readAhead(id) {
    if (navigator.onLine !== false || isLocal(id) || !window.caches) return;
    setTimeout(function () {
      Object.keys(KEPT).forEach(function (kind) { keptText("/m/" + id + "/" + KEPT[kind].page).catch(function () {}); });
    }, 0);
  }
  function showKept(id, kind, url, push) {
    const kept = KEPT[kind];
    if (!kept || isLocal(id) || !window.DOMParser || !window.history.pushState || !window.caches) {
      return Promise.reject(new Error("a page load"));
    }
    return keptText("/m/" + id + "/" + kept.page).then(function (html) {
      const doc = new DOMParser().parseFromString(html, "text/html");
      if (!doc.getElementById(kept.marker) || !doc.body) throw new Error("not the kept page");
      noteScripts();
      const wanted = Array.prototype.filter.call(doc.body.querySelectorAll("script[src]"), function (script) {
        return !ran[new URL(script.getAttribute("src"), window.location.href).href];
      });
      wanted.forEach(function (script) { ran[new URL(script.getAttribute("src"), window.location.href).href] = true; });
      if (push) window.history.pushState({ kept: kind }, "", url);
      if (!shown) {
        shown = true;
        window.addEventListener("popstate", function () {
          const back = keptFor(window.location.href);
          if (!back) { window.location.reload(); return; }
          showKept(back[0], back[1], window.location.href, false).catch(function () { window.location.reload(); });
        });
      }
      // The page's own marks (the sheet keeps the screen on), its title and its body.
      Array.prototype.forEach.call(document.documentElement.attributes, function (a) {
        if (!doc.documentElement.hasAttribute(a.name) && a.name !== "lang" && a.name !== "dir") document.documentElement.removeAttribute(a.name);
      });
      Array.prototype.forEach.call(doc.documentElement.attributes, function (a) { document.documentElement.setAttribute(a.name, a.value); });
      document.title = doc.title;
      document.body.replaceWith(document.adoptNode(doc.body));
      window.scrollTo(0, 0);
      readWords();
      mount();
      (window.scorekeeperMounts || []).forEach(function (again) { try { again(); } catch (e) { /* one script's part */ } });
      // Scripts this page had not (the sheet's dialogs, the hand form's), in order, as a page runs them.
      return wanted.reduce(function (chain, old) {
        return chain.then(function () {
          return new Promise(function (resolve) {
            const script = document.createElement("script");
            Array.prototype.forEach.call(old.attributes, function (a) { if (a.name !== "defer") script.setAttribute(a.name, a.value); });
            script.async = false;
            script.onload = script.onerror = resolve;
            old.replaceWith(script);
          });
        });
      }, Promise.resolve()).then(function () { readAhead(id); });
    });
  }
  function showSheet(id, url) { return showKept(id, "sheet", url, true); }
  // A link from the offline sheet (or, with no signal, the hand form) to another kept page of the same match.
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download") || new URL(link.href).origin !== window.location.origin) return;
    const sheet = document.getElementById("offline-sheet");
    const form = document.getElementById("hand-form");
    const here = sheet ? sheet.dataset.match : form && navigator.onLine === false ? form.dataset.match : null;
    const to = here ? keptFor(link.href) : null;
    if (!to || to[0] !== here) return;
    event.preventDefault();
    showKept(to[0], to[1], link.href, true).catch(function () { window.location.href = link.href; });
  });
  api.showSheet = showSheet;
  mount();
  const page = document.getElementById("offline-sheet") || document.getElementById("hand-form");
  if (page && page.dataset.match) readAhead(page.dataset.match);
})();
