"""A match started with no signal is created once, even when the answer to the phone's first try was lost on its
way back: the phone, which had never started a match with a signal, never kept the cookie that answer set, so its
retry comes from a phone the server has not seen. The phone's own key (128 random bits, made on the phone and sent
only with the start) is what the retry is answered by: the same match, whose edit key the phone then keeps."""

from __future__ import annotations

import secrets

from flask.testing import FlaskClient

OUTBOX = {"X-Scorekeeper-Outbox": "1"}
FIELDS = {"variant": "bela", "first_dealer": "0", "player_0": "Petra", "player_1": "Quentin", "target": "",
          "tie": "", "claims": "", "bela_on_bate": "", "melds": "", "best_of": ""}


def test_a_retry_after_a_lost_answer_is_the_same_match_and_its_key_reaches_the_phone(client: FlaskClient) -> None:
    key = secrets.token_urlsafe(16)
    # The first try reached the server; its answer (and the cookie in it) never reached the phone.
    lost = client.application.test_client().post("/offline/create", json={"fields": FIELDS, "key": key},
                                                  headers=OUTBOX)
    assert lost.status_code == 201, lost.get_data(as_text=True)
    again = client.post("/offline/create", json={"fields": FIELDS, "key": key}, headers=OUTBOX)
    assert again.status_code == 201, again.get_data(as_text=True)
    assert again.get_json()["id"] == lost.get_json()["id"]
    # The phone holds the match's key now: its hand goes to that match.
    data = again.get_json()["data"]
    hand = {"taker": 0, "card_points": [100, 52], "last_trick": 0}
    change = {"kind": "record", "hand": hand, "revision": data["revision"], "key": secrets.token_urlsafe(16)}
    sent = client.post(data["urls"]["sync"], headers=OUTBOX, json=change)
    assert sent.status_code == 201, sent.get_data(as_text=True)
    assert "Petra" in client.get("/matches").get_data(as_text=True)


def test_another_phone_without_the_key_is_not_answered_the_match(client: FlaskClient) -> None:
    key = secrets.token_urlsafe(16)
    made = client.post("/offline/create", json={"fields": FIELDS, "key": key}, headers=OUTBOX)
    assert made.status_code == 201
    other = client.application.test_client().post(
        "/offline/create", json={"fields": FIELDS, "key": secrets.token_urlsafe(16)}, headers=OUTBOX)
    assert other.status_code == 201 and other.get_json()["id"] != made.get_json()["id"]
