// Live updates for the board, the score sheet, the venue screen and a tournament's organizer page: server-sent
// events say a new revision exists, and the page fetches its changing part again (rendered by the server from
// the engine's state).
// Without this script the page is still right as of its loading time, and says so.
//
// The page tells the truth about its connection. An open stream may not notice a lost signal by itself (the
// phone keeps a dead connection "open" for half a minute or more), so the page also watches:
// - the browser's offline/online events: offline says so at once; online reconnects at once;
// - the stream's heartbeat (an event at least every data-heartbeat seconds): nothing heard for two of them
//   means the stream is gone, whatever the browser thinks, and the page reconnects;
// - the page becoming visible again (a phone waking up): a stream that went quiet meanwhile reconnects at once.
// Every reconnection sends the revision the page shows, so the stream sends the whole state when the page is
// behind, and the page fetches its changing part.
(function () {
  "use strict";
  const root = document.getElementById("live");
  const status = document.getElementById("live-status");
  if (!root || !status || !window.EventSource) return;
  let shown = Number(root.dataset.revision); // the revision the page's figures are at
  let wanted = shown; // the newest revision the stream spoke of
  let since = new Date(status.dataset.since); // when the page's figures last changed (or were loaded)
  let current = Date.now(); // when the page last knew its figures were the newest: what "last update" says
  let heard = Date.now(); // when the stream last said anything
  const beat = Math.max(0.1, Number(status.dataset.heartbeat) || 15) * 1000;
  const silence = 2 * beat + 1000; // two heartbeats missed: the stream is gone
  const patience = 5000; // an attempt that neither opens nor fails (the server answers at once) is dropped
  let source = null;
  let attempted = 0; // when the current attempt began
  let failed = 0; // when the browser gave up on the current attempt (0: it has not)
  let attempts = 0; // attempts since the stream last opened: the pause before the next grows to 5 s
  let connected = false;
  let everHeard = false; // the stream has said something since the page loaded
  let fetching = false;
  let fetchFailed = false;
  let said = "";
  let saidState = "";
  let ticks = 0;

  // The time in the page's language (<html lang>), as the phone writes it when it speaks that language (an en-GB
  // phone on an English page: a 24-hour clock), else the phone's.
  const pageLanguage = document.documentElement.lang || "";
  const language = (navigator.languages || [navigator.language]).filter(function (tag) {
    return tag && tag.split("-")[0].toLowerCase() === pageLanguage;
  })[0] || pageLanguage || [];
  function clock(date) {
    try {
      return date.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    } catch (error) {
      return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    }
  }
  function age(time) {
    const seconds = Math.max(0, Math.round((Date.now() - time) / 1000));
    return seconds < 60 ? (status.dataset.secondsWords || "{count} s").replace("{count}", seconds)
      : (status.dataset.minutesWords || "{count} min").replace("{count}", Math.round(seconds / 60));
  }
  // The page gives the status words in its language (data-live-words, data-lost-words, data-offline-words,
  // data-seconds-words, data-minutes-words on #live-status), with {time}, {age} and {count} to fill in;
  // English otherwise.
  function words(name, english, time) {
    return (status.dataset[name] || english).replace("{time}", clock(new Date(time))).replace("{age}", age(time));
  }
  function online() {
    return navigator.onLine !== false;
  }
  // What the page says: live, offline (the browser knows it has no network) or lost (it thinks it has, but
  // the stream is silent or refused, or the figures could not be fetched). Never by colour alone: the words
  // and their sign say it; the class only adds a border. A new state is said at once; within one, the age
  // moves on every 5 s (``aging``), not every second, which a screen reader would read out each time.
  function show(aging) {
    let text;
    let state;
    if (!online()) {
      state = "offline";
      text = words("offlineWords", "⚠ No signal — last update {time} ({age} ago); the figures catch up when it returns.", current);
    } else if (connected && !fetchFailed) {
      state = "live";
      text = words("liveWords", "● Live: updates as each hand is recorded (last at {time}).", since.getTime());
    } else if (!everHeard && attempts === 1 && !failed && !fetchFailed) {
      // The first attempt is still on its way (a slow phone, a slow network): nothing was lost, so the page's own
      // line stays ("Figures as of …", true as loaded) rather than a "reconnecting" it has no cause to say. Once
      // that attempt fails or runs out of patience (the watch then tries again), the page says so.
      return;
    } else {
      state = "lost";
      text = words("lostWords", "⚠ Last update {time} ({age} ago) — reconnecting…", current);
    }
    if (state !== saidState || (aging !== false && text !== said)) {
      status.textContent = said = text;
      saidState = state;
      status.className = "live-status " + (state === "live" ? "ok" : "lost");
      status.dataset.state = state;
    }
  }
  // A page whose changing part holds forms (the organizer's page: a table's decision) keeps what the person is
  // in the middle of: while they type in one of its fields the new figures wait (the watch below fetches them
  // once the field is left), and a fetched part gets back the details they opened or closed (by id) and the
  // fields they changed in its forms (by the form's action and the field's name).
  function typing() {
    const active = document.activeElement;
    return !!active && root.contains(active) && active.matches(
      "textarea, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([type=submit])");
  }
  root.addEventListener("input", function (event) {
    if (event.target.form) event.target.form.dataset.changed = "1";
  });
  root.addEventListener("change", function (event) {
    if (event.target.form) event.target.form.dataset.changed = "1";
  });
  function kept() {
    const details = [];
    root.querySelectorAll("details[id]").forEach(function (d) { details.push([d.id, d.open]); });
    const fields = [];
    root.querySelectorAll("form[data-changed]").forEach(function (form) {
      form.querySelectorAll("input:not([type=hidden]), textarea, select").forEach(function (field) {
        fields.push([form.getAttribute("action"), field.name, field.value, field.checked, field.type]);
      });
    });
    return { details: details, fields: fields };
  }
  function keep(what) {
    what.details.forEach(function (pair) {
      const found = document.getElementById(pair[0]);
      if (found && found.tagName === "DETAILS") found.open = pair[1];
    });
    what.fields.forEach(function (field) {
      root.querySelectorAll("form").forEach(function (form) {
        if (form.getAttribute("action") !== field[0]) return;
        form.dataset.changed = "1";
        form.querySelectorAll("[name]").forEach(function (element) {
          if (element.name !== field[1]) return;
          if (field[4] === "radio" || field[4] === "checkbox") {
            if (element.value === field[2]) element.checked = field[3];
          } else {
            element.value = field[2];
          }
        });
      });
    });
  }
  function refresh() {
    if (fetching || typing()) return;
    fetching = true;
    const revision = wanted;
    fetch(root.dataset.partial, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (typing()) return Promise.reject("typing"); // they began typing meanwhile: fetched again later
        const what = kept();
        root.innerHTML = html;
        keep(what);
        shown = Math.max(shown, revision);
        root.dataset.revision = String(shown);
        since = new Date();
        current = Date.now();
        fetchFailed = false;
      })
      .catch(function (reason) { if (reason !== "typing") fetchFailed = true; }) // the watch below fetches again
      .finally(function () {
        fetching = false;
        show();
        if (wanted > shown && !fetchFailed) refresh();
      });
  }
  // Anything from the stream: it is alive. A revision newer than the page's figures: fetch them; else the
  // figures are the newest as of now.
  function hear(revision) {
    heard = Date.now();
    connected = true;
    everHeard = true;
    attempts = 0;
    failed = 0;
    if (revision > wanted) wanted = revision;
    if (wanted > shown) refresh();
    else if (!fetching && !fetchFailed) current = heard;
    show();
  }
  function stop() {
    if (source) source.close();
    source = null;
    connected = false;
  }
  function connect() {
    stop();
    if (!online()) { show(); return; }
    attempted = Date.now();
    failed = 0;
    attempts += 1;
    const opened = new EventSource(root.dataset.events + "?last_event_id=" + shown);
    source = opened;
    // "state" carries the whole state (on connecting when the page is behind, or after a missed update),
    // "change" what one write changed: either way the page fetches its changing part, rendered by the server.
    // "heartbeat" (no id) says the stream is alive; its data is the revision the stream knows the page has.
    function onEvent(event) {
      if (source === opened) hear(Number(event.lastEventId));
    }
    opened.addEventListener("state", onEvent);
    opened.addEventListener("change", onEvent);
    opened.addEventListener("heartbeat", function (event) {
      if (source === opened) hear(Number(event.data));
    });
    opened.addEventListener("open", function () {
      if (source === opened) hear(-1);
    });
    opened.addEventListener("error", function () {
      if (source !== opened) return;
      connected = false;
      // The browser may try again by itself (after the stream's retry, 2 s, or its own 3 s when it never heard
      // one) or give up (an HTTP error): the watch below tries again after a pause of 1 s growing to 5 s,
      // whichever comes first.
      failed = Date.now();
      show(false);
    });
  }
  // Once a second: is the stream still alive, and is it time to try again?
  function watch() {
    const now = Date.now();
    if (!online()) {
      if (source) stop();
    } else if (!source) {
      connect();
    } else if (source.readyState === EventSource.OPEN) {
      if (now - heard > silence) { connected = false; connect(); } // silent: gone, though the browser did not notice
    } else if (failed ? now - failed > Math.min(1000 * 2 ** (attempts - 1), 5000) : now - attempted > patience) {
      connect();
    }
    if (online() && wanted > shown && !fetching && source && connected) refresh();
    ticks += 1;
    show(ticks % 5 === 0);
  }
  window.addEventListener("offline", function () { stop(); show(); });
  window.addEventListener("online", function () { attempts = 0; connect(); show(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    // Timers sleep with the phone: a stream that said nothing for a heartbeat is not trusted, it reconnects now.
    if (!source || source.readyState !== EventSource.OPEN || Date.now() - heard > beat + 1000) connect();
    show();
  });
  connect();
  setInterval(watch, 1000);
})();
