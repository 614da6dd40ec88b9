"""A phone on a pub's 3G: getting ready for no signal, then an evening scored with none, on a mid-range phone.

Starts `scorekeeper serve` on a fresh SQLite file (the package of this checkout, or of ``--root``) and puts a
throttling proxy in front of it, written here (asyncio streams, 127.0.0.1 only, bounded): **1.6 Mbit/s down and
750 kbit/s up**, one link shared by every connection (a phone has one radio), **75 ms each way** (so a request
waits 150 ms at least for its answer) and 150 ms more when a connection opens (its handshake). Debian's Chromium
(headless, through Playwright, at 390×844) opens the app at the proxy's address only, so the service worker's
fetches are slowed as the page's are (CDP's network throttling does not reach a service worker); the proxy
counts the bytes on the wire each way, as the app sent them (compressed where it compresses).

**The whole tab runs 4× slower, the engine's Web Worker and the service worker included.** CDP's
``Emulation.setCPUThrottlingRate`` slows the page's main thread only, and leaves the worker, where Pyodide starts,
at full speed. Instead a thread of this script lets the browser's renderer processes run 25 ms of every 100 ms:
it sends them SIGSTOP, then SIGCONT, on that duty cycle. They are the processes descended from this script's own
whose command line says ``--type=renderer`` (the page with its dedicated workers, the service worker), found
anew every 200 ms (a navigation may start a new one) and checked by their start time before each signal, so no
other process is ever touched; every one is sent SIGCONT at the end, whatever happens (try/finally, and SIGTERM
ends the script through them). The share of time they really ran is measured and printed: a loaded machine
wakes the thread late. The browser's own processes (the network, Cache Storage, the display) are not slowed, so
what they do for the page goes at full speed: an engine start comes out 2–3× slower, not 4×.

What a person does, and what is timed. Taps, and what the page shows, are stamped inside the page by a small
script added to every document (Playwright's own work is not counted); its clock is the machine's:

1. **Get ready**: the start page, a Bela match started (Mike, Yvonne; target 3001, so the evening never ends
   it), one hand recorded with a signal, at a person's pace (2 s between steps). From the sheet's first load
   (when the phone starts getting ready) until Cache Storage holds every file of the engine (``SETTINGS.engine``
   of the served ``/sw.js``: a list of addresses, every catalog in it; or its files and the catalog of the
   page's language) and every page the match keeps (its hand form, claim form, rules, offline sheet),
   read from the page every 0.5 s (``caches.keys()``, ``cache.keys()``); also when the page first said it was
   ready (``#offline-ready[data-ready=yes]``) and how much Cache Storage held then, and the bytes on the wire
   through the proxy meanwhile. **Target: "ready" said ≤ 60 s**, and only once everything is kept (the snapshot too).
2. **Offline, the first page**: the signal cut (Playwright's offline mode, and the proxy refuses and drops
   every connection), the sheet opened: from the navigation's start to the totals drawn (``.scoreboard
   [data-total]`` numbers, not "…"). The first page with the engine working, cold. **Target ≤ 3 s.**
3. **Offline, the later pages**: from that sheet "Record hand", a hand filled in (taker, card points, last
   trick), Save; twice (form → sheet → form → sheet). Timed: the tap to the form shown; the last tap to the
   preview of what saving would score (``#save-why``; hand.js waits 100 ms after the last input before asking
   the engine, 250 ms before asking the server);
   Save to the sheet showing the new totals. **Target ≤ 300 ms each.**
4. **A 20-hand evening** with no signal (5 with ``--quick``), hand after hand with no pause: the whole of it
   and each hand, within a time limit (a hand not done within it ends the evening as a miss).
5. **A first visit, bytes** (in the unthrottled pass): the start page, a sheet of 30 hands and its hand form, each
   in a new browser context with the phone's key in its cookie: every byte of the page's own requests on the
   wire (CDP's ``encodedDataLength``, headers in) until the network has been quiet for 2 s, the event stream left
   out, as benchmarks/offline_pages.py counts them; three times each, a new match each time, the median counts.
   **Target: no heavier than today** (21.1 KB, 41.8 KB, 28.9 KB at d8596ad, the commit before one engine per tab; the
   first run of benchmarks/offline_pages.py measured 18.7, 37.3 and 25.8 KB), with 1 KB for what varies (a sheet's QR
   codes, of random keys, weigh 41.0–42.4 KB).

The baseline, in the same run: the same walk with neither the CPU nor the network slowed (the proxy still in
between, passing bytes as they come and counting them); the ratios are the phone's figure over it. A phase that
does not finish within its limit is a miss with the time waited, and the walk goes on (but not past a first
offline page that never drew its totals). Exit status 1 when a target is missed. On a saturated machine an
unslowed renderer gets little more than a quarter of a CPU anyway and the ratios mean little: ``--quiet-wait``.

Usage::

    .venv/bin/python benchmarks/offline_phone.py                      # this checkout
    .venv/bin/python benchmarks/offline_phone.py --root /tmp/before   # another checkout's app (its static/ ready)
    .venv/bin/python benchmarks/offline_phone.py --quick --json
    .venv/bin/python benchmarks/offline_phone.py --quiet-wait 60     # wait for a quiet machine before each pass

Bounded: get ready waits at most 240 s (60 s unthrottled), the first page with no signal 120 s, each later page
60 s, the evening 150 s (60 s with --quick): at most about 15 minutes, about 12 with the commit before one engine
per tab on a loaded 2-CPU machine, a few minutes when the phone is quick (and twice ``--quiet-wait``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import HOST, ROOT, BenchmarkError, Server, cpu_busy, free_port, machine, wait_until_quiet  # noqa: E402

sys.path.insert(0, str(ROOT))
from offline_pages import thirty_hands  # noqa: E402

from tests.support.phone import Proxy, TabSlowdown  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

DOWN = 1_600_000 / 8
"""The phone's download, bytes a second (1.6 Mbit/s)."""
UP = 750_000 / 8
"""Its upload (750 kbit/s)."""
LATENCY = 0.150
"""A round trip: each request waits this long at least, and a new connection this long more."""
RUN, PERIOD = 0.025, 0.100
"""The renderers run RUN seconds of every PERIOD: a CPU 4× slower."""

READY_TARGET = 60.0
READY_LIMIT = 240.0
"""The longest wait for get ready on the phone (unthrottled: 60 s)."""
FIRST_TARGET = 3.0
LATER_TARGET = 0.300
FIRST_VISIT = {"start page /": 21.1, "score sheet, 30 hands": 41.8, "hand form": 28.9}
"""A first visit's weight in KB (1,024 bytes) today: d8596ad, the commit before one engine per tab, the median of seven
visits measured as this benchmark measures them (docs/performance.md, "A phone on a pub's 3G"). The sheet varies
by 1.4 KB from match to match (its QR codes are of random keys: 41.0–42.4 KB); the other pages by a few bytes."""
FIRST_VISIT_ISSUE = {"start page /": 18.7, "score sheet, 30 hands": 37.3, "hand form": 25.8}
"""The same as the first run of benchmarks/offline_pages.py measured it (docs/performance.md, "No signal")."""
FIRST_VISIT_SLACK = 1.0
"""KB a first visit's median may vary by (the sheet's QR codes, a date, a cookie's length)."""
VISITS = 3
"""First visits of each page (the median counts)."""

PACE = 2.0
"""Seconds a person takes between steps with a signal (reading the page, finding the button)."""
SETTLE = 0.6
"""Seconds a page's figure must stay the same before it counts as shown (a late answer may still change it)."""
STEP = 60.0
"""The longest wait for one page."""
FIRST_WAIT = 120.0
"""The longest wait for the first page with no signal (the engine's cold start)."""
TARGET_POINTS = "3001"
"""The match's target: 23 hands never end it."""
HANDS = [("Mike", {"Mike": 90, "Yvonne": 62}, "Mike"), ("Yvonne", {"Mike": 60, "Yvonne": 92}, "Yvonne")]
"""The evening's hands, in turn: the taker makes it, and both sides score (both totals move)."""


# The network (a throttling proxy) and the CPU (the renderers on a duty cycle): tests/support/phone.py, shared with
# the browser tests of getting ready for no signal.


STAMPS = """(() => {
  // What the page shows, stamped as it changes (the machine's clock): the sheet's totals, the hand form
  // appearing, the Save bar's preview; and the last tap or keystroke (kept across pages in sessionStorage).
  if (window.__bench) return;
  const B = window.__bench = {totals: [], why: [], forms: [], lastTap: 0};
  const now = () => Date.now();
  const tap = () => {
    B.lastTap = now();
    try { sessionStorage.setItem("bench:tap", String(B.lastTap)); } catch (e) { /* no storage */ }
  };
  addEventListener("click", tap, true);
  addEventListener("input", tap, true);
  let totals = null, why = null, form = false;
  const look = () => {
    const at = now();
    const hasForm = Boolean(document.getElementById("hand-form"));
    if (hasForm !== form) { form = hasForm; if (form && B.forms.length < 500) B.forms.push(at); }
    if (hasForm) { totals = null; } else {
      const cells = Array.from(document.querySelectorAll(".scoreboard:not(.compact) [data-total]"));
      const text = cells.map((c) => c.textContent.trim()).join("|");
      if (cells.length && text !== totals) {
        totals = text;
        const numbers = cells.every((c) => /^[-\u2212]?\\d/.test(c.textContent.trim()));
        if (B.totals.length < 500) B.totals.push([at, text, numbers]);
      }
    }
    const w = document.getElementById("save-why");
    const shown = w && !w.hidden && !w.classList.contains("not-yet") ? w.textContent.trim() : "";
    if (shown !== why) { why = shown; if (B.why.length < 500) B.why.push([at, shown]); }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true,
                                                attributes: true, attributeFilter: ["hidden", "class"]});
})();"""

READ = """() => {
  const B = window.__bench;
  if (!B) return null;
  let tap = 0;
  try { tap = Number(sessionStorage.getItem("bench:tap") || 0); } catch (e) { tap = 0; }
  return {totals: B.totals, why: B.why, forms: B.forms, lastTap: B.lastTap, tap: tap,
          origin: performance.timeOrigin, form: Boolean(document.getElementById("hand-form"))};
}"""

HELD = """async (expected) => {
  // What Cache Storage holds of the expected addresses, and what the page says.
  const held = new Set();
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      held.add(url.pathname + url.search);
    }
  }
  const line = document.getElementById("offline-ready");
  return {held: expected.filter((url) => held.has(url)), said: line ? (line.dataset.ready || null) : null,
          words: line ? line.textContent.trim() : null, caches: (await caches.keys()).length};
}"""

LOADED = """() => {
  const entry = performance.getEntriesByType("navigation")[0];
  return entry && entry.loadEventStart > 0 ? performance.timeOrigin + entry.loadEventStart : null;
}"""

OUTBOX = """(match) => new Promise((resolve) => {
  const open = indexedDB.open("scorekeeper");
  open.onerror = () => resolve(null);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("outbox")) { db.close(); resolve(null); return; }
    const all = db.transaction("outbox").objectStore("outbox").getAll();
    all.onsuccess = () => { db.close(); resolve(all.result.filter((e) => e.match === match).length); };
    all.onerror = () => { db.close(); resolve(null); };
  };
})"""


class Missed(Exception):
    """A page did not show what was waited for within its limit."""

    def __init__(self, what: str, waited: float) -> None:
        super().__init__(f"{what}: not shown within {waited:.1f} s")
        self.waited = waited


def log(line: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {line}", file=sys.stderr, flush=True)


def now_ms() -> float:
    return time.time() * 1000


def evaluate(page: Page, script: str, arg: Any = None) -> Any:
    """``page.evaluate``, None while the page is between documents."""
    try:
        return page.evaluate(script, arg)
    except PlaywrightError:
        return None


def settled(page: Page, what: str, value: Callable[[dict[str, Any]], str | None],
            stamps: Callable[[dict[str, Any]], list[Any]], since: Callable[[dict[str, Any]], float],
            timeout: float) -> tuple[float, str]:
    """Wait until ``value`` of the page's stamps is there and stays the same for SETTLE s; then the first time
    the page showed it (ms since the epoch) at or after ``since``, and the value."""
    deadline = time.monotonic() + timeout
    started = time.monotonic()
    seen: str | None = None
    seen_at = 0.0
    while time.monotonic() < deadline:
        state = evaluate(page, READ)
        current = value(state) if state else None
        if current is None or current != seen:
            seen, seen_at = current, time.monotonic()
        elif time.monotonic() - seen_at >= SETTLE:
            floor = since(state)
            for stamp in stamps(state):
                if stamp[0] >= floor and stamp[1] == seen:
                    return float(stamp[0]), seen
            seen = None  # shown before the tap: not what was waited for
        time.sleep(0.1)
    raise Missed(what, time.monotonic() - started)


def current_totals(state: dict[str, Any]) -> str | None:
    if state["form"] or not state["totals"]:
        return None
    at, text, numbers = state["totals"][-1]
    return text if numbers else None


def sheet_drawn(page: Page, before: str | None, since: Callable[[dict[str, Any]], float],
                timeout: float) -> tuple[float, str]:
    """The sheet's totals drawn (numbers, and not ``before``): when first shown, and what they are."""
    def value(state: dict[str, Any]) -> str | None:
        text = current_totals(state)
        return text if text is not None and text != before else None
    return settled(page, "the sheet's totals", value, lambda s: s["totals"], since, timeout)


def previewed(page: Page, timeout: float) -> float:
    """The Save bar's preview after the last tap: ms from that tap."""
    def value(state: dict[str, Any]) -> str | None:
        return state["why"][-1][1] or None if state["form"] and state["why"] else None
    at, _ = settled(page, "the preview", value, lambda s: s["why"], lambda s: s["lastTap"], timeout)
    state = evaluate(page, READ)
    return at - state["lastTap"]


def form_shown(page: Page, timeout: float) -> float:
    """The hand form shown after the tap that opened it: ms from that tap."""
    deadline = time.monotonic() + timeout
    started = time.monotonic()
    while time.monotonic() < deadline:
        state = evaluate(page, READ)
        if state and state["form"] and state["tap"]:
            shown = [at for at in state["forms"] if at >= state["tap"]]
            if shown:
                return shown[0] - state["tap"]
        time.sleep(0.05)
    raise Missed("the hand form", time.monotonic() - started)


def fill_hand(page: Page, taker: str, points: dict[str, int], last_trick: str) -> None:
    """Fill the open hand form as tests/support/browser.py's fill_hand does: the taker, the card points, the
    last trick (the last tap)."""
    page.locator("#group-taker").get_by_text(taker, exact=True).click()
    for name, value in points.items():
        page.get_by_label(f"{name}: card points").fill(str(value))
    page.locator("#group-last_trick").get_by_text(last_trick, exact=True).click()


def one_hand(page: Page, number: int, timeout: float) -> dict[str, float]:
    """From the offline sheet: Record hand, fill it, Save, back on the sheet; the phone's waits, ms."""
    taker, points, last = HANDS[number % len(HANDS)]
    started = time.monotonic()
    before = current_totals(evaluate(page, READ) or {"form": True, "totals": []})
    page.get_by_role("link", name=re.compile("^Record hand")).click(timeout=timeout * 1000)
    form = form_shown(page, timeout)
    fill_hand(page, taker, points, last)
    preview = previewed(page, timeout)
    page.get_by_role("button", name="Save hand").click(timeout=timeout * 1000)
    at, _ = sheet_drawn(page, before, lambda s: s["tap"], timeout)
    tap = (evaluate(page, READ) or {}).get("tap") or at
    return {"form_ms": round(form), "preview_ms": round(preview), "sheet_ms": round(at - tap),
            "wall_s": round(time.monotonic() - started, 2)}


# ---------------------------------------------------------------- the walk


def expected_files(server: Server, match: str, language: str) -> tuple[list[str], list[str]]:
    """The engine's files (``SETTINGS.engine`` of the served /sw.js) and the match's kept pages, as addresses.
    ``SETTINGS.engine`` is a list of addresses (every catalog in it), or ``{"files": [...], "catalogs":
    {language: ...}}``, each an address or ``{"url": ...}``: then the files and the phone's own catalog."""
    with urllib.request.urlopen(server.url + "/sw.js", timeout=10) as answer:
        source = answer.read().decode()
    found = re.search(r"const SETTINGS = (\{.*?\});\n", source, re.S)
    if not found:
        raise BenchmarkError("/sw.js has no `const SETTINGS = {...};`")
    engine = json.loads(found.group(1))["engine"]
    if isinstance(engine, dict):
        own = (engine.get("catalogs") or {}).get(language)
        engine = [*engine.get("files", []), *([own] if own else [])]
    files = []
    for item in engine or []:
        parts = urllib.parse.urlsplit(item if isinstance(item, str) else item["url"])
        files.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    if not files:
        raise BenchmarkError("/sw.js lists no file of the engine (SETTINGS.engine)")
    return files, [f"/m/{match}/{page}" for page in ("hand", "claim", "rules", "offline")]


def get_ready(page: Page, proxy: Proxy, server: Server, limit: float) -> dict[str, Any]:
    """Start a match, record a hand, at a person's pace; wait until Cache Storage holds all it should."""
    progress: list[tuple[float, int]] = []
    said_over_time: list[tuple[float, str | None, str | None]] = []
    result: dict[str, Any] = {}
    expected: list[str] = []
    t0 = 0.0
    bytes0 = proxy.snapshot()

    def look() -> dict[str, Any] | None:
        if not expected:
            return None
        held = evaluate(page, HELD, expected)
        if held is None:
            return None
        at = (now_ms() - t0) / 1000
        if not progress or progress[-1][1] != len(held["held"]):
            progress.append((round(at, 1), len(held["held"])))
        if not said_over_time or said_over_time[-1][1:] != (held["said"], held["words"]):
            said_over_time.append((round(at, 1), held["said"], held["words"]))
        if held["said"] == "yes" and "said_ready_s" not in result:
            result.update(said_ready_s=round(at, 1), held_when_said=len(held["held"]), words_when_said=held["words"])
        if held["said"] == "no" and "said_not_ready_s" not in result:
            result.update(said_not_ready_s=round(at, 1), words_not_ready=held["words"])
        if len(held["held"]) == len(expected) and "complete_s" not in result:
            down = proxy.snapshot()["down"] - bytes0["down"]
            result.update(complete_s=round(at, 1), bytes_down=down, bytes_up=proxy.snapshot()["up"] - bytes0["up"])
        return held

    def pause(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            look()
            time.sleep(min(0.5, max(0.0, end - time.monotonic())))

    page.goto(proxy.url + "/", timeout=STEP * 1000)
    pause(PACE)
    page.get_by_label(re.compile("Bela")).first.check()
    page.get_by_role("textbox", name=re.compile("^Seat 1")).fill("Mike")
    page.get_by_role("textbox", name=re.compile("^Seat 2")).fill("Yvonne")
    page.locator("#house-rules summary").click()
    page.locator("#target").fill(TARGET_POINTS)
    pause(PACE)
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("heading", name="Score sheet").wait_for(timeout=STEP * 1000)
    match = re.search(r"/m/([^/?#]+)", page.url)
    if not match:
        raise BenchmarkError(f"no match in {page.url}")
    deadline = time.monotonic() + STEP
    loaded = None
    while loaded is None and time.monotonic() < deadline:
        loaded = evaluate(page, LOADED)
        time.sleep(0.05)
    t0 = float(loaded or now_ms())
    bytes0 = proxy.snapshot()
    language = evaluate(page, "() => document.documentElement.lang") or "en"
    files, pages = expected_files(server, match.group(1), language.split("-")[0])
    expected[:] = files + pages
    result.update(match=match.group(1), language=language, engine_files=len(files), pages=len(pages))
    pause(PACE)
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    page.locator("#hand-form").wait_for(timeout=STEP * 1000)
    pause(PACE)
    fill_hand(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    pause(PACE)
    page.get_by_role("button", name="Save hand").click()
    page.get_by_role("heading", name="Score sheet").wait_for(timeout=STEP * 1000)
    result["walked_s"] = round((now_ms() - t0) / 1000, 1)
    quiet_since, last_bytes = time.monotonic(), proxy.snapshot()["down"]
    held = None
    while now_ms() - t0 < limit * 1000:
        held = look()
        said = "said_ready_s" in result or "said_not_ready_s" in result
        # Ready once the files are kept and the engine, started once on the phone, has kept its snapshot (the
        # page's "ready"): wait for the page to say so, within the limit.
        if "complete_s" in result and said:
            break
        if proxy.snapshot()["down"] != last_bytes:
            quiet_since, last_bytes = time.monotonic(), proxy.snapshot()["down"]
        elif time.monotonic() - quiet_since > 30 and said:
            result["stalled"] = "nothing more came for 30 s"
            break
        time.sleep(0.5)
    waited = (now_ms() - t0) / 1000
    # The phone's one start of the engine: when it began (from the sheet's load) and how long its parts took.
    timings = evaluate(page, "() => window.scorekeeperEngine && window.scorekeeperEngine.timings") or {}
    if isinstance(timings.get("began"), int | float):
        timings["began_s"] = round((timings.pop("began") - t0) / 1000, 1)
    result["engine_start"] = timings
    result.update(waited_s=round(waited, 1), held=len(held["held"]) if held else None, expected=len(expected),
                  missing=sorted(set(expected) - set(held["held"]))[:20] if held else expected,
                  progress=progress[-40:], said_over_time=said_over_time[-40:])
    if "complete_s" not in result:
        result["bytes_down"] = proxy.snapshot()["down"] - bytes0["down"]
        result["bytes_up"] = proxy.snapshot()["up"] - bytes0["up"]
    return result


def walk(browser: Browser, proxy: Proxy, server: Server, hands: int, ready_limit: float,
         evening_limit: float) -> dict[str, Any]:
    """The whole walk in a new browser context: get ready, the signal cut, the pages, the evening."""
    context: BrowserContext = browser.new_context(**PHONE)
    context.add_init_script(STAMPS)
    found: dict[str, Any] = {}
    try:
        page = context.new_page()
        page.set_default_timeout(STEP * 1000)
        try:
            found["get_ready"] = ready = get_ready(page, proxy, server, ready_limit)
        except PlaywrightError as error:
            found["get_ready"] = {"error": str(error).splitlines()[0]}
            return found
        log(f"get ready: {ready.get('complete_s')} s, said ready at {ready.get('said_ready_s')} s holding "
            f"{ready.get('held_when_said')} of {ready['expected']}; the engine's start: {ready.get('engine_start')}; "
            f"kept over time: {ready.get('progress')}; said: {ready.get('said_over_time')}")
        sheet = f"{proxy.url}/m/{ready['match']}"

        context.set_offline(True)
        proxy.cut()
        try:
            page.goto(sheet, wait_until="commit", timeout=STEP * 1000)
            at, totals = sheet_drawn(page, None, lambda s: s["origin"], FIRST_WAIT)
            origin = evaluate(page, READ)["origin"]
            found["first_page"] = {"ms": round(at - origin), "totals": totals}
        except (Missed, PlaywrightError) as error:
            found["first_page"] = {"missed": str(error).splitlines()[0],
                                   "ms": round(getattr(error, "waited", FIRST_WAIT) * 1000)}
            return found
        log(f"first offline page: {found['first_page']['ms']} ms")

        later: list[dict[str, float]] = []
        try:
            for number in range(2):
                later.append(one_hand(page, number, STEP))
                log(f"later pages: {later[-1]}")
        except (Missed, PlaywrightError) as error:
            found["later_missed"] = str(error).splitlines()[0]
        found["later"] = later

        evening: list[dict[str, float]] = []
        started = time.monotonic()
        deadline = started + evening_limit
        try:
            for number in range(hands):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise Missed(f"the evening ({len(evening)} of {hands} hands)", evening_limit)
                evening.append(one_hand(page, number, min(STEP, max(1.0, remaining))))
        except (Missed, PlaywrightError) as error:
            found["evening_missed"] = str(error).splitlines()[0]
        log(f"the evening: {len(evening)} of {hands} hands in {time.monotonic() - started:.1f} s")
        found["evening"] = {"hands": evening, "asked": hands, "total_s": round(time.monotonic() - started, 1),
                            "kept": evaluate(page, OUTBOX, ready["match"])}
        return found
    finally:
        context.close()


# ---------------------------------------------------------------- a first visit's bytes


def first_visit(browser: Browser, base: str, path: str, key: tuple[str, str] | None) -> dict[str, Any]:
    """The bytes a first visit of ``path`` takes on the wire (the page's own requests), with the phone's key."""
    context = browser.new_context(**PHONE)
    try:
        if key:
            context.request.get(f"{base}/m/{key[0]}/join?key={key[1]}")
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        sizes: dict[str, float] = {}
        urls: dict[str, str] = {}
        session.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
        session.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(base + path, wait_until="load", timeout=STEP * 1000)
        last, quiet_since = -1, time.monotonic()
        while time.monotonic() - quiet_since < 2:
            if len(sizes) != last:
                last, quiet_since = len(sizes), time.monotonic()
            page.wait_for_timeout(200)
        kept = {rid: size for rid, size in sizes.items() if "/events" not in urls.get(rid, "")}
        return {"bytes": int(sum(kept.values())), "requests": len(kept)}
    finally:
        context.close()


def weights(browser: Browser, proxy: Proxy, server: Server) -> dict[str, dict[str, Any]]:
    """Each page's first visit VISITS times, a match of its own each time (a sheet's QR codes, of its random
    keys, weigh more or less): the median, and every visit."""
    visits: dict[str, list[dict[str, Any]]] = {"start page /": [], "score sheet, 30 hands": [], "hand form": []}
    for _ in range(VISITS):
        match = thirty_hands(server)
        visits["start page /"].append(first_visit(browser, proxy.url, "/", None))
        visits["score sheet, 30 hands"].append(first_visit(browser, proxy.url, f"/m/{match[0]}", match))
        visits["hand form"].append(first_visit(browser, proxy.url, f"/m/{match[0]}/hand", match))
    return {name: {"bytes": int(statistics.median(v["bytes"] for v in found)), "requests": found[0]["requests"],
                   "visits": [v["bytes"] for v in found]} for name, found in visits.items()}


# ---------------------------------------------------------------- the two passes


def one_pass(playwright: Any, server: Server, slow: bool, hands: int, quick: bool,
             quiet_wait: float) -> dict[str, Any]:
    """The walk as a mid-range phone on a pub's 3G (``slow``), or with nothing slowed."""
    busy = wait_until_quiet(sys.stderr, quiet_wait) if quiet_wait else cpu_busy()
    log(("the phone: 4× CPU, 3G" if slow else "the baseline: nothing slowed") +
        (f" ({busy:.0%} of the CPUs busy)" if busy is not None else ""))
    proxy = Proxy(server.port, DOWN if slow else None, UP if slow else None, LATENCY if slow else 0.0)
    figures: dict[str, Any] = {"busy_before": busy, "load_average": [round(x, 2) for x in os.getloadavg()]}
    slowdown = TabSlowdown() if slow else None
    browser = None
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        figures["chromium"] = browser.version
        if not slow:
            figures["first_visit"] = weights(browser, proxy, server)
        if slowdown:
            slowdown.start()
        started = time.monotonic()
        figures.update(walk(browser, proxy, server, hands, READY_LIMIT if slow else 60.0,
                            (60.0 if quick else 150.0)))
        figures["walk_s"] = round(time.monotonic() - started, 1)
        return figures
    finally:
        if slowdown:
            slowdown.stop()
            figures["cpu_share"] = slowdown.share()
            figures["cpu_cycles"] = slowdown.cycles
        figures["proxy"] = {**proxy.snapshot(), "connections": proxy.connections, "refused": proxy.refused}
        if browser is not None:
            browser.close()
        proxy.stop()


def serve(folder: Path, root: Path) -> Server:
    """`scorekeeper serve` of the package in ``root`` (its working folder and first on the path)."""
    python = ROOT / ".venv" / "bin" / "python"
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{folder}/phone.sqlite",
           "SCOREKEEPER_SECRET_KEY": "bench", "PYTHONPATH": str(root),
           "SCOREKEEPER_RATE_LIMITS": "off"}  # it creates matches faster than any table
    command = [str(python if python.exists() else sys.executable), "-m", "scorekeeper.cli", "serve",
               "--host", HOST, "--port", str(port), "--quiet"]
    server = Server("scorekeeper", command, port, env, folder, "/api/v1/variants", cwd=root, wait=90)
    # The app served is ``root``'s: its own service worker comes back.
    with urllib.request.urlopen(server.url + "/sw.js", timeout=10) as answer:
        served = answer.read().decode()
    own = (root / "static" / "js" / "sw.js").read_text(encoding="utf-8")
    if own.strip() not in served:
        server.stop()
        raise BenchmarkError(f"the server does not serve {root}'s static/js/sw.js")
    return server


# ---------------------------------------------------------------- the verdicts and the table


def median(values: list[float]) -> float | None:
    return round(statistics.median(values), 1) if values else None


def summary(run: dict[str, Any]) -> dict[str, Any]:
    """The figures a table shows, from one pass."""
    ready = run.get("get_ready", {})
    later = run.get("later", [])
    evening = run.get("evening", {})
    hands = evening.get("hands", [])
    return {
        "ready_s": ready.get("complete_s"),
        "ready_waited_s": ready.get("waited_s"),
        "said_ready_s": ready.get("said_ready_s"),
        "said_not_ready_s": ready.get("said_not_ready_s"),
        "held_when_said": ready.get("held_when_said"),
        "expected": ready.get("expected"),
        "ready_mb": round(ready["bytes_down"] / 1e6, 2) if "bytes_down" in ready else None,
        "ready_up_kb": round(ready["bytes_up"] / 1024, 1) if "bytes_up" in ready else None,
        "first_s": round(run["first_page"]["ms"] / 1000, 2) if "first_page" in run else None,
        "first_missed": "missed" in run.get("first_page", {}),
        "form_ms": max((h["form_ms"] for h in later), default=None),
        "preview_ms": max((h["preview_ms"] for h in later), default=None),
        "sheet_ms": max((h["sheet_ms"] for h in later), default=None),
        "later_done": len(later),
        "evening_done": len(hands),
        "evening_asked": evening.get("asked"),
        "evening_s": evening.get("total_s"),
        "evening_hand_s": median([h["wall_s"] for h in hands]),
        "evening_waits_ms": median([h["form_ms"] + h["preview_ms"] + h["sheet_ms"] for h in hands]),
        "evening_sheet_ms": median([h["sheet_ms"] for h in hands]),
        "evening_preview_ms": median([h["preview_ms"] for h in hands]),
    }


def verdicts(phone: dict[str, Any], weights_found: dict[str, Any]) -> dict[str, bool]:
    s = summary(phone)
    later_ok = s["later_done"] == 2 and all(
        s[k] is not None and s[k] <= LATER_TARGET * 1000 for k in ("form_ms", "preview_ms", "sheet_ms"))
    found = {
        # Ready is when the phone can score with no signal at its budgets: every file kept and the engine's
        # snapshot made (what the page's "ready" waits for), not the files alone.
        "get ready ≤ 60 s": s["said_ready_s"] is not None and s["said_ready_s"] <= READY_TARGET,
        "ready said only when kept": s["said_ready_s"] is not None and s["held_when_said"] == s["expected"],
        "first offline page ≤ 3 s": s["first_s"] is not None and not s["first_missed"] and s["first_s"] <= FIRST_TARGET,
        "later offline pages ≤ 300 ms": later_ok,
        "the evening, every hand": s["evening_asked"] is not None and s["evening_done"] == s["evening_asked"],
    }
    for name, kb in FIRST_VISIT.items():
        measured = weights_found.get(name, {}).get("bytes")
        found[f"first visit, {name}"] = measured is not None and measured / 1024 <= kb + FIRST_VISIT_SLACK
    return found


def table(results: dict[str, Any]) -> str:
    phone, base = summary(results["phone"]), summary(results["baseline"])

    def cell(value: Any, unit: str = "", digits: int = 1) -> str:
        if value is None:
            return "—"
        return f"{value:,.{digits}f}{unit}" if isinstance(value, float | int) else str(value)

    def ratio(key: str) -> str:
        a, b = phone.get(key), base.get(key)
        return f"{a / b:.1f}×" if isinstance(a, int | float) and isinstance(b, int | float) and b else ""

    passed = results["passed"]

    def verdict(name: str) -> str:
        return "pass" if passed[name] else "**MISSED**"

    def within(ms: Any) -> str:
        """A later page's own verdict (each is in the budget of "later offline pages ≤ 300 ms")."""
        return "pass" if isinstance(ms, int | float) and ms <= LATER_TARGET * 1000 else "**MISSED**"

    def ready(figures: dict[str, Any], run: dict[str, Any]) -> str:
        if figures["ready_s"] is not None:
            return cell(figures["ready_s"], " s")
        held = run.get("get_ready", {}).get("held")
        return f"not within {cell(figures['ready_waited_s'], ' s')} ({held} of {figures['expected']} kept)"

    ready_p, ready_b = ready(phone, results["phone"]), ready(base, results["baseline"])
    def said_when(figures: dict[str, Any]) -> str:
        if figures["said_ready_s"] is not None:
            return (f"at {cell(figures['said_ready_s'], ' s')}, holding {figures['held_when_said']} of "
                    f"{figures['expected']}")
        if figures["said_not_ready_s"] is not None:
            return f"never (\"not ready\" at {cell(figures['said_not_ready_s'], ' s')})"
        return "never"

    said, said_b = said_when(phone), said_when(base)
    first_p = cell(phone["first_s"], " s", 2) + (" (not shown)" if phone["first_missed"] else "")
    first_b = cell(base["first_s"], " s", 2) + (" (not shown)" if base["first_missed"] else "")
    lines = [
        "| measure | phone: 4× CPU, 1.6 Mbit/s, 150 ms | unthrottled | ratio | budget | result |",
        "| --- | ---: | ---: | ---: | --- | --- |",
        f"| get ready: from the sheet's load to every file kept | {ready_p} | {ready_b} | {ratio('ready_s')} | "
        f"| |",
        f"| … the page said \"ready\" (the files and the engine's snapshot kept) | {said} | {said_b} | | "
        f"≤ 60 s, only when kept | {verdict('get ready ≤ 60 s')}; {verdict('ready said only when kept')} |",
        f"| … bytes on the wire, down (up) | {cell(phone['ready_mb'], ' MB', 2)} ({cell(phone['ready_up_kb'], ' KB')}) "
        f"| {cell(base['ready_mb'], ' MB', 2)} | | quoted | |",
        f"| offline: the first page (sheet's totals), cold | {first_p} | {first_b} | {ratio('first_s')} | ≤ 3 s | "
        f"{verdict('first offline page ≤ 3 s')} |",
        f"| later pages: Record hand → the form shown (worst of {phone['later_done']}) | "
        f"{cell(phone['form_ms'], ' ms', 0)} | {cell(base['form_ms'], ' ms', 0)} | {ratio('form_ms')} | ≤ 300 ms | "
        f"{within(phone['form_ms'])} |",
        f"| … last tap → the preview | {cell(phone['preview_ms'], ' ms', 0)} | {cell(base['preview_ms'], ' ms', 0)} "
        f"| {ratio('preview_ms')} | ≤ 300 ms | {within(phone['preview_ms'])} |",
        f"| … Save → the sheet's new totals | {cell(phone['sheet_ms'], ' ms', 0)} | "
        f"{cell(base['sheet_ms'], ' ms', 0)} | {ratio('sheet_ms')} | ≤ 300 ms | {within(phone['sheet_ms'])} |",
        f"| the evening: hands recorded | {phone['evening_done']} of {phone['evening_asked']} in "
        f"{cell(phone['evening_s'], ' s')} | {base['evening_done']} of {base['evening_asked']} in "
        f"{cell(base['evening_s'], ' s')} | | every hand | {verdict('the evening, every hand')} |",
        f"| … a hand, end to end (median) | {cell(phone['evening_hand_s'], ' s')} | "
        f"{cell(base['evening_hand_s'], ' s')} | {ratio('evening_hand_s')} | | |",
        f"| … the phone's waits in a hand (median) | {cell(phone['evening_waits_ms'], ' ms', 0)} | "
        f"{cell(base['evening_waits_ms'], ' ms', 0)} | {ratio('evening_waits_ms')} | | |",
    ]
    for name, kb in FIRST_VISIT.items():
        found = results["baseline"].get("first_visit", {}).get(name, {})
        measured = "—"
        if found:
            spread = found.get("visits") or [found["bytes"]]
            measured = (f"{found['bytes'] / 1024:.1f} KB ({found['requests']} requests; "
                        f"{min(spread) / 1024:.1f}–{max(spread) / 1024:.1f})")
        lines.append(f"| first visit, {name} (the first offline run: {FIRST_VISIT_ISSUE[name]} KB) | | {measured} | | "
                     f"≤ {kb} KB + {FIRST_VISIT_SLACK:g} | {verdict(f'first visit, {name}')} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, metavar="PATH",
                        help="the checkout whose app is served (default: this one)")
    parser.add_argument("--quick", action="store_true", help="a 5-hand evening instead of 20")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet-wait", type=float, default=0, metavar="SECONDS",
                        help="before each pass, wait up to this long for other processes to leave the CPUs idle")
    args = parser.parse_args(argv)
    if not 0 <= args.quiet_wait <= 600:
        parser.error("keep it bounded: --quiet-wait 0..600")
    root = args.root.resolve()
    if not (root / "scorekeeper" / "__init__.py").is_file() or not (root / "static" / "vendor" / "pyodide").is_dir():
        parser.error(f"{root} is not a checkout with Pyodide vendored (static/vendor/pyodide)")
    if not os.access(CHROMIUM, os.X_OK):
        raise BenchmarkError(f"{CHROMIUM} is not installed")
    hands = 5 if args.quick else 20
    # SIGTERM ends the run through the finally blocks: the renderers are always continued.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    info = machine()
    with tempfile.TemporaryDirectory(prefix="offline-phone-") as folder:
        server = serve(Path(folder), root)
        try:
            with sync_playwright() as playwright:
                results: dict[str, Any] = {"machine": info, "root": str(root), "hands": hands}
                results["baseline"] = one_pass(playwright, server, False, hands, args.quick, args.quiet_wait)
                results["phone"] = one_pass(playwright, server, True, hands, args.quick, args.quiet_wait)
        finally:
            server.stop()
    results["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    results["passed"] = verdicts(results["phone"], results["baseline"].get("first_visit", {}))
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        print(f"A phone on a pub's 3G, {root}; {info['cpus']} CPUs ({info['cpu']}), load average "
              f"{info['load_average']} → {results['load_average_after']}, CPUs busy before each pass "
              f"{results['baseline'].get('busy_before')}, {results['phone'].get('busy_before')}; Chromium "
              f"{results['phone'].get('chromium')}; the renderers ran {results['phone'].get('cpu_share')} of the "
              f"time (target {RUN / PERIOD:g})")
        print(table(results))
        for name in ("baseline", "phone"):
            for key in ("later_missed", "evening_missed"):
                if key in results[name]:
                    print(f"{name}: {results[name][key]}")
            if "missed" in results[name].get("first_page", {}):
                print(f"{name}: {results[name]['first_page']['missed']}")
    return 0 if all(results["passed"].values()) else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchmarkError as error:
        sys.exit(f"offline_phone.py: {error}")
