"""Export and import: a match written out as a digested JSON document (and a CSV sheet), and rebuilt from the
document as a new match whose replayed state must equal the exported one; a changed document imports nothing."""

from __future__ import annotations

import copy
import csv
import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    API,
    BELA_BATE,
    BELA_BIG,
    BELA_IMPOSSIBLE,
    BELA_MADE,
    BELA_SIDE1_MADE,
    BELA_TIE,
    Made,
    all_stored_text,
    assert_errors,
    bearer,
    create,
    create_key,
    record,
    row_counts,
)

pytestmark = pytest.mark.postgresql  # exports and imports: every stored column read back, a refused import rolled back


def _confirm_token(app: Flask, made: Made, side: int) -> str:
    from scorekeeper.services import confirm_token

    with app.app_context():
        return confirm_token(made.id, side)


def _played(app: Flask, client: FlaskClient) -> Made:
    """A match with a made hand, a bate, a tie that fills the pot, the hand that takes it, an edited hand,
    a voided hand, a disputed hand, a resolved dispute and a confirmation."""
    made = create(client, players=["Mike", "Yvonne"], rules={"target": 1001})
    record(client, made, BELA_MADE)  # 1
    record(client, made, BELA_BATE)  # 2
    record(client, made, BELA_TIE)  # 3: 71 held in the pot
    record(client, made, BELA_SIDE1_MADE)  # 4
    record(client, made, BELA_BIG)  # 5, edited below
    record(client, made, BELA_MADE)  # 6, voided below
    record(client, made, {"taker": 1, "card_points": [70, 62], "last_trick": 0})  # 7, disputed below
    edited = client.put(f"{made.url}/hands/5", json={"taker": 0, "card_points": [72, 70], "last_trick": 1},
                        headers=made.edit)
    assert edited.status_code == 200, edited.get_data(as_text=True)
    assert client.delete(f"{made.url}/hands/6", headers=made.edit).status_code == 200
    assert client.post(f"{made.url}/hands/7/dispute", json={"note": "the 20 was never shown"},
                       headers=made.edit).status_code == 200
    assert client.post(f"{made.url}/hands/2/dispute", json={"note": "count again"},
                       headers=made.edit).status_code == 200
    assert client.post(f"{made.url}/hands/2/resolve", json={"note": "counted twice", "resolution": "stands"},
                       headers=made.edit).status_code == 200
    confirmed = client.post(f"{made.url}/hands/1/confirm", json={"side": 1},
                            headers=bearer(_confirm_token(app, made, 1)))
    assert confirmed.status_code == 200, confirmed.get_data(as_text=True)
    return made


def _export(client: FlaskClient, made: Made, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"{made.url}/export", headers=bearer(token or made.view_token))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    document: dict[str, Any] = response.get_json()
    return document


def _import(client: FlaskClient, document: Any) -> Any:
    return client.post(f"{API}/imports", json=document)


def _redigest(document: dict[str, Any]) -> dict[str, Any]:
    from scorekeeper.services import document_digest

    document["digest"] = document_digest(document)
    return document


def test_round_trip_rebuilds_the_same_match(app: Flask, client: FlaskClient) -> None:
    made = _played(app, client)
    original = client.get(made.url, headers=made.edit).get_json()
    results = {h["number"]: h["result"] for h in original["state"]["hands"]}
    assert {"made", "bate", "tie"} <= set(results.values()) and results[6] is None  # voided: not scored
    assert any(h["pot"] for h in original["state"]["hands"])

    document = _export(client, made)
    assert document["format"] == "scorekeeper-match" and document["version"] == 1
    assert set(document) == {"format", "version", "match", "hands", "events", "state", "digest"}
    assert document["match"]["rules"] == original["rules"] and document["match"]["players"] == ["Mike", "Yvonne"]
    assert [h["number"] for h in document["hands"]] == [1, 2, 3, 4, 5, 6, 7]
    assert document["hands"][5]["voided"] is True
    assert document["hands"][6]["disputed"] is True and document["hands"][6]["dispute_note"] == "the 20 was never shown"
    assert document["hands"][0]["confirmed_by"] == [1]
    assert document["state"]["totals"] == original["state"]["totals"]
    assert "revision" not in document["state"] and "hands" not in document["state"]
    assert len(document["digest"]) == 64
    assert _export(client, made, made.edit_token) == document  # either token, the same document
    text = client.get(f"{made.url}/export", headers=made.view).get_data(as_text=True)
    assert made.edit_token not in text and made.view_token not in text

    response = _import(client, document)
    assert response.status_code == 201, response.get_data(as_text=True)
    copy_ = Made(response.get_json())
    assert copy_.id != made.id and copy_.edit_token != made.edit_token and copy_.view_token != made.view_token
    assert copy_.body["links"]["scorer"] == f"/m/{copy_.id}#{copy_.edit_token}"
    assert made.edit_token not in all_stored_text(app)  # only hashes are stored, the copy's too
    assert copy_.edit_token not in all_stored_text(app)

    rebuilt = client.get(copy_.url, headers=copy_.view).get_json()
    assert client.get(copy_.url, headers=made.edit).status_code == 401  # the old token opens nothing here
    state, old = dict(rebuilt["state"]), dict(original["state"])
    assert state.pop("revision") == old.pop("revision") + 1  # the import is one more change
    assert state == old  # totals, games, pot, dealer, every hand's result, scores, explanation, dispute…
    assert rebuilt["rules"] == original["rules"] and rebuilt["sides"] == original["sides"]
    assert rebuilt["created_at"] == original["created_at"]

    events = client.get(f"{copy_.url}/events", headers=copy_.view).get_json()["events"]
    before = client.get(f"{made.url}/events", headers=made.view).get_json()["events"]
    assert events[:-1] == before
    assert events[-1]["kind"] == "import" and events[-1]["revision"] == rebuilt["state"]["revision"]
    assert events[-1]["data"]["digest"] == document["digest"]

    # The copy lives on: the next hand scores from the replayed state, and its export is the same match.
    record(client, copy_, BELA_MADE)
    again = _export(client, copy_)
    assert again["hands"][:7] == document["hands"]


def test_csv_has_a_header_and_a_row_per_hand(app: Flask, client: FlaskClient) -> None:
    made = _played(app, client)
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    response = client.get(f"{made.url}/export.csv", headers=made.view)
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    header, body = rows[0], rows[1:]
    assert header[:7] == ["hand", "game", "voided", "result", "taker", "bid", "contract"]
    for label in ("card points", "hand points", "score", "total"):
        assert f"{label} (Mike)" in header and f"{label} (Yvonne)" in header
    assert header[-2:] == ["pot", "explanation"]
    assert len(body) == len(state["hands"]) == 7
    column = {name: i for i, name in enumerate(header)}
    for row, hand in zip(body, state["hands"], strict=True):
        assert row[column["hand"]] == str(hand["number"])
        if hand["voided"]:
            assert row[column["voided"]] == "yes" and row[column["total (Mike)"]] == ""
            continue
        assert row[column["result"]] == hand["result"]
        assert [row[column["total (Mike)"]], row[column["total (Yvonne)"]]] == [str(t) for t in hand["totals"]]
        assert [row[column["score (Mike)"]], row[column["score (Yvonne)"]]] == [str(s) for s in hand["scores"]]
        assert row[column["explanation"]] == " ".join(hand["explanation"])
    assert body[-1][column["total (Mike)"]] == str(state["totals"][0])
    assert made.edit_token not in response.get_data(as_text=True)


def test_csv_keeps_a_formula_looking_name_as_text(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=["=SUM(A1)", "Yvonne"])
    record(client, made, BELA_MADE)
    rows = list(csv.reader(io.StringIO(client.get(f"{made.url}/export.csv", headers=made.view).get_data(
        as_text=True))))
    assert "total (=SUM(A1))" in rows[0] and rows[1][4] == "'=SUM(A1)"


def test_export_needs_a_token(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    assert_errors(client.get(f"{made.url}/export"), 401, "Authorization")
    assert_errors(client.get(f"{made.url}/export.csv", headers=bearer("nope")), 401, "Authorization")
    assert_errors(client.get(f"{API}/matches/nothing/export", headers=made.view), 404, "id")


def _tampered(document: dict[str, Any], how: str) -> tuple[Any, int, str]:
    """A changed copy of ``document``: (the body, the status expected, the field named)."""
    changed = copy.deepcopy(document)
    if how == "card points":
        changed["hands"][0]["input"]["card_points"] = [66, 59]
        return changed, 422, "digest"
    if how == "card points and digest":
        changed["hands"][0]["input"]["card_points"] = [66, 59]
        return _redigest(changed), 422, "state"
    if how == "no hands":
        del changed["hands"]
        return _redigest(changed), 422, "hands"
    if how == "bad variant":
        changed["match"]["variant"] = "poker"
        return _redigest(changed), 422, "match.variant"
    if how == "bad rule":
        changed["match"]["rules"]["tie"] = "coin-toss"
        return _redigest(changed), 422, "match.rules.tie"
    if how == "hand the rules refuse":
        changed["hands"][1]["input"] = dict(BELA_IMPOSSIBLE)
        return _redigest(changed), 422, "hands.2.card_points"
    if how == "duplicate hand":
        changed["hands"][1]["number"] = 1
        return _redigest(changed), 422, "hands.1.number"
    if how == "wrong format":
        changed["format"] = "something-else"
        return changed, 422, "format"
    if how == "wrong version":
        changed["version"] = 2
        return changed, 422, "version"
    if how == "no digest":
        del changed["digest"]
        return changed, 422, "digest"
    if how == "bad event":
        changed["events"][0]["kind"] = "x" * 40
        return _redigest(changed), 422, "events.0.kind"
    if how == "bad dispute":
        changed["hands"][0]["disputed"] = "yes"
        return _redigest(changed), 422, "hands.1.disputed"
    if how == "NUL in a note":
        changed["hands"][0].update(disputed=True, dispute_note="bad\x00note")
        return _redigest(changed), 422, "hands.1.dispute_note"
    if how == "not an object":
        return [changed], 400, "body"
    raise AssertionError(how)


TAMPERINGS = ["card points", "card points and digest", "no hands", "bad variant", "bad rule",
              "hand the rules refuse", "duplicate hand", "wrong format", "wrong version", "no digest", "bad event",
              "bad dispute", "NUL in a note", "not an object"]


@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_changed_export_imports_nothing(app: Flask, client: FlaskClient, how: str) -> None:
    made = create(client, players=["Mike", "Yvonne"])
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    document = _export(client, made)
    body, status, field = _tampered(document, how)
    counts = row_counts(app)
    errors = assert_errors(_import(client, body), status, field)
    if how == "card points":
        assert errors == [{"field": "digest", "message": "the document was changed after export"}]
    assert row_counts(app) == counts


def test_import_of_a_finished_match_with_a_hand_after_the_winner_is_refused(app: Flask, client: FlaskClient) -> None:
    made = create(client, "klaberjass", rules={"target": 100}, best_of=1)
    assert record(client, made, {"taker": 0, "card_points": [100, 42], "last_trick": 0})["state"]["finished"]
    document = _export(client, made)
    assert document["state"]["finished"] is True and document["state"]["winner"] == 0
    assert _import(client, document).status_code == 201
    after = len(document["hands"]) + 1
    document["hands"].append({"number": after, "input": BELA_MADE, "voided": False, "disputed": False,
                              "dispute_note": None, "confirmed_by": []})
    counts = row_counts(app)
    assert_errors(_import(client, _redigest(document)), 422, f"hands.{after}")
    assert row_counts(app) == counts


def test_import_is_idempotent_with_a_key(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    document = _export(client, made)
    first = client.post(f"{API}/imports", json=document, headers={"Idempotency-Key": create_key("imp-1")})
    again = client.post(f"{API}/imports", json=document, headers={"Idempotency-Key": create_key("imp-1")})
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["edit_token"] == again.get_json()["edit_token"]
    assert row_counts(app)["matches"] == 2


def _keyed(client: FlaskClient, made: Made) -> None:
    assert client.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302


def test_the_sheet_links_to_its_downloads(app: Flask, client: FlaskClient) -> None:
    made = create(client, players=["Mike", "Yvonne"])
    record(client, made, BELA_MADE)
    assert client.get(f"/m/{made.id}/export.json").status_code == 403  # no key on this phone yet
    assert client.get(f"/m/{made.id}/export.csv").status_code == 403
    _keyed(client, made)
    page = client.get(f"/m/{made.id}").get_data(as_text=True)
    assert f'href="/m/{made.id}/export.json"' in page and f'href="/m/{made.id}/export.csv"' in page
    assert "Download this match (JSON)" in page and "(CSV for spreadsheets)" in page
    download = client.get(f"/m/{made.id}/export.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]
    assert download.get_json() == _export(client, made)
    sheet = client.get(f"/m/{made.id}/export.csv")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    assert len(list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))) == 2
    assert made.edit_token not in download.get_data(as_text=True) + sheet.get_data(as_text=True)


def test_csv_gives_every_input_and_result_its_own_column(client: FlaskClient) -> None:
    """A four-handed row names the side whose card points the engine worked out (the rest of the deck),
    and a double, the last trick, melds, bela, a claim and a revoke call each have their own column."""
    made = create(client, "belote", ["Ann", "Bob", "Cat", "Dan"])
    doubled = {"contract": "hearts", "taker": 0, "double": 1, "card_points": [100, None], "last_trick": 0,
               "melds": [[20], []], "bela": [1, 0]}
    record(client, made, doubled)
    record(client, made, {"contract": "spades", "taker": 1, "card_points": [40, 112], "last_trick": 1,
                          "revoke": {"accuser": 0, "accused": 1, "upheld": True}})
    rows = list(csv.reader(io.StringIO(client.get(f"{made.url}/export.csv", headers=made.view).get_data(
        as_text=True))))
    header, first, second = rows[0], rows[1], rows[2]
    cell = {name: i for i, name in enumerate(header)}
    sides = ["Ann & Cat", "Bob & Dan"]
    assert [first[cell[f"card points ({side})"]] for side in sides] == ["100", "52"]
    assert first[cell["double"]] == "double" and first[cell["last trick"]] == "Ann & Cat"
    assert [first[cell[f"melds ({side})"]] for side in sides] == ["20", ""]
    assert [first[cell[f"bela ({side})"]] for side in sides] == ["1", ""]
    assert first[cell["thrown in"]] == "no" and first[cell["revoke called by"]] == ""
    assert (second[cell["revoke called by"]], second[cell["revoke called on"]], second[cell["revoke upheld"]]) == (
        "Ann & Cat", "Bob & Dan", "yes")
    assert all(len(row) == len(header) for row in rows)
