"""Ready for no signal means ready: a phone says so only when Cache Storage and IndexedDB hold everything it needs
to score with none, read there by the test itself (never from the page's words); a download cut off (a reload, a
navigation, the service worker stopped by the browser) goes on by itself and says how far it is; a phone that lost
the signal before it was ready says so and loses nothing; and the engine, once started, serves every later page
of the tab.

The phone reaches the app through a throttling proxy (tests/support/phone.py): the service worker's downloads are
slowed too, which CDP's network throttling does not do, and cutting it loses the signal for them as well. The
page's own CPU is slowed 4× (CDP); a person waits a few seconds between steps."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, PHONE, fill_hand, record, record_offline, shot, start_match
from tests.support.phone import Proxy
from tests.support.servers import LiveServer

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

READY = 180_000
"""The longest the whole download and the engine's first start may take here, slowed (ms)."""
PACE = 3.0
"""Seconds a person takes between two steps at the table."""
DOWN = 4_000_000 / 8
"""The phone's download through the proxy (4 Mbit/s: the engine's 6.4 MB take about 13 s, long enough to reload
and navigate in the middle of it)."""

KEPT = """async ({match, language, settings}) => {
  // What the phone really keeps, read from Cache Storage and IndexedDB: every file of the engine (the copy the
  // service worker checked, its SHA-256 in a header) in this language, every page of the match, its hands, the
  // engine's memory snapshot. The list comes from the served service worker's own settings.
  const catalog = settings.engine.catalogs[language];
  const files = settings.engine.files.concat(catalog ? [catalog] : []);
  const names = await caches.keys();
  const missing = [];
  for (const file of files) {
    let ok = false;
    for (const name of names) {
      const kept = await (await caches.open(name)).match(file.url);
      if (kept && kept.headers.get("X-Scorekeeper-Kept") === file.sha256
          && (await kept.clone().arrayBuffer()).byteLength === file.bytes) ok = true;
    }
    if (!ok) missing.push(file.url);
  }
  for (const page of ["offline", "hand", "claim", "rules"]) {
    if (!(await caches.match("/m/" + match + "/" + page))) missing.push("/m/" + match + "/" + page);
  }
  const snapshot = settings.kit.data.engine + "?snapshot=" + encodeURIComponent(settings.kit.data.version);
  if (!(await (await caches.open("snapshots")).match(snapshot))) missing.push("the engine's snapshot");
  const data = await new Promise((resolve) => {
    const open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = () => { open.transaction.abort(); resolve(null); };
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("matches")) { db.close(); resolve(null); return; }
      const get = db.transaction("matches").objectStore("matches").get(match);
      get.onsuccess = () => { db.close(); resolve(get.result || null); };
      get.onerror = () => { db.close(); resolve(null); };
    };
  });
  if (!data) missing.push("the match's hands");
  return {missing: missing, total: files.length + 6};
}"""


@pytest.fixture
def proxy(server: LiveServer) -> Iterator[Proxy]:
    """The phone's radio: 4 Mbit/s down, 750 kbit/s up, 150 ms a round trip, shared by every connection."""
    link = Proxy(int(server.url.rsplit(":", 1)[1]), DOWN, 750_000 / 8, 0.150)
    yield link
    link.stop()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    yield context
    context.close()


def slow_cpu(page: Page) -> None:
    """The page's main thread 4× slower, as a mid-range phone's."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})


def match_id_of(page: Page) -> str:
    return re.search(r"/m/([^/?#]+)", page.url).group(1)


SETTINGS: dict[str, Any] = {}


def kept(page: Page, match_id: str) -> dict[str, Any]:
    """What the phone lacks of what it needs to score ``match_id`` with no signal (``missing``), as its caches and
    database hold it. The list is the served service worker's own (its SETTINGS), read once with a signal."""
    origin = re.match(r"https?://[^/]+", page.url).group(0)
    if origin not in SETTINGS:
        source = page.request.get(origin + "/sw.js").text()
        SETTINGS[origin] = json.loads(re.search(r"^const SETTINGS = (.*);$", source, re.M).group(1))
    return page.evaluate(KEPT, {"match": match_id, "language": "en", "settings": SETTINGS[origin]})


def line(page: Page) -> tuple[str | None, str]:
    """What the ready line says, and whether it says ready ("yes")."""
    ready = page.locator("#offline-ready")
    if not ready.count():
        return None, ""
    return ready.get_attribute("data-ready"), ready.inner_text()


def watch(page: Page, match_id: str, seconds: float, seen: list[str]) -> bool:
    """For up to ``seconds``: whenever the page says it is ready, Cache Storage must hold everything (asserted);
    True once it does. Every line the page showed is added to ``seen``."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        said, words = line(page)
        if words and (not seen or seen[-1] != words):
            seen.append(words)
        if said == "yes":
            found = kept(page, match_id)
            assert found["missing"] == [], f"the page said {words!r} while the phone lacked {found['missing']}"
            return True
        time.sleep(0.25)
    return False


def no_signal(context: BrowserContext, proxy: Proxy) -> None:
    """The signal lost: the browser offline, and the radio link cut (the service worker's fetches too)."""
    context.set_offline(True)
    proxy.cut()


def three_hands_offline(page: Page, sheet: str) -> list[int | None]:
    """Three hands scored with no signal, from the offline sheet: the engine's start each page talked to."""
    page.goto(sheet)
    expect(page.locator("#offline-sheet")).to_be_visible()
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text(re.compile(r"^\d+$"), timeout=READY)
    starts = [page.evaluate("window.scorekeeperEngine.instance")]
    for points, taker, last in (({"Mike": 40, "Yvonne": 112}, "Mike", "Yvonne"),
                                ({"Mike": 90, "Yvonne": 62}, "Yvonne", "Mike"),
                                ({"Mike": 81, "Yvonne": 71}, "Mike", "Mike")):
        record_offline(page, points, taker, last, timeout=READY)
        expect(page.locator(".scoreboard [data-total='0']")).to_have_text(re.compile(r"^\d+$"), timeout=READY)
        starts.append(page.evaluate("window.scorekeeperEngine.instance"))
    expect(page.locator("#live .hand.unsent")).to_have_count(3, timeout=READY)
    return starts


def slow_phone_starts_a_match(phone: BrowserContext, proxy: Proxy) -> tuple[Page, str, str]:
    """A Bela match (Mike, Yvonne) started on a slow phone: its page (the sheet), its id, the sheet's address."""
    page = phone.new_page()
    slow_cpu(page)
    start_match(page, proxy.url, "Bela", ["Mike", "Yvonne"])
    return page, match_id_of(page), page.url.split("?")[0]


def test_ready_is_said_only_once_everything_is_kept_through_reloads_and_navigation(
        phone: BrowserContext, proxy: Proxy) -> None:
    page, match_id, sheet = slow_phone_starts_a_match(phone, proxy)
    record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    seen: list[str] = []
    # A phone opens the match twice (a reload), looks at the hand form, comes back: all while the engine downloads.
    assert not watch(page, match_id, PACE, seen)
    page.reload()
    assert not watch(page, match_id, PACE, seen)
    page.goto(f"{proxy.url}/m/{match_id}/hand")
    watch(page, match_id, PACE, seen)
    page.goto(sheet)
    assert watch(page, match_id, READY / 1000, seen), seen
    # It said how far it was on the way, in the table's words.
    assert any(re.match(r"Getting this phone ready for no signal: \d+ of \d+ kept, .* still to download\.", w)
               for w in seen), seen
    expect(page.locator("#offline-ready")).to_have_text("This phone is ready for no signal.")
    shot(page, "ready-for-no-signal")

    no_signal(phone, proxy)
    starts = three_hands_offline(page, sheet)
    # Every page of the tab talked to the one engine started for it.
    assert len(set(starts)) == 1 and starts[0], starts


def test_the_service_worker_stopped_mid_download_and_the_phone_gets_ready_all_the_same(
        phone: BrowserContext, proxy: Proxy) -> None:
    page, match_id, sheet = slow_phone_starts_a_match(phone, proxy)
    expect(page.locator("#offline-ready")).to_have_text(re.compile(r"^Getting this phone ready.* [1-9]\d* of"),
                                                        timeout=READY)
    # The browser stops the service worker in the middle of the download, as a phone's does to save power.
    cdp = phone.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    before = kept(page, match_id)
    assert before["missing"], "the download was over before the worker was stopped"
    seen: list[str] = []
    assert watch(page, match_id, READY / 1000, seen), seen
    no_signal(phone, proxy)
    three_hands_offline(page, sheet)


def test_a_phone_that_loses_the_signal_before_it_is_ready_says_so_and_loses_nothing(
        phone: BrowserContext, proxy: Proxy, server: LiveServer) -> None:
    page = phone.new_page()
    start_match(page, proxy.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    sheet = page.url.split("?")[0]
    # The hands and pages come first, the engine after them: the signal goes while the engine is still coming.
    until = time.monotonic() + 60
    while any(m.startswith("/m/") or "hands" in m for m in kept(page, match_id)["missing"]):
        assert time.monotonic() < until, kept(page, match_id)
        time.sleep(0.2)
    no_signal(phone, proxy)
    expect(page.locator("#offline-ready")).to_have_text(
        re.compile(r"^Not ready for no signal yet: \d+ of \d+ kept, .* still to download when the signal is back\.$"),
        timeout=30_000)
    assert kept(page, match_id)["missing"]
    assert page.locator("#offline-ready").get_attribute("data-ready") == "no"

    # The table goes on: the phone says it cannot score here, and keeps what is typed.
    page.goto(sheet)
    expect(page.locator("#offline-status")).to_have_text(re.compile("was not ready for no signal"), timeout=60_000)
    shot(page, "not-ready-offline-sheet")
    page.goto(f"{proxy.url}/m/{match_id}/hand")
    fill_hand(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#save-why")).to_contain_text("what you typed is kept here", timeout=60_000)

    # The signal is back: the hand form puts back what was typed, and it is saved once.
    proxy.cut_off = False
    phone.set_offline(False)
    page.goto(f"{proxy.url}/m/{match_id}/hand")
    expect(page.get_by_label("Mike: card points")).to_have_value("100")
    expect(page.get_by_label("Yvonne: card points")).to_have_value("52")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    hands = page.request.get(f"{server.url}/m/{match_id}/data.json").json()["hands"]
    assert [h["input"]["card_points"] for h in hands] == [[100, 52]]


def test_offline_pages_reuse_the_running_engine(phone: BrowserContext, proxy: Proxy) -> None:
    page = phone.new_page()
    start_match(page, proxy.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    sheet = page.url.split("?")[0]
    assert watch(page, match_id, READY / 1000, [])
    no_signal(phone, proxy)
    starts = []
    # The sheet, the hand form, the sheet, the claim form, the sheet again: one start of the engine for them all.
    for where in (sheet, f"{sheet}/hand", sheet, f"{sheet}/claim", sheet):
        page.goto(where)
        page.wait_for_function("() => window.scorekeeperEngine && window.scorekeeperEngine.status === 'ready'",
                               timeout=READY)
        starts.append(page.evaluate("window.scorekeeperEngine.instance"))
    assert len(set(starts)) == 1, starts
    # And that start loaded the snapshot the phone made when it got ready: no slow start with no signal.
    assert page.evaluate("window.scorekeeperEngine.timings.snapshot") in ("made", "loaded")


def test_a_phone_saving_data_is_told_the_size_and_asked_before_the_download(
        phone: BrowserContext, proxy: Proxy) -> None:
    page = phone.new_page()
    phone.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    start_match(page, proxy.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    ask = page.locator("#offline-ready").get_by_role("button")
    expect(ask).to_have_text(re.compile(r"^Get ready for no signal \(\d+(\.\d)? MB to download\)$"), timeout=60_000)
    time.sleep(PACE)
    # Nothing of the engine came before the table said so.
    engine_files = [url for url in kept(page, match_id)["missing"] if "/m/" not in url and " " not in url]
    assert len(engine_files) == len(SETTINGS[re.match(r"https?://[^/]+", page.url).group(0)]["engine"]["files"])
    ask.click()
    assert watch(page, match_id, READY / 1000, [])


HANDS_AT = """async (match) => await new Promise((resolve) => {
  // The revision of the match's hands the phone keeps in IndexedDB (0 when none are kept yet).
  const open = indexedDB.open("scorekeeper", 1);
  open.onupgradeneeded = () => { open.transaction.abort(); resolve(0); };
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("matches")) { db.close(); resolve(0); return; }
    const get = db.transaction("matches").objectStore("matches").get(match);
    get.onsuccess = () => { db.close(); resolve(get.result ? get.result.revision : 0); };
    get.onerror = () => { db.close(); resolve(0); };
  };
})"""


def test_a_hand_saved_while_the_phone_gets_ready_is_kept_at_once_not_after_the_download(
        phone: BrowserContext, server: LiveServer) -> None:
    """A table records its first hand while the engine still downloads (a pub's 3G, 1.6 Mbit/s: half a minute).
    The sheet the phone lands on asks the service worker to keep the match's hands as they are now; they are kept
    within seconds, while the engine is still coming, and the count moves on. (They used to wait for the whole
    download and then 20 s more, until the page asked again: "ready" came 20–25 s late.)"""
    link = Proxy(int(server.url.rsplit(":", 1)[1]), 1_600_000 / 8, 750_000 / 8, 0.150)
    try:
        page = phone.new_page()
        # The start page first, as a table opens the app, so the service worker controls the match's sheet.
        page.goto(link.url + "/")
        until = time.monotonic() + 60
        while not page.evaluate("() => Boolean(navigator.serviceWorker.controller)") and time.monotonic() < until:
            time.sleep(0.25)
        start_match(page, link.url, "Bela", ["Mike", "Yvonne"])
        match_id = match_id_of(page)
        # The phone has begun keeping the match (its hands as they were: none) and the engine is on its way.
        expect(page.locator("#offline-ready")).to_have_text(re.compile(r"^Getting this phone ready.* [1-9]\d* of"),
                                                            timeout=60_000)
        until = time.monotonic() + 15
        while kept(page, match_id)["missing"].count("the match's hands") and time.monotonic() < until:
            time.sleep(0.25)
        before = page.evaluate(HANDS_AT, match_id)
        record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
        until = time.monotonic() + 15
        while page.evaluate(HANDS_AT, match_id) <= before and time.monotonic() < until:
            time.sleep(0.25)
        revision = page.evaluate(HANDS_AT, match_id)
        engine_missing = [url for url in kept(page, match_id)["missing"] if url.startswith("/") and "/m/" not in url]
        assert revision > before, f"the hand saved is still not kept on the phone (its hands at revision {revision})"
        assert engine_missing, "the engine's download was over before the hand was kept: nothing was shown"
    finally:
        link.stop()
