"""The phone's offline sheet says what the live sheet says above and beside the hands: what each side still needs,
the game and games won, who deals next, how the match ended, each row's result words ("Mike is bate", valat, the
pot), the head of each game and the line that ends it. Both come from scorekeeper/offline/sheet_words.py: the
server's templates call it, and the phone's worker answers it in its replay, said with the catalog the phone gets
(the engine's cut of the language's, views/engine.py). Checked for every game, in English and in Croatian: the
live sheet as the server renders it, read as a person reads it, against the worker's answer for the same match."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.offline import worker
from scorekeeper.rules import PRESETS, Rules
from scorekeeper.rules.variants import Revoke
from tests.offline.conftest import PHONE_LANGUAGES
from tests.support.app import SharedApps
from tests.support.pages import Element, parse_page

API = "/api/v1"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _hands(rules: Rules) -> list[dict[str, Any]]:
    """A made hand (doubled where the game doubles), a bate one, a tie, an upheld revoke, a thrown-in hand where
    the game has them, and every trick to one side."""
    contract = rules.contracts[0].value
    deck = rules.deck(rules.contracts[0])
    sides = rules.sides

    def points(taker: int) -> list[int]:
        rest = deck - taker
        others = [rest // (sides - 1)] * (sides - 1)
        others[0] += rest - sum(others)
        return [taker, *others]

    tie = [(deck - 10) // 2, deck - (deck - 10) // 2] if sides == 2 else [60, 70, deck - 130]
    made: dict[str, Any] = {"contract": contract, "taker": 0, "card_points": points(deck * 2 // 3), "last_trick": 0}
    if rules.doubles:
        made["double"] = 1
    hands: list[dict[str, Any]] = [
        made,
        {"contract": contract, "taker": 1 % sides, "card_points": list(reversed(points(deck // (sides + 2)))),
         "last_trick": 0},
        {"contract": contract, "taker": 0, "card_points": tie, "last_trick": 0},
        {"contract": contract, "taker": 0, "card_points": points(deck * 2 // 3), "last_trick": 0,
         "revoke": {"accused": 1, "accuser": 0, "upheld": True}},
        *([{"thrown_in": True}] if rules.throw_in else []),
        {"contract": contract, "taker": 1, "card_points": [deck, *([0] * (sides - 1))], "last_trick": 1},
    ]
    # A game that scores no revoke challenges (Belote contrée, Baloot) records none; a game with bids bids 80.
    if rules.revoke is Revoke.NONE:
        hands = [hand for hand in hands if "revoke" not in hand]
    if rules.bids:
        hands = [{**hand, "bid": 80} if "card_points" in hand else hand for hand in hands]
    return hands


class Match:
    """A match of one game played through the API to the end of its first game at least, one hand voided,
    opened on this phone."""

    def __init__(self, app: Flask, client: FlaskClient, variant: str) -> None:
        self.rules = PRESETS[variant]
        answer = client.post(f"{API}/matches", json={"variant": variant, "players": PLAYERS[:self.rules.players]})
        assert answer.status_code == 201, answer.get_data(as_text=True)
        body = answer.get_json()
        self.id, token = body["id"], body["edit_token"]
        auth = {"Authorization": f"Bearer {token}"}
        hands = _hands(self.rules)
        for hand in hands:
            recorded = client.post(f"{API}/matches/{self.id}/hands", json=hand, headers=auth)
            assert recorded.status_code == 201, recorded.get_data(as_text=True)
            if client.get(f"{API}/matches/{self.id}", headers=auth).get_json()["state"]["finished"]:
                break  # a game played to a low target can be over already
        assert client.delete(f"{API}/matches/{self.id}/hands/2", headers=auth).status_code == 200
        # Made hands until a game ends (a new game's head, the game's end line), or the match does.
        for _ in range(40):
            state = client.get(f"{API}/matches/{self.id}", headers=auth).get_json()["state"]
            if state["finished"] or state["game"] > 1 or not state["needs"]:
                break
            recorded = client.post(f"{API}/matches/{self.id}/hands", json=hands[0], headers=auth)
            assert recorded.status_code == 201, recorded.get_data(as_text=True)
        assert client.get(f"/m/{self.id}/join?key={token}").status_code == 302


def said(node: Element | None) -> str:
    """An element's words as a person reads them: its text, the spaces run together."""
    return re.sub(r"\s+", " ", node.text()).strip() if node is not None else ""


def _class(root: Element, name: str) -> list[Element]:
    return [node for node in root.walk() if name in node.classes()]


def live_sheet(client: FlaskClient, match_id: str, language: str) -> dict[str, Any]:
    """What the server's sheet says beside the figures."""
    answer = client.get(f"/m/{match_id}?lang={language}", follow_redirects=True)
    assert answer.status_code == 200
    root = parse_page(answer.get_data(as_text=True))
    board = _class(root, "scoreboard")[0]
    line = _class(board, "line")[0]
    deal = _class(board, "deal")
    over = _class(board, "result-line")
    rows: dict[int, str] = {}
    voided: list[int] = []
    for node in root.walk():
        if node.tag == "details" and "hand" in node.classes() and node.attrs.get("id", "").startswith("hand-"):
            result = _class(node, "result")[0]
            number = int(node.attrs["id"].removeprefix("hand-"))
            if "voided" in node.classes():
                # A voided row: its flag, and what it had scored (from the server's audit log, which the phone
                # does not keep: its row says the hand no longer counts).
                voided.append(number)
                continue
            rows[number] = re.sub(r"\s+", " ", "".join(_own_text(result))).strip()
    return {
        "needs": [said(node) for node in _class(board, "need")],
        # The pot's words come first on the line when there is a pot; the game's after them.
        "game": said(line),
        "next": said(deal[0]) if deal else "",
        "over": said(next(n for n in over[0].walk() if n.tag == "strong")) if over else "",
        "rows": rows, "voided": voided,
        "heads": [said(node) for node in _class(root, "game-head")],
        "ends": [re.sub(r"\s+", " ", "".join(_own_text(node))).strip() for node in _class(root, "game-end")],
    }


def _own_text(node: Element) -> Iterator[str]:
    """The text of ``node`` without the flags beside a row's result (disputed, confirmed, just saved) and a game
    end's strokes."""
    for part in node.parts:
        if isinstance(part, str):
            yield part
        elif not ({"flag", "game-strokes", "visually-hidden"} & part.classes()):
            yield from _own_text(part)


def phone_sheet(client: FlaskClient, match_id: str, language: str) -> dict[str, Any]:
    """What the phone's offline sheet is given to say, from the match as the phone keeps it."""
    data = client.get(f"/m/{match_id}/data.json").get_json()
    match = {"variant": data["variant"], "rules": data["rules"], "players": data["players"],
             "first_dealer": data["first_dealer"], "sheet": True}
    state = worker.replay(match, data["hands"], language)
    words = state["words"]
    pot = state["pot"]
    voided = [hand["number"] for hand in state["hands"] if hand["voided"]]
    return {
        "needs": words["needs"],
        "game": words["game"], "next": re.sub(r"<[^>]+>", "", words["next"]), "over": words["over"],
        "rows": {row["number"]: row["result"] for row in words["rows"] if row["number"] not in voided},
        "voided": {row["number"]: row["result"] for row in words["rows"] if row["number"] in voided},
        "heads": [row["head"] for row in words["rows"] if row["head"]],
        "ends": [row["end"] for row in words["rows"] if row["end"]],
        "pot": pot,
    }


@pytest.mark.parametrize("language", PHONE_LANGUAGES)
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_phones_sheet_says_what_the_live_sheet_says(shared: SharedApps, backend: str, catalogs: None,
                                                        variant: str, language: str) -> None:
    match = shared.kept(backend, variant, lambda app, phone: Match(app, phone, variant))
    _, client = shared.app(backend)
    live = live_sheet(client, match.id, language)
    phone = phone_sheet(client, match.id, language)
    # The match has what the words are about: games won or games to play, who deals, a voided hand, results.
    assert len(live["rows"]) >= 4 and live["needs"] and (live["next"] or live["over"])
    assert live["needs"] == phone["needs"]
    assert live["game"].endswith(phone["game"]), (live["game"], phone["game"])
    assert live["next"] == phone["next"]
    assert live["over"] == phone["over"]
    assert live["rows"] == phone["rows"]
    assert live["voided"] == list(phone["voided"]) == [2]
    english = phone_sheet(client, match.id, "en")["voided"][2]
    assert english == "voided: no longer scored" and (language == "en") == (phone["voided"][2] == english)
    assert live["heads"] == phone["heads"] and live["heads"]
    assert live["ends"] == phone["ends"]
    if language != "en":
        # Said in the page's language, not in English beside it.
        spoken = phone_sheet(client, match.id, "en")
        assert spoken["rows"] != phone["rows"] and (spoken["needs"] != phone["needs"] or not any(phone["needs"]))


def test_the_replay_answers_the_apis_state_unless_the_sheet_asks_for_its_words() -> None:
    match = {"variant": "bela", "rules": {}, "players": ["Mike", "Yvonne"], "first_dealer": 0}
    hands = [{"number": 1, "input": {"taker": 0, "card_points": [100, 52], "last_trick": 0}, "voided": False}]
    assert "words" not in worker.replay(match, hands)
    words = worker.replay({**match, "sheet": True}, hands)["words"]
    assert words["needs"] == ["needs 391", "needs 449"]
    # The winner of the hand deals the next.
    assert words["next"] == "Next: <strong>Mike</strong> deals, <strong>Yvonne</strong> leads."
    assert words["rows"] == [{"number": 1, "result": "Mike made it", "scores": "Mike +110, Yvonne +52",
                              "head": "Game 1", "end": ""}]
    # A name is data: written as text in the one line the phone puts in as HTML.
    named = worker.replay({**match, "players": ["<b>Ana</b>", "Ivo & Co"], "sheet": True}, hands)["words"]
    assert "&lt;b&gt;Ana&lt;/b&gt;" in named["next"] and "Ivo &amp; Co" in named["next"] and "<b>" not in named["next"]
