"""A hand write sent with the revision its page showed, after another phone
changed the match, is refused (412) and told what the match did since, each change with its hand as it is
now, so the phone can show the table both hands side by side and ask; nothing is written by the refusal, and
the same write sent again at the new revision is recorded once (keep both)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    BELA_BATE,
    BELA_BIG,
    BELA_MADE,
    Made,
    assert_errors,
    assert_unchanged,
    create,
    record,
    snapshot,
)

pytestmark = pytest.mark.postgresql  # two phones at once: revisions compared and refused in the database

THEIRS = {"taker": 1, "card_points": [40, 112], "last_trick": 1}
"""The other phone's hand 4: Yvonne takes, 122 against 40."""


def _write(client: FlaskClient, made: Made, method: str, path: str, body: Any = None,
           headers: dict[str, str] | None = None) -> Any:
    return client.open(f"{made.url}{path}", method=method, json=body, headers={**made.edit, **(headers or {})})


def _three_hands(client: FlaskClient) -> Made:
    made = create(client)
    for hand in (BELA_MADE, BELA_BATE, BELA_BIG):
        record(client, made, hand)
    return made  # revision 4


def _stale(app: Flask, client: FlaskClient, made: Made, method: str, path: str, body: Any,
           revision: int) -> dict[str, Any]:
    """Send the write at ``revision`` (stale); check 412 naming If-Match, nothing written; the answer."""
    before = snapshot(app, client, made)
    response = _write(client, made, method, path, body, {"If-Match": f'"{revision}"'})
    assert_errors(response, 412, "If-Match")
    assert_unchanged(app, client, made, before)
    answer = response.get_json()
    assert answer["revision"] == before["match"]["state"]["revision"]
    return dict(answer)


def _hand_now(client: FlaskClient, made: Made, number: int) -> dict[str, Any]:
    hands = client.get(made.url, headers=made.edit).get_json()["state"]["hands"]
    return dict(next(h for h in hands if h["number"] == number))


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/hands", BELA_MADE),                                   # record
    ("POST", "/hands", {"taker": 0, "claim": {"side": 0, "points": 40}}),  # a claim is a record
    ("POST", "/hands", {"thrown_in": True}),                        # so is a thrown-in hand
    ("PUT", "/hands/2", BELA_BIG),                                   # edit
    ("DELETE", "/hands/2", None),                                    # void
    ("POST", "/hands/2/dispute", {"note": "we counted 62"}),         # dispute
], ids=["record", "claim", "thrown-in", "edit", "void", "dispute"])
def test_a_stale_write_is_told_the_hand_another_phone_recorded(app: Flask, client: FlaskClient, method: str,
                                                               path: str, body: Any) -> None:
    made = _three_hands(client)
    theirs = record(client, made, THEIRS, headers={"If-Match": '"4"'})  # the other phone's hand 4: revision 5
    answer = _stale(app, client, made, method, path, body, 4)
    assert answer["revision"] == 5
    assert answer["changes"] == [{"event": "record", "revision": 5, "number": 4, "hand": _hand_now(client, made, 4)}]
    hand = answer["changes"][0]["hand"]
    assert hand["input"] == THEIRS and hand["scores"] == theirs["scores"] == [40, 122]
    assert hand["explanation"] == theirs["explanation"] and hand["voided"] is False


def test_each_kind_of_change_is_named_oldest_first_with_the_hand_as_it_is_now(app: Flask, client: FlaskClient) -> None:
    made = _three_hands(client)
    headers = made.edit
    assert client.put(f"{made.url}/hands/1", json=BELA_BIG, headers=headers).status_code == 200         # 5 edit
    assert client.delete(f"{made.url}/hands/2", headers=headers).status_code == 200                     # 6 void
    assert client.post(f"{made.url}/hands/2/restore", headers=headers).status_code == 200               # 7 restore
    record(client, made, THEIRS)                                                                         # 8 record
    from scorekeeper import services
    with app.test_request_context():
        services.undo_hand(made.id, 4, made.edit_token, 8)                                               # 9 undo
    answer = _stale(app, client, made, "POST", "/hands", BELA_MADE, 4)
    assert answer["revision"] == 9
    assert [(c["event"], c["revision"], c["number"]) for c in answer["changes"]] == [
        ("edit", 5, 1), ("void", 6, 2), ("restore", 7, 2), ("record", 8, 4), ("undo", 9, 4)]
    by_number = {c["number"]: c["hand"] for c in answer["changes"]}
    assert by_number[1]["input"] == BELA_BIG and by_number[1] == _hand_now(client, made, 1)
    assert by_number[2]["voided"] is False  # restored since: the hand as it is now
    assert by_number[4]["voided"] is True and by_number[4]["scores"] is None
    # A void (and an undo) also says what the hand scored before it: what the other phone's sheet showed.
    void, undo = answer["changes"][1], answer["changes"][4]
    assert void["was"]["scores"] == [0, 121] and undo["was"]["scores"] == [40, 122]
    # Only what came after the page's revision.
    later = _stale(app, client, made, "POST", "/hands", BELA_MADE, 8)
    assert [(c["event"], c["number"]) for c in later["changes"]] == [("undo", 4)]


def test_keep_both_the_same_hand_at_the_new_revision_becomes_the_next_hand_once(app: Flask,
                                                                                 client: FlaskClient) -> None:
    made = _three_hands(client)
    record(client, made, THEIRS, headers={"If-Match": '"4"'})
    key = {"Idempotency-Key": "mikes-phone-hand-4"}  # a hand write's key may be short: it belongs to the match
    refused = _write(client, made, "POST", "/hands", BELA_MADE, {**key, "If-Match": '"4"'})
    assert refused.status_code == 412
    kept = _write(client, made, "POST", "/hands", BELA_MADE, {**key, "If-Match": f'"{refused.get_json()["revision"]}"'})
    assert kept.status_code == 201 and kept.get_json()["number"] == 5
    again = _write(client, made, "POST", "/hands", BELA_MADE, {**key, "If-Match": '"5"'})  # a retry of it
    assert again.status_code == 201 and again.get_data() == kept.get_data()
    hands = client.get(made.url, headers=made.edit).get_json()["state"]["hands"]
    assert [h["input"] for h in hands[3:]] == [THEIRS, BELA_MADE]


def test_an_undo_from_a_stale_sheet_names_the_hand_recorded_since_and_undoes_nothing(app: Flask) -> None:
    from scorekeeper import services

    client = app.test_client()
    made = _three_hands(client)
    record(client, made, THEIRS)  # hand 4, revision 5, from the other phone
    before = snapshot(app, client, made)
    with app.test_request_context():
        with pytest.raises(services.Stale) as caught:
            services.undo_hand(made.id, 3, made.edit_token, 4, "undo-from-a-stale-sheet")
        services.db.session.rollback()
    assert_unchanged(app, client, made, before)
    error = caught.value
    assert error.status == 412 and error.revision == 5
    assert [(c["event"], c["number"]) for c in error.changes] == [("record", 4)]
    hand = error.changes[0]["hand"]
    assert hand["scores"] == [40, 122]
    # The explanation lines stay the engine's sentences, to be said in the page's language.
    assert all(hasattr(line, "say") for line in hand["explanation"])


def test_a_stale_answer_speaks_the_asker_s_language(app: Flask, client: FlaskClient) -> None:
    made = _three_hands(client)
    english = record(client, made, THEIRS)["explanation"]
    response = _write(client, made, "POST", "/hands", BELA_MADE, {"If-Match": '"4"', "Accept-Language": "hr"})
    said = response.get_json()["changes"][0]["hand"]["explanation"]
    assert len(said) == len(english) and said != english
    assert response.get_json()["changes"][0]["hand"]["input"] == THEIRS  # codes never change


def test_a_revision_from_the_future_or_too_large_is_stale_with_no_changes(app: Flask, client: FlaskClient) -> None:
    made = _three_hands(client)
    for revision in ("9", "99999999999999999999"):
        response = _write(client, made, "POST", "/hands", BELA_MADE, {"If-Match": f'"{revision}"'})
        assert_errors(response, 412, "If-Match")
        assert response.get_json()["revision"] == 4 and response.get_json()["changes"] == []
