// Live updates for the board and the score sheet: server-sent events say a new revision exists, and the
// page fetches its changing part again (rendered by the server from the engine's state). EventSource
// reconnects by itself and sends Last-Event-ID, so the server catches the page up. Without this
// script the page is still right as of its loading time, and says so.
(function () {
  "use strict";
  const root = document.getElementById("live");
  const status = document.getElementById("live-status");
  if (!root || !status || !window.EventSource) return;
  let seen = Number(root.dataset.revision);
  let since = new Date(status.dataset.since);
  let connected = false;
  let fetching = false;
  let again = false;

  // The time in the page's language (<html lang>), else the phone's.
  const language = document.documentElement.lang || [];
  function clock(date) {
    try {
      return date.toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    } catch (error) {
      return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    }
  }
  function age() {
    const seconds = Math.max(0, Math.round((Date.now() - since.getTime()) / 1000));
    return seconds < 60 ? (status.dataset.secondsWords || "{count} s").replace("{count}", seconds)
      : (status.dataset.minutesWords || "{count} min").replace("{count}", Math.round(seconds / 60));
  }
  // The page may give the status words in its language (data-live-words, data-lost-words, data-seconds-words,
  // data-minutes-words on #live-status), with {time}, {age} and {count} to fill in; English otherwise.
  function words(name, english) {
    return (status.dataset[name] || english).replace("{time}", clock(since)).replace("{age}", age());
  }
  function show() {
    if (connected) {
      status.textContent = words("liveWords", "● Live: updates as each hand is recorded (last at {time}).");
      status.className = "live-status ok";
    } else {
      status.textContent = words("lostWords", "⚠ Connection lost: these figures are from {time} ({age} ago). Reconnecting…");
      status.className = "live-status lost";
    }
  }
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(root.dataset.partial, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        root.innerHTML = html;
        since = new Date();
        show();
      })
      .catch(function () { connected = false; show(); })
      .finally(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }
  const source = new EventSource(root.dataset.events + "?last_event_id=" + seen);
  // "state" carries the whole board (on connecting, or after a missed update), "change" what one write
  // changed; either way the page fetches its changing part, rendered by the server, once per new revision.
  function onEvent(event) {
    connected = true;
    const revision = Number(event.lastEventId);
    if (revision > seen) {
      seen = revision;
      root.dataset.revision = String(revision);
      refresh();
    } else {
      show();
    }
  }
  source.addEventListener("state", onEvent);
  source.addEventListener("change", onEvent);
  source.addEventListener("open", function () { connected = true; show(); });
  source.addEventListener("error", function () { connected = false; show(); });
  setInterval(show, 5000);
})();
