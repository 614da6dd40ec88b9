"""The board's event stream through the test client: a stream whose update was never published still gets
the new state at its next keep-alive tick (it asks the database), and a ``Last-Event-ID`` / ``last_event_id``
that is no revision is a 400 naming the field, never a 500."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import live
from scorekeeper.views.api import streams
from tests.support.api import API, BELA_BIG, BELA_MADE, assert_errors, create, record

pytestmark = pytest.mark.postgresql  # streams: what a watcher is sent, as the database and the broker keep it


def open_stream(client: FlaskClient, view_token: str, query: str = "",
                headers: dict[str, str] | None = None) -> TestResponse:
    """The board's event stream, left open (read it with ``blocks``, then close it)."""
    response = client.get(f"{API}/boards/{view_token}/events{query}", headers=headers or {}, buffered=False)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "text/event-stream"
    return response


def blocks(response: TestResponse) -> Iterator[str]:
    """The stream's blocks as the server writes them (a ``retry``, a comment, or one event each)."""
    for chunk in response.response:
        yield chunk.decode() if isinstance(chunk, bytes) else chunk


def event_of(block: str) -> dict[str, str] | None:
    """The fields of an event block (``id``, ``event``, ``data``); None for a comment, a ``retry`` line or a
    heartbeat (which says only that the stream is alive)."""
    fields = dict(line.split(": ", 1) for line in block.strip().splitlines() if not line.startswith(":"))
    return fields if "data" in fields and fields.get("event") != "heartbeat" else None


@pytest.fixture
def quick(app: Flask) -> Flask:
    """The app with a keep-alive tick of a fifth of a second, on the in-process broker."""
    app.config.update(BOARD_KEEP_ALIVE_SECONDS=0.2, REDIS_URL=None)
    return app


def test_a_stream_that_missed_a_publication_gets_the_new_state_at_its_next_tick(
        quick: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    assert streams.KEEP_ALIVE_SECONDS <= 20, "an idle stream must notice a missed update within a minute"
    client = quick.test_client()
    made = create(client)
    dropped: list[live.Message] = []
    # The publication is lost on its way (another worker without Redis, a broker outage …).
    monkeypatch.setattr(live.LocalBroker, "publish", lambda self, message: dropped.append(message))

    response = open_stream(client, made.view_token)
    try:
        stream = blocks(response)
        assert next(stream) == "retry: 2000\n\n"
        first = event_of(next(stream))
        assert first is not None and (first["event"], first["id"]) == ("state", "1")
        assert next(stream) == "event: heartbeat\ndata: 1\n\n"  # idle: a keep-alive tick, nothing to send

        recorded = record(client, made, BELA_MADE)
        assert [m.revision for m in dropped] == [recorded["revision"]] == [2]
        started = time.monotonic()
        caught: dict[str, str] | None = None
        while caught is None and time.monotonic() - started < 5:
            caught = event_of(next(stream))
        assert caught is not None, "the stream never sent the state it missed"
        assert time.monotonic() - started < 2, "the stream took longer than two ticks to catch up"
        assert (caught["event"], caught["id"]) == ("state", "2")
        board = client.get(f"{API}/boards/{made.view_token}").get_json()
        assert json.loads(caught["data"]) == board
        assert board["state"]["revision"] == 2 and board["state"]["totals"] == recorded["totals"]

        # Caught up: the following ticks send keep-alives, not the same state again.
        assert [next(stream) for _ in range(3)] == ["event: heartbeat\ndata: 2\n\n"] * 3

        # A publication that does arrive is still sent at once, and only once.
        monkeypatch.undo()
        recorded = record(client, made, BELA_BIG)
        following = event_of(next(stream))
        assert following is not None and following["id"] == str(recorded["revision"]) == "3"
        assert next(stream) == "event: heartbeat\ndata: 3\n\n"
    finally:
        response.close()
    assert live.broker_for(None).watchers(made.id) == 0


def test_a_quiet_stream_sends_a_heartbeat_the_page_can_hear(app: Flask) -> None:
    """A match nobody scores for a while: the stream still says something every heartbeat (an event, since
    EventSource shows a page no comment), without an id, so a reconnecting page resumes from the last revision;
    an update in between goes out before a heartbeat that fell due meanwhile and puts the next one off, and a
    retried hand (the same Idempotency-Key) is no second update. static/js/live.js calls the stream lost after
    two."""
    app.config.update(BOARD_KEEP_ALIVE_SECONDS=60, BOARD_HEARTBEAT_SECONDS=0.3, REDIS_URL=None)
    assert streams.HEARTBEAT_SECONDS <= 10, "a page must hear of a lost signal within seconds, not a minute"
    client = app.test_client()
    made = create(client)
    response = open_stream(client, made.view_token)
    try:
        stream = blocks(response)
        assert next(stream) == "retry: 2000\n\n"
        assert (event_of(next(stream)) or {}).get("id") == "1"
        started = time.monotonic()
        beats = [next(stream) for _ in range(3)]
        assert beats == ["event: heartbeat\ndata: 1\n\n"] * 3
        assert 0.6 <= time.monotonic() - started < 3, "one heartbeat each 0.3 s, long before the 60 s tick"
        key = {"Idempotency-Key": "a-retried-hand"}
        recorded = record(client, made, BELA_MADE, headers=key)
        time.sleep(0.5)  # a heartbeat falls due while the change waits: the change goes first
        change = event_of(next(stream))
        assert change is not None and change["id"] == str(recorded["revision"]) == "2"
        # The same hand sent again (its answer lost): the first answer, and no second change on the board.
        assert record(client, made, BELA_MADE, headers=key) == recorded
        assert next(stream) == "event: heartbeat\ndata: 2\n\n"
    finally:
        response.close()
    assert len(client.get(made.url, headers=made.edit).get_json()["state"]["hands"]) == 1
    sheet = client.get(f"/board/{made.view_token}").get_data(as_text=True)
    assert 'data-heartbeat="0.3"' in sheet


def test_a_change_after_a_missed_one_reaches_the_watcher_as_the_whole_board(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change event is only worth applying on top of the revision before it: a stream that missed that one
    sends the whole board instead, at once (not at its next tick)."""
    app.config.update(BOARD_KEEP_ALIVE_SECONDS=60, REDIS_URL=None)
    client = app.test_client()
    made = create(client)
    response = open_stream(client, made.view_token)
    try:
        stream = blocks(response)
        assert next(stream) == "retry: 2000\n\n"
        assert (event_of(next(stream)) or {}).get("id") == "1"
        first = record(client, made, BELA_MADE)
        change = event_of(next(stream))
        assert change is not None and (change["event"], change["id"]) == ("change", "2")
        assert json.loads(change["data"])["state"]["totals"] == first["totals"]

        with monkeypatch.context() as lost:
            lost.setattr(live.LocalBroker, "publish", lambda self, message: None)
            record(client, made, BELA_BIG)  # revision 3, never published
        third = record(client, made, BELA_MADE)
        whole = event_of(next(stream))
        assert whole is not None and (whole["event"], whole["id"]) == ("state", "4")
        board = client.get(f"{API}/boards/{made.view_token}").get_json()
        assert json.loads(whole["data"]) == board
        assert [h["number"] for h in board["state"]["hands"]] == [1, 2, 3]
        assert board["state"]["totals"] == third["totals"]
    finally:
        response.close()


def test_streams_of_one_match_share_the_database_reads_of_their_ticks() -> None:
    """A thousand watchers of one match in a worker cost one revision read per tick, not a thousand."""
    broker = live.LocalBroker()
    box = broker.open("m")
    reads: list[int] = []
    loads: list[int] = []

    def read() -> int:
        reads.append(1)
        return 7

    def load() -> live.Message:
        loads.append(1)
        return live.Message("m", 7, "{}")

    assert [broker.latest_revision("m", read, 60) for _ in range(1000)] == [7] * 1000
    assert len(reads) == 1
    assert {broker.latest_state("m", 7, load) for _ in range(1000)} == {live.Message("m", 7, "{}")}
    assert len(loads) == 1
    assert broker.latest_revision("m", read, 0) == 7 and len(reads) == 2  # older than max_age: read again
    assert broker.latest_state("m", 8, load).revision == 7 and len(loads) == 2  # older than asked: loaded again

    # Forgotten with the match's last stream in the process; a match nobody here watches is never kept.
    broker.close("m", box)
    assert broker.latest_revision("m", read, 60) == 7 and len(reads) == 3
    assert broker.latest_revision("m", read, 60) == 7 and len(reads) == 4
    assert broker.latest_state("m", 7, load) and broker.latest_state("m", 7, load) and len(loads) == 4


def refused(response: TestResponse, field: str) -> list[dict[str, str]]:
    """The 400 naming ``field`` (a stream opened instead is closed, not read to its end ten minutes later)."""
    if response.mimetype == "text/event-stream":
        response.close()
        pytest.fail(f"the stream opened ({response.status_code}) instead of a 400 naming {field}")
    return assert_errors(response, 400, field)


NOT_REVISIONS = ["²", "٣", "abc", "-1", "1.5", "7 8", "0x10", "9" * 19]


@pytest.mark.parametrize("value", NOT_REVISIONS)
def test_a_last_event_id_header_that_is_no_revision_is_a_400_naming_it(client: FlaskClient, value: str) -> None:
    made = create(client)
    errors = refused(client.get(f"{API}/boards/{made.view_token}/events", headers={"Last-Event-ID": value}),
                     "Last-Event-ID")
    assert "revision" in errors[0]["message"]
    assert live.broker_for(client.application.config.get("REDIS_URL")).watchers(made.id) == 0


@pytest.mark.parametrize("query", ["%C2%B2", "%D9%A3", "abc", "-1", "%EF%BC%97", "9" * 19])
def test_a_last_event_id_query_that_is_no_revision_is_a_400_naming_it(client: FlaskClient, query: str) -> None:
    made = create(client)
    errors = refused(client.get(f"{API}/boards/{made.view_token}/events?last_event_id={query}"), "last_event_id")
    assert "revision" in errors[0]["message"]


@pytest.mark.parametrize(("query", "headers", "first"), [
    ("", {}, "1"),
    ("?last_event_id=", {}, "1"),
    ("?last_event_id=0", {"Last-Event-ID": ""}, "1"),
    ("?last_event_id=0", {"Last-Event-ID": " 1 "}, None),
    ("?last_event_id=1", {}, None),
])
def test_a_revision_or_nothing_still_opens_the_stream(quick: Flask, query: str, headers: dict[str, str],
                                                      first: Any) -> None:
    client = quick.test_client()
    made = create(client)
    response = open_stream(client, made.view_token, query, headers)
    try:
        stream = blocks(response)
        assert next(stream) == "retry: 2000\n\n"
        event = event_of(next(stream))
        assert (event and event["id"]) == first
    finally:
        response.close()
