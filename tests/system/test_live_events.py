"""The board's server-sent events against real `scorekeeper serve` processes (gunicorn, gevent workers):
an event per change whose id is the revision and whose data is the board; resuming after a dropped
connection; many watchers over two workers through Redis; hand writes stay quick while many watch."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from scorekeeper.rules import HandRecord, make_rules, replay
from tests.support.servers import REDIS_URL, LiveServer, start_server, stop_server

pytestmark = pytest.mark.postgresql  # live events across a real server's workers, on each database

MADE = {"taker": 0, "card_points": [90, 62], "last_trick": 0}
"""100 against 62, made."""
BATE = {"taker": 1, "card_points": [100, 52], "last_trick": 0}
"""Side 1 takes with 52 against 110: bate."""
THROWN_IN = {"thrown_in": True}
RULES = make_rules("bela", {"target": 100000})


@dataclass(frozen=True)
class Event:
    """One server-sent event as a browser's EventSource would dispatch it."""

    id: str
    type: str
    data: str

    @property
    def revision(self) -> int:
        return int(self.id)

    @property
    def board(self) -> Any:
        return json.loads(self.data)


def merged(board: Any, event: Event) -> Any:
    """The board a watcher holds after applying a ``change`` event on top of ``board`` (what docs/api.md tells
    a client to do: the hand replaces its number or comes last, the state's summary replaces the old)."""
    assert event.type == "change", event.type
    change = event.board
    hand = {k: v for k, v in change.items() if k not in ("revision", "state", "event", "updated_at")}
    hands = [h for h in board["state"]["hands"] if h["number"] != hand["number"]] + [hand]
    return {**board, "updated_at": change["updated_at"],
            "state": {**change["state"], "hands": sorted(hands, key=lambda h: h["number"])}}


class Watcher:
    """An open event stream of a board, read line by line on a thread of its own."""

    def __init__(self, server: LiveServer, view_token: str, last_event_id: int | None = None,
                 query: str = "", timeout: float = 60) -> None:
        parts = urlsplit(server.url)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        self.connection.request("GET", f"/api/v1/boards/{view_token}/events{query}", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.read()
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.served_by = self.response.getheader("X-Served-By")
        self.events: queue.Queue[Event | None] = queue.Queue()
        self._ahead: list[Event | None] = []
        self.retry: str | None = None
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        data: list[str] = []
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    return
                line = raw.decode().rstrip("\r\n")
                if not line:  # a blank line dispatches the event (comments and retry lines make none)
                    # A heartbeat says only that the stream is alive (static/js/live.js watches it): nothing to apply.
                    if data and fields.get("event") != "heartbeat":
                        self.events.put(Event(fields.get("id", ""), fields.get("event", "message"), "\n".join(data)))
                    fields, data = {}, []
                    continue
                if line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if name == "data":
                    data.append(value)
                elif name == "retry":
                    self.retry = value
                else:
                    fields[name] = value
        except (OSError, ValueError, http.client.HTTPException):
            return
        finally:
            self.events.put(None)

    def next(self, timeout: float = 10) -> Event:
        """The next event; fails if none comes within ``timeout`` seconds or the stream ended."""
        try:
            event = self._ahead.pop(0) if self._ahead else self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event within {timeout} s") from None
        assert event is not None, "the stream ended"
        return event

    def nothing_for(self, seconds: float) -> bool:
        """True if no event arrives within ``seconds`` (and the stream stays open)."""
        if self._ahead:
            return False
        try:
            self._ahead.append(self.events.get(timeout=seconds))
        except queue.Empty:
            return True
        return False

    def close(self) -> None:
        """Drop the connection, as a phone losing its network would."""
        sock = self.connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self._thread.join(timeout=5)  # the reader sees the end of the stream, then the connection closes
        self.connection.close()


def create(server: LiveServer) -> dict[str, Any]:
    """A bela match that never finishes."""
    status, body = server.json("POST", "/api/v1/matches",
                               {"variant": "bela", "players": ["Mike", "Yvonne"], "rules": {"target": 100000}})
    assert status == 201, body
    return body


def auth(match: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {match['edit_token']}"}


def record(server: LiveServer, match: dict[str, Any], hand: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
    status, body = server.json("POST", f"/api/v1/matches/{match['id']}/hands", hand, auth(match), timeout=timeout)
    assert status == 201, body
    return body


def engine_totals(*hands: dict[str, Any] | tuple[dict[str, Any], str]) -> list[int]:
    """The totals the engine itself gives for these hands (``(hand, "voided")`` for a voided one)."""
    records = [HandRecord(h[0], voided=True) if isinstance(h, tuple) else HandRecord(h) for h in hands]
    return list(replay(RULES, records, names=["Mike", "Yvonne"]).totals)


def board(server: LiveServer, match: dict[str, Any]) -> dict[str, Any]:
    status, body = server.json("GET", f"/api/v1/boards/{match['view_token']}")
    assert status == 200, body
    return body


@pytest.fixture
def watchers() -> Iterator[list[Watcher]]:
    """Every watcher a test opens, closed at its end."""
    opened: list[Watcher] = []
    yield opened
    for watcher in opened:
        watcher.close()


def test_an_event_per_recorded_edited_and_voided_hand(live_server: LiveServer, watchers: list[Watcher]) -> None:
    match = create(live_server)
    watcher = Watcher(live_server, match["view_token"])
    watchers.append(watcher)
    assert watcher.served_by is not None and watcher.served_by.isdigit()
    status = Path(f"/proc/{watcher.served_by}/status")
    if status.exists():  # a gunicorn worker of this server
        assert f"PPid:\t{live_server.process.pid}\n" in status.read_text()

    first = watcher.next()
    assert (first.type, first.revision) == ("state", match["state"]["revision"])
    assert first.board == board(live_server, match)
    assert watcher.retry == "2000"
    held = first.board

    # Each write sends what it changed; a watcher that applies it holds the board a GET answers.
    recorded = record(live_server, match, MADE)
    event = watcher.next()
    assert (event.type, event.revision) == ("change", recorded["revision"])
    assert event.board["event"] == "record"
    assert event.board["state"]["totals"] == recorded["totals"] == engine_totals(MADE)
    assert event.board["explanation"] == recorded["explanation"]
    held = merged(held, event)
    assert held == board(live_server, match)

    recorded = record(live_server, match, BATE)
    event = watcher.next()
    assert event.revision == recorded["revision"]
    assert event.board["state"]["totals"] == recorded["totals"] == engine_totals(MADE, BATE)
    held = merged(held, event)
    assert held == board(live_server, match)
    assert len(event.data) < len(json.dumps(held)) / 2, "a change event carries one hand, not the board"

    # An edit or a void scores the later hands again: the event says which kind it was (the board is one GET).
    status, edited = live_server.json("PUT", f"/api/v1/matches/{match['id']}/hands/1", BATE, auth(match))
    assert status == 200, edited
    event = watcher.next()
    assert (event.type, event.revision, event.board["event"]) == ("change", edited["revision"], "edit")
    assert event.board["state"]["totals"] == edited["state"]["totals"] == engine_totals(BATE, BATE)

    status, voided = live_server.json("DELETE", f"/api/v1/matches/{match['id']}/hands/2", None, auth(match))
    assert status == 200, voided
    event = watcher.next()
    assert (event.revision, event.board["event"]) == (voided["revision"], "void")
    assert event.board["number"] == 2 and event.board["voided"] is True
    assert event.board["state"]["totals"] == voided["state"]["totals"] == engine_totals(BATE, (BATE, "voided"))

    # A write that fails changes nothing and tells nobody.
    status, _ = live_server.json("POST", f"/api/v1/matches/{match['id']}/hands",
                                 {"taker": 0, "card_points": [80, 80], "last_trick": 0}, auth(match))
    assert status == 422
    assert watcher.nothing_for(1.0)
    assert match["edit_token"] not in json.dumps(event.board)


def test_a_dropped_connection_resumes_from_last_event_id(live_server: LiveServer, watchers: list[Watcher]) -> None:
    match = create(live_server)
    first = Watcher(live_server, match["view_token"])
    watchers.append(first)
    seen = first.next().revision
    first.close()

    record(live_server, match, MADE)
    latest = record(live_server, match, BATE)

    # Back with the last id seen: the first event is the latest revision, and the state in it has both hands.
    again = Watcher(live_server, match["view_token"], last_event_id=seen)
    watchers.append(again)
    event = again.next()
    assert event.revision == latest["revision"] == seen + 2
    assert [h["number"] for h in event.board["state"]["hands"]] == [1, 2]
    assert event.board["state"]["totals"] == latest["totals"]
    assert again.nothing_for(0.5)

    # Already current (by header, or by the query EventSource URLs carry): nothing until the next hand.
    current = Watcher(live_server, match["view_token"], last_event_id=latest["revision"])
    by_query = Watcher(live_server, match["view_token"], query=f"?last_event_id={latest['revision']}")
    watchers.extend([current, by_query])
    assert current.nothing_for(1.0)
    assert by_query.nothing_for(0.1)
    following = record(live_server, match, THROWN_IN)
    for watcher in (current, by_query, again):
        event = watcher.next()
        assert (event.type, event.revision) == ("change", following["revision"])
        assert following["revision"] == latest["revision"] + 1
        assert event.board["result"] == "thrown-in"


def test_an_unknown_board_has_no_stream(live_server: LiveServer) -> None:
    status, body = live_server.json("GET", "/api/v1/boards/no-such-board/events")
    assert status == 404, body


def _watch_both_workers(server: LiveServer, view_token: str, watchers: list[Watcher], count: int,
                        most: int = 400) -> set[str]:
    """Open ``count`` watchers, more (up to ``most``) until both workers serve some; the worker pids."""
    while len(watchers) < count or (len({w.served_by for w in watchers}) < 2 and len(watchers) < most):
        watchers.append(Watcher(server, view_token))
    return {w.served_by or "" for w in watchers}


@pytest.mark.skipif(not REDIS_URL, reason="set SCOREKEEPER_TEST_REDIS_URL to run the Redis broker")
def test_fifty_watchers_on_two_workers_through_redis(tmp_path: Path, watchers: list[Watcher]) -> None:
    assert REDIS_URL
    server = start_server(f"sqlite:///{tmp_path / 'redis.sqlite'}", tmp_path, workers=2,
                          extra_env={"SCOREKEEPER_REDIS_URL": REDIS_URL})
    try:
        match = create(server)
        pids = _watch_both_workers(server, match["view_token"], watchers, 50)
        assert len(pids) == 2, f"every stream was served by one worker: {pids}"
        start = match["state"]["revision"]
        for watcher in watchers:
            assert watcher.next().revision == start
        revisions = [record(server, match, MADE if n % 2 else BATE)["revision"] for n in range(5)]
        assert revisions == list(range(start + 1, start + 6))
        final = board(server, match)
        for watcher in watchers:
            got = [watcher.next(timeout=20) for _ in revisions]
            assert [e.revision for e in got] == revisions, watcher.served_by
            assert {e.type for e in got} == {"change"}
            assert got[-1].board["state"]["totals"] == final["state"]["totals"]
    finally:
        for watcher in watchers:
            watcher.close()
        watchers.clear()
        stop_server(server)


def test_a_last_event_id_that_is_no_revision_is_a_400_naming_it(live_server: LiveServer) -> None:
    """Over real HTTP: the header's raw bytes (Latin-1 "²", its UTF-8, letters), the query's percent-escapes."""
    match = create(live_server)
    path = f"/api/v1/boards/{match['view_token']}/events"
    parts = urlsplit(live_server.url)
    for last in (b"\xb2", "²".encode(), b"abc"):
        connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=10)
        try:
            connection.putrequest("GET", path)
            connection.putheader("Last-Event-ID", last)
            connection.endheaders()
            response = connection.getresponse()
            body = json.loads(response.read())
        finally:
            connection.close()
        assert response.status == 400, (last, body)
        assert [e["field"] for e in body["errors"]] == ["Last-Event-ID"], body
    for query in ("%C2%B2", "%D9%A3", "-1"):
        status, body = live_server.json("GET", f"{path}?last_event_id={query}")
        assert status == 400, (query, body)
        assert [e["field"] for e in body["errors"]] == ["last_event_id"], body


def test_a_hand_is_answered_quickly_while_300_watch(tmp_path: Path, watchers: list[Watcher]) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'many.sqlite'}", tmp_path)
    try:
        match = create(server)
        for _ in range(300):
            watchers.append(Watcher(server, match["view_token"]))
        for watcher in watchers:
            watcher.next()
        for hand in (MADE, BATE, THROWN_IN):
            started = time.monotonic()
            recorded = record(server, match, hand, timeout=10)
            took = time.monotonic() - started
            assert took < 2.0, f"the hand took {took:.2f} s to be answered while 300 watched"
            for watcher in watchers:
                assert watcher.next(timeout=20).revision == recorded["revision"]
    finally:
        for watcher in watchers:
            watcher.close()
        watchers.clear()
        stop_server(server)
