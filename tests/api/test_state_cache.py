"""The stored state is only a cache of replaying the stored hands: recording a hand extends it from the
cached state (one hand scored), and it must always equal a full replay of the stored inputs."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.rules import HandRecord, make_rules, replay

pytestmark = pytest.mark.postgresql  # the cached state: JSON text stored and read back

NAMES = ["Mike", "Yvonne"]


def a_hand(rng: random.Random) -> dict[str, Any]:
    """A legal two-handed Bela hand: made, bate, tie, melds, bela, a thrown-in now and then."""
    if rng.random() < 0.1:
        return {"thrown_in": True}
    first = rng.choice([0, *range(2, 120)])
    second = rng.choice([0, *range(2, 152 - first - 1)]) if 152 - first > 3 else 0
    hand: dict[str, Any] = {"taker": rng.randrange(2), "card_points": [first, second],
                            "last_trick": 0 if first else 1}
    if rng.random() < 0.3:
        hand["melds"] = [[rng.choice([20, 50])], []] if first else [[], [20]]
    if rng.random() < 0.2:
        hand["bela"] = [1, 0]
    return hand


def replayed(app: Flask, match_id: str) -> dict[str, Any]:
    """What a full replay of the stored inputs gives, as API.md shows it."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        records = [HandRecord(h.input, h.voided, h.number) for h in match.hands]
        state = replay(make_rules("bela", {"target": 100000}), records, match.first_dealer, NAMES)
        replayed = {"revision": match.revision, **state.as_dict()}
        for entry, row in zip(replayed["hands"], match.hands, strict=True):
            entry.update(disputed=row.disputed, dispute=row.dispute_note if row.disputed else None,
                         confirmed_by=sorted(row.confirmed_by or []))
        return replayed


def test_recorded_hands_keep_the_cache_equal_to_a_full_replay(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/v1/matches", json={"variant": "bela", "players": NAMES, "rules": {"target": 100000}})
    match_id, token = made.json["id"], made.json["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    rng = random.Random(7)
    for _ in range(40):
        answer = client.post(f"/api/v1/matches/{match_id}/hands", json=a_hand(rng), headers=auth)
        assert answer.status_code == 201, answer.json
    state = client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"]
    assert state == replayed(app, match_id)
    assert len(state["hands"]) == 40

    # An edit and a void replay everything; recording afterwards extends the cache again.
    assert client.put(f"/api/v1/matches/{match_id}/hands/3", json={"thrown_in": True}, headers=auth).status_code == 200
    assert client.delete(f"/api/v1/matches/{match_id}/hands/5", headers=auth).status_code == 200
    for _ in range(5):
        assert client.post(f"/api/v1/matches/{match_id}/hands", json=a_hand(rng), headers=auth).status_code == 201
    state = client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"]
    assert state == replayed(app, match_id)
    assert state["hands"][2]["result"] == "thrown-in" and state["hands"][4]["voided"] is True


def test_an_empty_cache_is_rebuilt_by_replaying(app: Flask, client: FlaskClient) -> None:
    """After an upgrade the cache is empty: reads replay, and the next write stores the cache again."""
    made = client.post("/api/v1/matches", json={"variant": "bela", "players": NAMES, "rules": {"target": 100000}})
    match_id, auth = made.json["id"], {"Authorization": f"Bearer {made.json['edit_token']}"}
    rng = random.Random(3)
    for _ in range(5):
        client.post(f"/api/v1/matches/{match_id}/hands", json=a_hand(rng), headers=auth)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.state_summary = match.state_revision = None
        for row in match.hands:
            row.state_entry = None
        db.session.commit()
    assert client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"] == replayed(app, match_id)
    assert client.post(f"/api/v1/matches/{match_id}/hands", json=a_hand(rng), headers=auth).status_code == 201
    assert client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"] == replayed(app, match_id)


def test_a_cache_made_by_another_engine_is_replayed_not_served(app: Flask, client: FlaskClient) -> None:
    """A corrected rule (Belote: tens before the multiplier) changes the totals of stored hands: a cache made by
    an older engine must never be served, and the next hand recorded must not extend it."""
    made = client.post("/api/v1/matches", json={"variant": "belote", "players": ["Ana", "Ivo", "Dan", "Fay"]})
    match_id, auth = made.json["id"], {"Authorization": f"Bearer {made.json['edit_token']}"}
    redoubled = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [90, None], "last_trick": 0}
    assert client.post(f"/api/v1/matches/{match_id}/hands", json=redoubled, headers=auth).json["scores"] == [64, 0]
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None and match.state_summary is not None
        # What the engine before version 2 cached: 648 / 10 = 65.
        match.state_summary = {**match.state_summary, "totals": [65, 0]}
        match.state_engine = (match.state_engine or 0) - 1
        db.session.commit()
    assert client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"]["totals"] == [64, 0]
    plain = {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}
    answer = client.post(f"/api/v1/matches/{match_id}/hands", json=plain, headers=auth)
    assert answer.status_code == 201
    assert answer.json["totals"] == [73, 7]
    assert client.get(f"/api/v1/matches/{match_id}", headers=auth).json["state"]["totals"] == [73, 7]
