"""The phone's engine: what ``static/js/engine-worker.js`` calls in Pyodide, each answer the JSON the
server gives for the same question, its sentences said in the phone's language.

- ``replay(match, hands, language)``: the match's state, as the API's ``state`` (without its ``revision``,
  which is the server's count of changes, not the engine's); for the phone's sheet (``match`` with ``"sheet":
  true``) with ``words`` too: what the sheet says beside the figures (``sheet_words.sheet``: each side's need, the
  game line, who deals next, each hand's result words), as the server's sheet says them;
- ``preview(match, hands, fields, mode, language)``: what ``POST /m/<id>/preview`` answers for the hand form's
  fields (``mode`` ``"claim"`` for the claim form);
- ``score(match, hands, hand, language)``: an API hand input scored as the next hand, ``{"ok": true, …}`` with
  every field of the engine's result, or ``{"ok": false, "errors": [{"field", "message"}]}`` as the API says them;
- ``hand_input(match, fields, mode, language)``: the hand the form would save, ``{"hand": …}``, or the form's
  ``{"errors": {field: [messages]}}`` as the hand page shows them (the engine's own check is ``preview``'s);
- ``start_match(fields, language)``: a match started with no signal from the start form's fields (its create
  body, its sides' names), or the form's errors;
- ``sheet_page(match, hands, language, page)``: the sheet's changing part, drawn from the server's template;
- ``outbox_question(match, hands, behind, conflict, language)``: the outbox's question after another phone
  changed the match, drawn from the server's two-phones question (``scorer/_conflict.html``).

``match`` is the API's match (only ``variant``, ``rules``, ``players`` or ``sides``, and ``first_dealer`` are
read; ``rules`` may be the stored options or the API's whole ``rules`` object); ``hands`` the API's hands in
number order (``number``, ``input``, ``voided``; ``disputed``, ``dispute`` and ``confirmed_by`` are kept in the
entries), or a state (``totals``, ``pot``, ``dealer``, ``game``, ``deals``, ``finished``) to score from.

The language's words come from the app's compiled catalog (``load_catalog``: Python's own ``gettext`` over the
``.mo`` file the server reads too). Numbers are written as the server writes them in an explanation: every number
the engine puts in a sentence is a whole number, which ``i18n.number`` writes in plain digits in every language
(``str``), so the phone writes them with ``str`` too.
"""

from __future__ import annotations

import gettext
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..rules import OPTION_NAMES, PRESETS, HandRecord, Position, RuleError, Rules, make_rules, score_hand
from ..rules import replay as replay_hands
from ..rules.words import Said, Translate, placing, say
from . import sheet_words
from .charts import catalog_words, running_score_svg
from .drawing import ENDPOINTS, OUTBOX_QUESTION, SHEET, TEMPLATES, Drawing
from .hand_fields import HAND_GROUPS, hand_fields, read_fields
from .hand_input import form_data_from_hand, hand_from_values, in_table_words
from .problems import add_problems
from .sheet_page import sheet_parts
from .sheet_words import said_all, score_words, sides_of
from .start_fields import match_options, read_start
from .state import hand_entry, said_entry, side_names

Say = Callable[[str], str]

_TRANSLATIONS: dict[str, Translate] = {}
_CATALOGS: dict[str, gettext.NullTranslations] = {}
_POSITIONS: OrderedDict[str, Position] = OrderedDict()
_POSITIONS_KEPT = 8


def load_catalog(language: str, path: str) -> None:
    """Speak ``language`` with the compiled catalog (``messages.mo``) at ``path``."""
    with open(path, "rb") as catalog:
        _CATALOGS[language] = gettext.GNUTranslations(catalog)
    _TRANSLATIONS[language] = _CATALOGS[language].gettext


def speaker(language: str) -> Say:
    """What says the engine's words in ``language``: English (the engine's own words) when no catalog of it was
    loaded, as the server speaks a language whose catalog is missing."""
    translate = _TRANSLATIONS.get(language)
    if translate is None:
        return lambda text: say(text)
    return lambda text: say(text, translate, str, placing(language))


def rules_of(match: Mapping[str, Any]) -> Rules:
    """The match's rules from its variant and its options (unknown keys, like the API's ``title``, are skipped)."""
    stored = match.get("rules") or {}
    return make_rules(match["variant"], {name: stored[name] for name in OPTION_NAMES if name in stored})


def names_of(rules: Rules, match: Mapping[str, Any]) -> list[str] | None:
    """The sides' names: the API's ``sides``, else made from the ``players`` in seat order; None: the engine's."""
    sides = match.get("sides")
    if sides:
        return [str(side["name"]) for side in sides]
    players = match.get("players")
    return side_names(rules, players) if players else None


def _records(hands: Sequence[Mapping[str, Any]]) -> list[HandRecord]:
    return [HandRecord(hand["input"], bool(hand.get("voided")), hand.get("number")) for hand in hands]


def _position(rules: Rules, names: list[str] | None, match: Mapping[str, Any],
              hands: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> Position:
    """The position the next hand is scored from: the state given, or the hands replayed (the last few replays
    are kept, so a preview on every keystroke replays the match once)."""
    if isinstance(hands, Mapping):
        state = hands
        finished = bool(state.get("finished"))
        position = Position(tuple(state["totals"]), int(state.get("pot", 0)), int(state.get("dealer", 0)),
                            int(state.get("game", 1)), int(state.get("deals", 0)),
                            tuple(int(n) for n in state.get("baits", ())))
    else:
        key = json.dumps([match.get("variant"), match.get("rules"), names, match.get("first_dealer", 0), hands],
                         sort_keys=True)
        known = _POSITIONS.get(key)
        if known is None:
            replayed = replay_hands(rules, _records(hands), int(match.get("first_dealer", 0)), names)
            known = replayed.position if not replayed.finished else None
            if known is not None:
                _POSITIONS[key] = known
                if len(_POSITIONS) > _POSITIONS_KEPT:
                    _POSITIONS.popitem(last=False)
        finished = known is None
        position = known if known is not None else Position.start(rules, 0)
    if finished:
        # As the server's services.next_position says it.
        raise RuleError("match", Said("the match is finished: start a new one"))
    return position


def replay(match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]], language: str = "en") -> dict[str, Any]:
    """The match's state after ``hands``, as the API's ``state`` (less ``revision``); a hand the rules refuse
    gives the API's ``{"errors": [{"field", "message"}]}``."""
    rules = rules_of(match)
    spoken = speaker(language)
    try:
        state = replay_hands(rules, _records(hands), int(match.get("first_dealer", 0)), names_of(rules, match))
    except RuleError as error:
        return _api_errors(error, spoken)
    entries = []
    for scored, row in zip(state.hands, hands, strict=True):
        entry = hand_entry(scored, bool(row.get("disputed")), row.get("dispute"), row.get("confirmed_by") or ())
        entries.append(said_entry(entry, spoken))
    shown = {**state.summary(), "hands": entries}
    if not match.get("sheet"):
        return shown
    # For the phone's sheet: what it says beside the figures, made by the code the server's sheet says it with.
    names = names_of(rules, match) or [str(side + 1) for side in range(rules.sides)]
    players = [str(player) for player in match.get("players") or names]
    return {**shown, "words": said_all(sheet_words.sheet(shown, rules, players, names), spoken)}


def score(match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]] | Mapping[str, Any], hand: Mapping[str, Any],
          language: str = "en") -> dict[str, Any]:
    """An API hand input scored as the next hand after ``hands`` (or from a state), not recorded."""
    rules = rules_of(match)
    names = names_of(rules, match)
    spoken = speaker(language)
    try:
        result = score_hand(rules, _position(rules, names, match, hands), hand, names)
    except RuleError as error:
        return {"ok": False, **_api_errors(error, spoken)}
    answer = {"ok": True, "result": result.result.value, "points": list(result.points), "scores": list(result.scores),
              "totals": list(result.totals), "pot": result.pot, "winner": result.winner,
              "game_winner": result.game_winner, "valat": result.valat,
              "explanation": [spoken(line) for line in result.explanation]}
    if result.multiplier is not None:
        answer["multiplier"] = result.multiplier  # Jass: points and scores are after it
    return answer


def preview(match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]] | Mapping[str, Any],
            fields: Mapping[str, str], mode: str | None = None, language: str = "en") -> dict[str, Any]:
    """What the server's ``POST /m/<id>/preview`` answers for these fields of the hand form (or the claim form,
    ``mode`` ``"claim"``): the engine's result, or the errors by form field, in the same words."""
    rules = rules_of(match)
    names = names_of(rules, match)
    claim = mode == "claim"
    spoken = speaker(language)
    data, errors = read_fields(rules, fields, claim)
    if errors:
        return {"ok": False, "errors": _said(errors, spoken)}
    hand, problems = hand_from_values(data.get, rules, claim)
    if not problems:
        try:
            result = score_hand(rules, _position(rules, names, match, hands), hand, names)
        except RuleError as error:
            problems = list(error.problems)
        else:
            return {"ok": True, "result": result.result.value, "scores": list(result.scores),
                    "totals": list(result.totals), "pot": result.pot,
                    "explanation": [spoken(line) for line in result.explanation]}
    known = {field.name for field in hand_fields(rules, claim)} | set(HAND_GROUPS)
    return {"ok": False, "errors": in_table_words(add_problems({}, problems, known, spoken), data, spoken, rules)}


def hand_input(match: Mapping[str, Any], fields: Mapping[str, str], mode: str | None = None,
               language: str = "en") -> dict[str, Any]:
    """The hand the form would save (``{"hand": …}``, the API's hand input), or the form's problems by field as
    the hand page shows them after a save (``{"errors": …}``). Whether the engine accepts the hand is
    ``preview``'s (or ``score``'s) to say."""
    rules = rules_of(match)
    claim = mode == "claim"
    spoken = speaker(language)
    data, errors = read_fields(rules, fields, claim)
    if errors:
        return {"errors": _said(errors, spoken)}
    hand, problems = hand_from_values(data.get, rules, claim)
    if problems:
        known = {field.name for field in hand_fields(rules, claim)} | {*HAND_GROUPS, "reason"}
        return {"errors": in_table_words(add_problems({}, problems, known, spoken), data, spoken, rules)}
    return {"hand": hand}


def form_fields(match: Mapping[str, Any], hand: Mapping[str, Any]) -> dict[str, Any]:
    """The hand form's fields filled from a stored hand input (to change the hand with no signal): what the
    server's form is prefilled with (a checkbox's value is true or false, a choice's its text)."""
    return {"fields": form_data_from_hand(hand, rules_of(match))}


def start_match(fields: Mapping[str, str], language: str = "en") -> dict[str, Any]:
    """A match started on the phone with no signal, from the start form's posted fields: ``{"match": …}`` (what
    the phone scores it with: its game, house rules, players and first dealer; the server reads the same fields
    again when the signal returns), its sides' ``names`` and the game's
    ``title``; or the form's ``{"errors": {field: [messages]}}``."""
    spoken = speaker(language)
    body, problems = read_start(fields)
    if body is None:
        return {"errors": _said(problems, spoken)}
    match = {"variant": body["variant"], "rules": match_options(body), "players": body["players"],
             "first_dealer": body["first_dealer"]}
    rules = rules_of(match)
    return {"match": match, "names": side_names(rules, body["players"]), "title": spoken(rules.title)}


def _templates() -> str:
    """Where the templates are: beside the package, in the packed engine (``/engine/templates``) as in a checkout;
    inside it in an installed wheel (``scorekeeper/_data/templates``)."""
    package = Path(__file__).resolve().parents[1]
    inside = package / "_data" / "templates"
    return str(inside if inside.is_dir() else package.parent / "templates")


_DRAWINGS: list[Drawing] = []


def drawing() -> Drawing:
    """The tab's one environment of the templates, made on first use (or before the engine's memory snapshot)."""
    if not _DRAWINGS:
        _DRAWINGS.append(Drawing(_templates()))
    return _DRAWINGS[0]


def warm() -> None:
    """Every template the phone draws compiled now, and a sheet with a hand just saved drawn once: before the
    engine's memory snapshot, so a start from it draws the sheet at once, and the first Save with no signal costs
    what every later one does (what a first drawing does once: Jinja's first calls of each macro, the regular
    expressions compiled on first use)."""
    for name in TEMPLATES:
        drawing().environment.get_template(name)
    warm_sheet()


def warm_sheet() -> dict[str, Any]:
    """A sheet drawn as it is right after a Save with no signal (a hand just saved, not sent yet), of a match of
    the first two-handed game: what ``warm`` draws once (nothing, in a registry without one: the engine starts all
    the same)."""
    found = next(((name, rules) for name, rules in PRESETS.items()
                  if rules.players == 2 and not rules.contract_required), None)
    if found is None:
        return {}
    game, rules = found
    match = {"variant": game, "players": ["A", "B"], "first_dealer": 0}
    hand = {"input": {"taker": 0, "card_points": [rules.deck(None) - 52, 52], "last_trick": 0}, "number": 1}
    return sheet_page(match, [hand], "en", {"id": "warm", "revision": 2, "args": {"saved": "1"}, "unsent": [1],
                                            "urls": {endpoint: "/" for endpoint in ENDPOINTS}})


def _was(rules: Rules, match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]],
         known: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Each voided hand as it was before it was voided: as the server said (``known``, from its list of changes),
    or, for a hand voided on this phone, the hand scored again where it stands with the void taken back."""
    was: dict[int, dict[str, Any]] = {}
    for index, row in enumerate(hands):
        if not row.get("voided"):
            continue
        number = int(row.get("number") or index + 1)
        given = known.get(str(number))
        if isinstance(given, Mapping):
            was[number] = dict(given)
            continue
        try:
            again = replay_hands(rules, _records([*hands[:index], {**row, "voided": False}]),
                                 int(match.get("first_dealer", 0)), names_of(rules, match))
        except RuleError:
            continue
        was[number] = hand_entry(again.hands[-1])
    return was


def sheet_page(match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]], language: str = "en",
               page: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The sheet's changing part as the server draws it (``scorer/_sheet_live.html``), drawn here from the hands
    the phone has: ``{"html", "totals", "finished", "hands"}``, or the API's errors. ``page`` is what the server's
    page has beside the hands: the match's ``id`` and ``revision``, the page's query ``args`` (``saved``: what
    was just done), ``was`` (voided hands as they were, by number), ``unsent`` (the hands this phone changed that
    the server has not had) and ``urls`` (``Addresses``' patterns)."""
    page = page or {}
    rules = rules_of(match)
    players = names_of(rules, match)
    try:
        replayed = replay_hands(rules, _records(hands), int(match.get("first_dealer", 0)), players)
    except RuleError as error:
        return _api_errors(error, speaker(language))
    entries = [hand_entry(scored, bool(row.get("disputed")), row.get("dispute"), row.get("confirmed_by") or ())
               for scored, row in zip(replayed.hands, hands, strict=True)]
    revision = int(page.get("revision") or 0)
    state = {**replayed.summary(), "hands": entries, "revision": revision}
    names = players or [str(side + 1) for side in range(rules.sides)]
    sides = sides_of(names)
    args = {str(name): str(value) for name, value in (page.get("args") or {}).items()}
    translations = _CATALOGS.get(language) or gettext.NullTranslations()
    context = {
        "match": {"id": str(page.get("id") or ""), "revision": revision, "variant": match.get("variant"),
                  "players": [str(p) for p in match.get("players") or names], "club_id": None},
        "rules": rules, "state": state, "names": names, "sides": sides,
        "forms": {"idempotency_key": "", "revision": revision},
        "was": _was(rules, match, hands, page.get("was") or {}),
        "request": {"args": args}, "unsent": {int(n) for n in page.get("unsent") or ()}, "offline": True,
        "chart": running_score_svg(state, names, rules.target, catalog_words(translations)),
        **sheet_parts(state, sides, args),
    }
    html = drawing().render(SHEET, context, translations, page.get("urls") or {}, language)
    return {"html": html, "totals": state["totals"], "finished": state["finished"], "hands": len(entries)}


def outbox_question(match: Mapping[str, Any], hands: Sequence[Mapping[str, Any]], behind: Sequence[Mapping[str, Any]],
                    conflict: Mapping[str, Any] | None, language: str = "en") -> dict[str, Any]:
    """The question the outbox asks the table when the server refused one of this phone's changes because another
    phone changed the match first (``scorer/_conflict.html``'s ``outbox_question``, the server's own question):
    ``{"html"}``. ``hands``: the match as this phone has it (the server's hands, this phone's changes on top, its
    new hands numbered as they would be if kept); ``behind``: the changes the question is for, in order (``kind``;
    ``number``: the hand it changes, or the number a recorded hand has in ``hands``); ``conflict``: what the
    server said (``changes``, each with its ``words`` and, for a hand recorded, its ``hand``). The waiting hands
    are scored as the sheet scores them, replayed after the other phone's; a match the rules refuse as it stands
    is asked about without their scores."""
    rules = rules_of(match)
    names = names_of(rules, match) or [str(side + 1) for side in range(rules.sides)]
    sides = sides_of(names)
    rows = {int(row["number"]): row for row in hands if row.get("number") is not None}
    scores: dict[int, str] = {}
    try:
        replayed = replay_hands(rules, _records(hands), int(match.get("first_dealer", 0)), names)
    except RuleError:
        replayed = None
    for scored in replayed.hands if replayed is not None else ():
        if scored.outcome is not None:
            scores[scored.number] = score_words(list(scored.outcome.scores), sides)
    waiting = []
    for change in behind:
        kind, number = str(change.get("kind") or ""), int(change.get("number") or 0)
        given = (rows.get(number) or {}).get("input")
        hand: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
        waiting.append({"kind": kind, "number": number, "thrown_in": bool(hand.get("thrown_in")),
                        "scores": scores.get(number, "") if kind == "record" else "", "input": hand})
    changes = [c for c in (conflict or {}).get("changes") or () if isinstance(c, Mapping)]
    theirs = [(c.get("hand") or {}).get("input") for c in changes if c.get("event") == "record"]
    asked = {"lines": [str(c["words"]) for c in changes if c.get("words")], "behind": waiting,
             "same": any(w["kind"] == "record" and w["input"] and w["input"] in theirs for w in waiting)}
    translations = _CATALOGS.get(language) or gettext.NullTranslations()
    return {"html": drawing().render(OUTBOX_QUESTION, {"asked": asked}, translations, {}, language)}


def _said(errors: Mapping[str, list[Said]], spoken: Say) -> dict[str, list[str]]:
    return {name: [spoken(message) for message in messages] for name, messages in errors.items()}


def _api_errors(error: RuleError, spoken: Say) -> dict[str, Any]:
    return {"errors": [{"field": p.field, "message": spoken(p.message)} for p in error.problems]}


ENTRIES: dict[str, Callable[..., dict[str, Any]]] = {
    "replay": replay, "preview": preview, "score": score, "handInput": hand_input, "formFields": form_fields,
    "startMatch": start_match, "sheetPage": sheet_page, "outboxQuestion": outbox_question,
}
"""The worker's messages, by the name engine.js calls them."""


def call(name: str, arguments: str) -> str:
    """Answer one of the worker's messages: ``arguments`` a JSON array, the answer JSON text."""
    return json.dumps(ENTRIES[name](*json.loads(arguments)), ensure_ascii=False, separators=(",", ":"))
