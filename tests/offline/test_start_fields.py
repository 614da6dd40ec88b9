"""A match started with no signal is read on the phone (``offline.start_fields``, in the worker without
WTForms) as the server reads the same start form (WTForms, then the same ``start_body``, then the create's
checks): for any posted text, the phone starts the match the server will create, or refuses what the server
would refuse."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper import create_app
from scorekeeper.forms import NewMatchForm
from scorekeeper.offline import worker
from scorekeeper.offline.house_rules import encode_rules
from scorekeeper.offline.start_fields import GAME_ENUMS, GAME_FIELDS, GAME_NUMBERS, read_start
from scorekeeper.rules import PRESETS, RuleError
from scorekeeper.services import Invalid
from scorekeeper.services.matches import read_create
from tests.support.examples import examples

NAMES = ["Ana", "Marko", "Ivo", "Yvonne", "ana", "", "  ", "Mike " * 9]


@pytest.fixture(scope="module")
def web() -> Iterator[Flask]:
    yield create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "start",
                      "WTF_CSRF_ENABLED": False})


def _server(web: Flask, fields: dict[str, str]) -> dict[str, Any] | None:
    """What the server makes of the start form's fields: the create body it would store, or None if refused."""
    with web.test_request_context("/", method="POST", data=fields):
        form = NewMatchForm(formdata=MultiDict(fields), meta={"csrf": False})
        form.club.choices = [("", "")]
        if not form.validate():
            return None
        body = form.request_body()
    try:
        read_create(body)
    except (Invalid, RuleError):
        return None
    return body


def _offered(name: str) -> list[str]:
    """The values the server's start form offers for the house-rule list ``name`` ("" is "as the game says"): the
    phone must read every one of them as the server does."""
    return [choice.value for choice in getattr(NewMatchForm, name).kwargs["choices"]]


# A browser always posts a list's choice (the selects), and may leave out the rest; a forged post sends others.
fields_strategy = st.fixed_dictionaries({
    "variant": st.sampled_from([*PRESETS, "", "poker"]),
    "first_dealer": st.sampled_from(["0", "1", "2", "3", "4", "x"]),
    **{f"player_{i}": st.sampled_from(NAMES) for i in range(4)},
    "tie": st.sampled_from([*_offered("tie"), "nonsense"]),
    "claims": st.sampled_from([*_offered("claims"), "always"]),
    "bela_on_bate": st.sampled_from([*_offered("bela_on_bate"), "x"]),
    "melds": st.sampled_from([*_offered("melds"), "none"]),
    "best_of": st.sampled_from([*_offered("best_of"), "7"]),
}, optional={
    **{name: st.sampled_from([*_offered(name), "sideways"]) for name in GAME_ENUMS},
    **{name: st.sampled_from(["", "300", "255", "0", "lots"]) for name in GAME_NUMBERS},
    "target": st.sampled_from(["", "1001", "501", "0", "abc", "100001", " 701 "]),
    "deal_limit": st.sampled_from(["", "12", "-3", "x"]),
    "extra_rules": st.sampled_from(["", encode_rules({"target": 301}), encode_rules({"pot": "yes"}), "%%%"]),
    "rules_for": st.sampled_from(["", "bela", "belote"]),
})


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=fields_strategy)
def test_the_phone_starts_the_match_the_server_will_create(web: Flask, fields: dict[str, str]) -> None:
    server = _server(web, fields)
    body, problems = read_start(fields)
    if server is None:
        assert body is None and problems, fields
        return
    assert problems == {} and body == server, fields


@pytest.mark.parametrize("name", ["tie", "claims", "bela_on_bate", "melds", "best_of"])
def test_the_phone_takes_every_choice_the_start_form_offers(web: Flask, name: str) -> None:
    """Each house-rule choice the start page offers starts the same match on the phone as on the server (with no
    signal, the race claim was refused as "none of the choices shown")."""
    for value in _offered(name):
        lists = {other: "" for other in ("tie", "claims", "bela_on_bate", "melds", "best_of")}  # as a browser posts
        fields = {"variant": "bela", "first_dealer": "0", "player_0": "Ana", "player_1": "Marko", **lists, name: value}
        server = _server(web, fields)
        body, problems = read_start(fields)
        assert server is not None and problems == {} and body == server, (name, value, problems)


BID_WORDS = {name: [*_offered(name), "sideways"] for name in GAME_ENUMS} | {
    name: ["", "300", " 500 ", "255", "2000", "-10", "lots"] for name in GAME_NUMBERS}
"""Each option of one kind of game (Belote contrée's bids, Baloot's doubles) as the start form may post it: every
value the form offers, and some it never would."""


@pytest.mark.parametrize("variant", ["coinche", "baloot", "bela", "belote"])
@pytest.mark.parametrize("name", list(GAME_FIELDS))
def test_the_phone_reads_a_kind_of_games_options_as_the_server(web: Flask, name: str, variant: str) -> None:
    """Every option of one kind of game posted with the start form gives the same create body on the phone as on
    the server (set for a game that has it, left aside for another), or both refuse it."""
    players = {f"player_{i}": n for i, n in enumerate(["Ana", "Marko", "Ivo", "Yvonne"][:PRESETS[variant].players])}
    lists = {other: "" for other in ("tie", "claims", "bela_on_bate", "melds", "best_of", *GAME_ENUMS)}
    for value in BID_WORDS[name]:
        fields = {"variant": variant, "first_dealer": "0", **players, **lists, name: value}
        server = _server(web, fields)
        body, problems = read_start(fields)
        assert (body, bool(problems)) == (server, server is None), (name, value, problems)
        if body is not None and value.strip() and PRESETS[variant].has_option(name):
            shown = int(value) if name in GAME_NUMBERS else value
            assert body["rules"] == {name.replace("_", "-"): shown}
        elif body is not None:
            assert body["rules"] == {}, (name, value)


def test_the_worker_says_what_it_started_and_what_is_wrong_in_the_table_s_words() -> None:
    started = worker.start_match({"variant": "belote", "first_dealer": "1", "target": "1001", "player_0": "Ana",
                                  "player_1": "Mike", "player_2": "Ivo", "player_3": "Yvonne"})
    assert started["match"] == {"variant": "belote", "rules": {"target": 1001},
                                "players": ["Ana", "Mike", "Ivo", "Yvonne"], "first_dealer": 1}
    assert started["names"] == ["Ana & Ivo", "Mike & Yvonne"]
    # The phone scores it as the server will: the engine's replay of no hand yet, at the house rules' target.
    assert worker.replay(started["match"], [])["totals"] == [0, 0]
    refused = worker.start_match({"variant": "bela", "first_dealer": "0", "player_0": "Ana", "target": "lots"})
    assert refused == {"errors": {"target": ["write a whole number"]}}
    short = worker.start_match({"variant": "bela", "first_dealer": "0", "player_0": "Ana"}, "hr")
    assert list(short["errors"]) == ["players"] and "Ana" not in short["errors"]["players"][0]
