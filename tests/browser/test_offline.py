"""No signal at the table: a phone in flight mode keeps scoring its match with the engine running on
the phone (Pyodide in a Web Worker), keeps every hand in its outbox through a reload and a closed tab, and sends
each one, once, when the signal returns; two phones that recorded the same hand are asked, never doubled.

Real components throughout: `scorekeeper serve`, Debian's Chromium with its service worker and IndexedDB, and
Playwright's offline mode (the phone's network cut, as flight mode does)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, record, record_offline, shot, start_match
from tests.support.servers import LiveServer

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

READY = 60_000
"""The engine's first download and start on this machine (measured in benchmarks/offline_engine.py): generous."""


def ready_for_no_signal(page: Page) -> None:
    """The page says the phone is ready: the match's pages and the engine's files kept, and the engine set up once
    on the phone (seconds of CPU on this shared machine, more with two phones at once: every step may wait long)."""
    page.set_default_timeout(READY)
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)
    expect(page.locator("#offline-ready")).to_have_text(re.compile("ready for no signal"))


def match_id_of(page: Page) -> str:
    return re.search(r"/m/([^/?#]+)", page.url).group(1)


OUTBOX_ENTRIES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper", 1);
  open.onsuccess = () => {
    const get = open.result.transaction("outbox").objectStore("outbox").getAll();
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  };
  open.onerror = () => reject(open.error);
})"""
"""The phone's outbox as IndexedDB holds it."""


def back_on_the_server_sheet(page: Page) -> None:
    """Everything sent: the phone shows the server's own sheet (its live status line), not its own drawing of it."""
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)


def unsent(page: Page) -> Any:
    return page.locator("#live .hand.unsent")


def test_three_hands_with_no_signal_survive_a_reload_and_a_closed_tab_and_are_sent_once(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    ready_for_no_signal(page)
    sheet = page.url.split("?")[0]

    context.set_offline(True)
    page.goto(sheet)
    expect(page.locator("#offline-sheet")).to_be_visible()
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text("110", timeout=READY)
    record_offline(page, {"Mike": 40, "Yvonne": 112}, "Mike", "Yvonne")
    record_offline(page, {"Mike": 90, "Yvonne": 62}, "Yvonne", "Mike")
    record_offline(page, {"Mike": 81, "Yvonne": 71}, "Mike", "Mike")
    expect(unsent(page)).to_have_count(3, timeout=READY)
    expect(page.locator("#outbox")).to_contain_text("Not sent yet: 3")
    shot(page, "offline-sheet-outbox")
    offline_totals = [page.locator(f".scoreboard [data-total='{i}']").inner_text() for i in range(2)]

    page.reload()
    expect(unsent(page)).to_have_count(3, timeout=READY)
    page.close()
    again = context.new_page()
    again.goto(sheet)
    expect(again.locator("#live .hand.unsent")).to_have_count(3, timeout=READY)
    expect(again.locator(".scoreboard [data-total='0']")).to_have_text(offline_totals[0])
    # The engine on the phone said each hand in the rule book's words.
    expect(again.locator("#hand-2 .hand-body")).to_contain_text("bate")

    context.set_offline(False)
    # Sent by itself, in order; back on the server's own sheet with the same totals and no marks.
    back_on_the_server_sheet(again)
    expect(again.locator("#live .scoreboard [data-total='0']")).to_have_text(offline_totals[0], timeout=READY)
    expect(again.locator("#live .scoreboard [data-total='1']")).to_have_text(offline_totals[1])
    expect(again.locator(".unsent-mark")).to_have_count(0)
    state = again.request.get(f"{server.url}/m/{match_id}/data.json").json()
    assert [h["number"] for h in state["hands"]] == [1, 2, 3, 4]
    assert [h["input"]["card_points"] for h in state["hands"]] == [[100, 52], [40, 112], [90, 62], [81, 71]]


def test_a_send_cut_off_after_the_server_stored_it_is_sent_again_without_a_double(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    ready_for_no_signal(page)
    sheet = page.url.split("?")[0]
    context.set_offline(True)
    page.goto(sheet)
    record_offline(page, {"Mike": 100, "Yvonne": 52}, "Mike", "Mike")

    # The phone sent the hand and the server stored it, but the answer was lost on its way back (the signal
    # dropped again): the server holds the change's key, the phone still holds the change.
    # (The request is the phone's own, with its cookie, sent past its cut network.)
    entry = page.evaluate(OUTBOX_ENTRIES)[0]
    first = page.request.post(f"{server.url}/m/{match_id}/sync", headers={"X-Scorekeeper-Outbox": "1"}, data={
        "kind": entry["kind"], "hand": entry["hand"], "revision": entry["base"], "key": entry["key"]})
    assert first.status == 201
    # The signal is back: the phone sends it again with the same key, and the server answers what it stored.
    context.set_offline(False)
    back_on_the_server_sheet(page)
    hands = page.request.get(f"{server.url}/m/{match_id}/data.json").json()["hands"]
    assert [h["number"] for h in hands] == [1]


def test_two_phones_offline_record_the_same_hand_and_the_second_is_asked(
        browser: Any, server: LiveServer, tmp_path: Any) -> None:
    phones = [browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
              for _ in range(2)]
    ana, mike = (context.new_page() for context in phones)
    start_match(ana, server.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(ana)
    sheet = ana.url.split("?")[0]
    # The second phone scores the same match: the first hands it the scoring link.
    shown = ana.request.get(sheet + "?show=scoring-qr").text()
    key = re.search(r"join\?key=([A-Za-z0-9_\-]+)", shown).group(1)
    mike.goto(f"{server.url}/m/{match_id}/join?key={key}")
    for phone in (ana, mike):
        phone.goto(sheet)
        ready_for_no_signal(phone)
    for context in phones:
        context.set_offline(True)
    for phone, points in ((ana, {"Mike": 0, "Yvonne": 152}), (mike, {"Mike": 82, "Yvonne": 70})):
        phone.goto(sheet)
        record_offline(phone, points, "Mike", "Yvonne" if points["Mike"] == 0 else "Mike")
    phones[0].set_offline(False)
    back_on_the_server_sheet(ana)
    phones[1].set_offline(False)
    question = mike.locator("#outbox .outbox-question")
    expect(question).to_contain_text("Another phone recorded hand 1", timeout=READY)
    expect(question).to_contain_text("Mike +0, Yvonne +162")
    expect(question).to_contain_text("Yours, not sent yet: Mike +92, Yvonne +70.")
    # The engine drew it.
    expect(mike.locator("#live .sheet-actions .primary")).to_have_text(re.compile(r"\d"), timeout=READY)
    shot(mike, "offline-conflict-question")
    mike.get_by_role("button", name="Keep both (yours becomes hand 2)").click()
    back_on_the_server_sheet(mike)
    hands = mike.request.get(f"{server.url}/m/{match_id}/data.json").json()["hands"]
    assert [(h["number"], h["input"]["card_points"]) for h in hands] == [(1, [0, 152]), (2, [82, 70])]
    for context in phones:
        context.close()


def test_a_hand_changed_with_no_signal_and_a_hand_recorded_are_asked_about_once(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    sheet = page.url.split("?")[0]
    record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    ready_for_no_signal(page)
    key = re.search(r"join\?key=([A-Za-z0-9_\-]+)", page.request.get(sheet + "?show=scoring-qr").text()).group(1)

    context.set_offline(True)
    page.goto(sheet)
    # Hand 1 changed on this phone: its kept form, filled in by the engine on the phone.
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Change hand 1").click()
    expect(page.get_by_label("Mike: card points")).to_have_value("100", timeout=READY)
    page.get_by_label("Mike: card points").fill("90")
    page.get_by_label("Yvonne: card points").fill("62")
    expect(page.locator("#save-why")).to_contain_text("Mike +100 · Yvonne +62", timeout=READY)
    page.get_by_role("button", name="Save the change").click()
    expect(page.locator("#live #hand-1.unsent")).to_be_visible(timeout=READY)
    record_offline(page, {"Mike": 40, "Yvonne": 112}, "Mike", "Yvonne")

    # Meanwhile another phone records hand 2 with a signal.
    other = page.request.post(f"{server.url}/api/v1/matches/{match_id}/hands", headers={
        "Authorization": f"Bearer {key}"}, data={"taker": 1, "card_points": [70, 82], "last_trick": 1})
    assert other.status == 201

    context.set_offline(False)
    # One question for both of this phone's changes (the other phone's hand 2 named once), answered once.
    question = page.locator("#outbox .outbox-question")
    expect(question).to_have_count(1, timeout=READY)
    expect(question).to_contain_text("Another phone recorded hand 2 (Mike +70, Yvonne +92)", timeout=READY)
    expect(question).to_contain_text("change of hand 1; hand 3: Mike +0, Yvonne +162.")
    assert question.inner_text().count("Another phone") == 1
    page.get_by_role("button", name="Send mine as well").click()
    back_on_the_server_sheet(page)
    hands = page.request.get(f"{server.url}/m/{match_id}/data.json").json()["hands"]
    assert [(h["number"], h["input"]["card_points"]) for h in hands] == [(1, [90, 62]), (2, [70, 82]), (3, [40, 112])]


KEPT_FOR = """(id) => Promise.all([
  caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(cache => cache.keys()))))
    .then(lists => lists.flat().map(r => new URL(r.url).pathname).filter(p => p.startsWith("/m/" + id + "/"))),
  new Promise(resolve => {
    const open = indexedDB.open("scorekeeper", 1);
    open.onsuccess = () => {
      const get = open.result.transaction("matches").objectStore("matches").get(id);
      get.onsuccess = () => resolve(get.result ? 1 : 0);
    };
  }),
])"""
"""What this phone keeps of a match: its kept pages' paths, and whether IndexedDB holds its hands."""


KEPT_TEXTS = """async () => {
  const texts = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (path.includes("/vendor/") || path.endsWith(".zip")) continue;
      texts.push(await (await cache.match(request)).text());
    }
  }
  return texts.join("\\n");
}"""
"""Every text the service worker keeps (Pyodide's files and the engine's zip left out), joined."""

KEPT_PATHS = """async () => (await Promise.all((await caches.keys()).map(async name =>
  (await (await caches.open(name)).keys()).map(request => new URL(request.url).pathname)))).flat()"""
"""The path of everything the service worker keeps."""


def test_forgetting_a_match_on_this_phone_drops_its_pages_outbox_and_key(ready_page: Page, server: LiveServer) -> None:
    page = ready_page
    start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
    match_id = match_id_of(page)
    ready_for_no_signal(page)
    kept, data = page.evaluate(KEPT_FOR, match_id)
    assert f"/m/{match_id}/hand" in kept and data == 1
    # No kept answer, page or data, holds the match's scoring key (the sheet that shows it is never kept).
    shown = page.request.get(page.url.split("?")[0] + "?show=scoring-qr").text()
    key = re.search(r"join\?key=([A-Za-z0-9_\-]+)", shown)
    assert key is not None
    assert page.evaluate(KEPT_TEXTS).count(key.group(1)) == 0
    shot(page, "sheet-ready-for-no-signal")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Forget this match on this phone").click()
    expect(page).to_have_url(re.compile(r"/matches$"))
    assert page.evaluate(KEPT_FOR, match_id) == [[], 0]
    # The key left this phone: its sheet is no longer this phone's to score.
    assert page.request.get(f"{server.url}/m/{match_id}").status == 403


def test_the_service_worker_installing_neither_keeps_nor_uses_up_the_key_shown_once(
        page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.evaluate("() => navigator.serviceWorker.ready")
    # The match starts, and its key waits in the phone's session to be shown once on the next page; the service
    # worker installs meanwhile (a new release: its files, the offline page among them, fetched with the phone's
    # cookie).
    page.get_by_label(re.compile("Bela")).first.check()
    for seat, name in enumerate(["Mike", "Yvonne"]):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.evaluate("""async () => {
      const form = document.querySelector("form[method=post]");
      await fetch(form.action, {method: "POST", body: new FormData(form), redirect: "manual"});
      const registration = await navigator.serviceWorker.register("/sw.js?again=1", {scope: "/"});
      const worker = registration.installing || registration.waiting;
      await new Promise((resolve, reject) => worker.addEventListener("statechange", () => {
        if (worker.state === "activated") resolve();
        if (worker.state === "redundant") reject(new Error("the service worker did not install"));
      }));
    }""")
    kept = page.evaluate(KEPT_TEXTS)
    assert "/offline" in " ".join(page.evaluate(KEPT_PATHS)) and "join?key=" not in kept
    # The key was not used up: the next page shows it, once.
    page.goto(server.url + "/matches")
    notice = page.get_by_role("alert").filter(has_text="Keep this link")
    expect(notice).to_be_visible()
    expect(notice.get_by_role("link", name=re.compile("join\\?key="))).to_be_visible()
    page.goto(server.url + "/matches")
    expect(page.get_by_text("Keep this link")).to_have_count(0)


def start_with_no_signal(page: Page, context: BrowserContext, server: LiveServer, players: list[str]) -> None:
    """Get the phone ready on the start page with a signal, cut it off, then start a match of Bela there."""
    page.set_default_timeout(READY)
    page.goto(server.url + "/")
    get_ready = page.locator("#get-ready")
    get_ready.get_by_role("button", name="Get ready for no signal").click()
    expect(get_ready).to_have_attribute("data-ready", "yes", timeout=3 * READY)
    context.set_offline(True)
    page.goto(server.url + "/")
    page.get_by_label(re.compile("Bela")).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.get_by_role("button", name="Start the match").click()


def test_a_match_started_with_no_signal_appears_on_the_server_with_all_its_hands(
        page: Page, context: BrowserContext, server: LiveServer) -> None:
    start_with_no_signal(page, context, server, ["Ana", "Marko"])
    # The phone started it: its sheet, with the players' names, says where the match is.
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=READY)
    expect(page.locator("#offline-status")).to_contain_text("on this phone only", timeout=READY)
    expect(page.locator(".scoreboard .name").first).to_have_text("Ana")
    assert "/m/new~bela~" in page.url
    record_offline(page, {"Ana": 100, "Marko": 52}, "Ana", "Ana")
    record_offline(page, {"Ana": 40, "Marko": 112}, "Marko", "Marko")
    expect(unsent(page)).to_have_count(2, timeout=READY)
    offline_totals = [page.locator(f".scoreboard [data-total='{i}']").inner_text() for i in range(2)]
    page.reload()
    expect(unsent(page)).to_have_count(2, timeout=READY)
    shot(page, "offline-started-match")
    # The kept hand form says the next hand and the score as the phone has them, not as the match began.
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    expect(page.get_by_role("heading", name="Hand 3")).to_be_visible(timeout=READY)
    expect(page.locator(".scoreboard.compact [data-total='1']")).to_have_text(offline_totals[1], timeout=READY)
    expect(page.locator(".scoreboard.compact .name").first).to_have_text("Ana")
    page.go_back()
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=READY)

    context.set_offline(False)
    # The server creates it and records its hands, once, in order; the phone is sent to the server's sheet.
    back_on_the_server_sheet(page)
    expect(page.locator("#live .scoreboard [data-total='0']")).to_have_text(offline_totals[0], timeout=READY)
    expect(page.locator("#live .scoreboard [data-total='1']")).to_have_text(offline_totals[1])
    match_id = match_id_of(page)
    assert not match_id.startswith("new~")
    state = page.request.get(f"{server.url}/m/{match_id}/data.json").json()
    assert state["players"] == ["Ana", "Marko"] and state["variant"] == "bela"
    assert [h["input"]["card_points"] for h in state["hands"]] == [[100, 52], [40, 112]]
    assert page.evaluate(OUTBOX_ENTRIES) == []
    # The phone keeps its key: the match is among this phone's matches, and its hand form opens.
    page.goto(f"{server.url}/m/{match_id}/hand")
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()


def test_a_start_with_no_signal_that_the_server_would_refuse_says_why_and_starts_nothing(
        page: Page, context: BrowserContext, server: LiveServer) -> None:
    start_with_no_signal(page, context, server, ["Ana", "ana"])
    problems = page.locator("#new-problems")
    expect(problems).to_contain_text("two players have the same name", timeout=READY)
    shot(page, "offline-start-refused")
    assert page.evaluate("""() => new Promise((resolve) => {
      const open = indexedDB.open("scorekeeper", 1);
      open.onsuccess = () => {
        const get = open.result.transaction("matches").objectStore("matches").getAll();
        get.onsuccess = () => resolve(get.result.length);
      };
    })""") == 0


SHEET_WORDS = """() => {
  const text = (el) => (el ? el.innerText : "").replace(/\\s+/g, " ").trim();
  const all = (selector) => Array.from(document.querySelectorAll(selector)).map(text);
  return {
    needs: all(".scoreboard .need"), game: text(document.querySelector(".scoreboard .line")),
    next: text(document.querySelector(".scoreboard .deal")),
    rows: Array.from(document.querySelectorAll("details.hand"))
      .map((row) => [row.id, text(row.querySelector(".result"))]),
    heads: all(".game-head"), ends: all(".game-end"),
  };
}"""
"""What a sheet says beside its figures: under each total, the game line, who deals next, each row's result, the
games' heads and ends."""
GAME_AND_MORE = ({"taker": 0, "card_points": [90, 62], "last_trick": 0},    # Mike made it
                 {"taker": 1, "card_points": [100, 52], "last_trick": 0},   # Yvonne bate
                 *({"taker": 0, "card_points": [90, 62], "last_trick": 0},) * 4,  # game 1 won, game 2 begins
                 {"taker": 1, "card_points": [62, 90], "last_trick": 1})
"""Klaberjass best of three: a made hand, a bate one, the end of game 1 (the line after its last hand) and the
head of game 2."""


def test_the_offline_sheet_says_what_the_live_sheet_says_beside_the_figures(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    from tests.support.servers import api_match

    made = api_match(server, "klaberjass", ["Mike", "Yvonne"], GAME_AND_MORE, best_of=3)
    page.set_default_timeout(READY)
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    page.goto(f"{server.url}/m/{made['id']}?lang=hr")  # in Croatian: the phone's words from its own catalog
    live = page.evaluate(SHEET_WORDS)
    assert live["heads"] == ["Partija 1", "Partija 2"] and live["ends"] and live["next"], live
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)

    context.set_offline(True)
    page.goto(f"{server.url}/m/{made['id']}")
    expect(page.locator("#offline-sheet")).to_be_visible()
    expect(page.locator("#live details.hand")).to_have_count(len(GAME_AND_MORE), timeout=READY)
    offline = page.evaluate(SHEET_WORDS)
    shot(page, "offline-sheet-words")
    # "needs N" (what each side still needs), the game and the games won, who deals next, each row's result words
    # (bate, valat), the games' heads and ends: as the live sheet says them.
    assert offline == live


def test_the_match_lists_count_the_hands_still_waiting_on_the_phone(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    from tests.support.servers import api_match

    nine = tuple({"taker": n % 2, "card_points": [90, 62] if n % 2 == 0 else [62, 90], "last_trick": n % 2}
                 for n in range(9))
    made = api_match(server, "bela", ["Mike", "Yvonne"], nine, rules={"target": 5001})
    page.set_default_timeout(READY)
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    ready_for_no_signal(page)
    context.set_offline(True)
    page.goto(f"{server.url}/m/{made['id']}")
    for points in ({"Mike": 100, "Yvonne": 52}, {"Mike": 40, "Yvonne": 112}, {"Mike": 81, "Yvonne": 71}):
        record_offline(page, points, "Mike", "Mike")
    expect(unsent(page)).to_have_count(3, timeout=READY)

    # The phone's match list, as it was kept with a signal: the server's nine hands, and the three on the phone.
    page.goto(f"{server.url}/matches")
    row = page.locator(f".match-row[data-match='{made['id']}']")
    expect(row).to_contain_text("9 hands")
    expect(row).to_contain_text("not sent yet: 3", timeout=READY)
    shot(page, "offline-match-list-waiting")
    # A page this phone never kept: the offline page lists the matches it keeps, with the same count.
    page.goto(f"{server.url}/clubs/new")
    kept = page.locator("#kept-matches")
    expect(kept).to_contain_text("Mike · Yvonne")
    expect(kept).to_contain_text("not sent yet: 3", timeout=READY)
