"""The hand form read on the phone (``offline.hand_fields``, in the worker without WTForms) is the hand
form read on the server (WTForms, then the same ``hand_from_values``): the same fields and choices for every
game, and for any posted text the same problems beside the same fields, or the same hand input."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, SelectField, StringField

from scorekeeper import create_app
from scorekeeper.forms import hand_form, hand_from_form, show_problems
from scorekeeper.i18n import said
from scorekeeper.offline.hand_fields import hand_fields, read_fields
from scorekeeper.offline.hand_input import hand_from_values
from scorekeeper.rules import PRESETS, make_rules
from tests.support.api import TABLE
from tests.support.examples import examples

KINDS = {IntegerField: "whole", BooleanField: "toggle", RadioField: "choice", SelectField: "list",
         HiddenField: "hidden", StringField: "text"}
MODES = [(preset, claim) for preset in PRESETS for claim in (False, True)]


@pytest.fixture(scope="module")
def web() -> Iterator[Flask]:
    yield create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "fields",
                      "WTF_CSRF_ENABLED": False})


def _names(preset: str) -> list[str]:
    rules = make_rules(preset)
    players = TABLE[rules.players]
    return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"] if rules.players == 4 else players


def _kind(field: Any) -> str:
    return next(kind for cls, kind in KINDS.items() if isinstance(field, cls))


@pytest.mark.parametrize(("preset", "claim"), MODES)
def test_the_phone_knows_the_fields_and_choices_of_the_server_s_form(web: Flask, preset: str, claim: bool) -> None:
    rules = make_rules(preset)
    with web.test_request_context("/"):
        form = hand_form(rules, _names(preset), claim=claim)
        server = [(name, _kind(field), tuple(choice.value for choice in getattr(field, "choices", None) or ()))
                  for name, field in form._fields.items()]
    phone = [(field.name, field.kind, field.choices) for field in hand_fields(rules, claim)]
    assert phone == server


TEXTS = st.sampled_from(["", " ", "0", "1", "2", "3", "7", "-5", " 12 ", "1.5", "sixty", "152", "yes", "no",
                         "hearts", "all-trumps", "no-trumps", "20 50", "20, 50+100", "twenty", "false", "y",
                         "5" * 61])


def _posted(preset: str, claim: bool) -> st.SearchStrategy[dict[str, str]]:
    names = [field.name for field in hand_fields(make_rules(preset), claim) if field.kind != "hidden"]
    return st.dictionaries(st.sampled_from(names), TEXTS, max_size=len(names))


def _server(web: Flask, preset: str, claim: bool, posted: dict[str, str]) -> tuple[str, Any]:
    rules = make_rules(preset)
    with web.test_request_context("/", method="POST", data=posted, headers={"Accept-Language": "hr"}):
        form = hand_form(rules, _names(preset), request.form, claim=claim)
        if not form.validate():
            return "errors", show_problems(form)
        try:
            hand, problems = hand_from_form(form, rules, claim)
        except ValueError:
            return "refused", None
        return "hand", (hand, [(p.field, said(p.message)) for p in problems])


def _phone(web: Flask, preset: str, claim: bool, posted: dict[str, str]) -> tuple[str, Any]:
    rules = make_rules(preset)
    with web.test_request_context("/", headers={"Accept-Language": "hr"}):
        data, errors = read_fields(rules, posted, claim)
        if errors:
            return "errors", {name: [said(message) for message in messages] for name, messages in errors.items()}
        try:
            hand, problems = hand_from_values(data.get, rules, claim)
        except ValueError:
            return "refused", None
        return "hand", (hand, [(p.field, said(p.message)) for p in problems])


@pytest.mark.parametrize(("preset", "claim"), [("bela", False), ("belote", False), ("darda", False),
                                               ("clobby", True), ("bela", True), ("klaberjass", False)])
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_posted_fields_read_on_the_phone_as_on_the_server(web: Flask, preset: str, claim: bool,
                                                              data: st.DataObject) -> None:
    posted = data.draw(_posted(preset, claim))
    assert _phone(web, preset, claim, posted) == _server(web, preset, claim, posted)
