"""The hand form's pages: record the next hand, edit one in place, claim in the middle of a hand; and the live
preview, the hand on the form scored by the engine and not saved. Every problem is shown beside its field
(``forms.show_problems``), in the table's words, and the first one gets the focus."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm

from ... import services
from ...forms import (
    CONTRACT_WORDS,
    HAND_GROUPS,
    SUIT_SIGNS,
    bela_toggle,
    claim_takes_melds,
    counted_with_last_trick,
    form_data_from_hand,
    hand_form,
    hand_from_form,
    in_table_words,
    show_problems,
    swiss_pad,
)
from ...i18n import number, said
from ...models import Match
from ...rules import Problem, Rank, RuleError, Rules, Suit, score_hand
from ...rules.explain import claim_pot
from ...services import ServiceError, Stale
from .. import phone, stale
from . import bp, page_context

REVOKE_ARGS = ("revoke-accuser", "revoke-accused", "revoke-upheld")
"""Query arguments that prefill the hand form's revoke challenge (from the legal-play checker)."""
DROPPED = {
    # glossary: hand
    # Translators: after "Drop mine" on a stale hand form: the other phone's hand stays, this one is gone.
    "record": _l("Yours was dropped: nothing was saved. The sheet shows the other phone's hand."),
    # glossary: hand
    # Translators: after "Drop mine" on a stale change of a hand.
    "edit": _l("Your change to hand %(number)s was dropped: nothing was saved."),
}
"""What the sheet says after the table chose "Drop mine" on a stale hand form."""
FOCUS_GROUPS = {"card_points": "card_points-0", "melds": "melds-0", "bela": "bela-0", "took_trick": "took_trick-0",
                "revoke": "revoke-accuser", "claim": "claim-side", "valat": "valat-0", "claim-stoeck": "claim-stoeck-0",
                "claim-weis": "claim-weis-0", "claim-tricks": "claim-tricks-0"}
"""The input that a problem of a whole group of fields sends the scorer to."""
DECK_WORDS = {
    # glossary: trumps (no trumps)
    # Translators: the card points of the deck in a no-trumps hand, in the hand form's hint: "no-trumps 120".
    "no-trumps": _l("no-trumps %(points)s"),
    # glossary: trumps (all trumps)
    # Translators: the card points of the deck in an all-trumps hand, in the hand form's hint: "all-trumps 248".
    "all-trumps": _l("all-trumps %(points)s"),
}


RANK_LETTERS = {
    # Translators: the jack's letter on the card counter's buttons ("J♥"), as your tables' cards show it.
    "J": _l("J"),
    # Translators: the queen's letter on the card counter's buttons ("Q♥"), as your tables' cards show it.
    "Q": _l("Q"),
    # Translators: the king's letter on the card counter's buttons ("K♥"), as your tables' cards show it.
    "K": _l("K"),
    # Translators: the ace's letter on the card counter's buttons ("A♥"), as your tables' cards show it.
    "A": _l("A"),
}
"""The card counter's rank letters that are words (the numbers are written as they are)."""


def counter_words() -> dict[str, Any]:
    """The card counter's words for its script, in the request's language: each suit's and rank's name, and
    "(n cards)" for every count a side can have (the language's plural rules are the server's)."""
    return {"suit_words": {suit: str(word) for suit, word in CONTRACT_WORDS.items() if suit in SUIT_SIGNS},
            "rank_words": {rank: str(letter) for rank, letter in RANK_LETTERS.items()},
            # Translators: how many cards the card counter has given a side, "(3 cards)".
            "card_count_words": [ngettext("(%(num)s card)", "(%(num)s cards)", n) for n in range(33)]}


def card_facts(rules: Rules) -> dict[str, Any]:
    """The game's card facts for the hand form's script, rendered as a JSON block (data, never run): each
    rank's card points in trumps and plain, and the deck's card points per contract ("" for a hand whose
    trumps are not noted). The script knows no card value of its own."""
    values = rules.cards
    return {
        "top_trump": values.top_trump.value,
        "trump": {rank.value: points for rank, points in values.trump_points.items()},
        "plain": {rank.value: points for rank, points in values.plain_points.items()},
        "decks": {"": rules.deck(None), **{c.value: rules.deck(c) for c in rules.contracts}},
        # A Swiss pad's figures are counted with the last trick (157 in Jass); elsewhere the cards alone.
        "counted_last_trick": rules.last_trick if counted_with_last_trick(rules) else 0,
        "bela": {"points": rules.bela_points, "word": said(rules.bela_word)},
        # The card counter's cards and which suits each contract makes trumps: the engine's, never the script's.
        "suits": [suit.value for suit in Suit],
        "ranks": [rank.value for rank in Rank],
        "signs": dict(SUIT_SIGNS),
        "red": [suit.value for suit in Suit if suit.red],
        "trumps": {"": [], **{c.value: [suit.value for suit in Suit if c.is_trump(suit)] for c in rules.contracts}},
    }


def deck_totals(rules: Rules, extra: int = 0) -> list[str]:
    """The deck's card points as the hand form's hint says them: ``152``, ``no-trumps 120``, ``all-trumps 248``
    (in the request's language); with ``extra`` (the last trick, on a pad that counts it in) added to each."""
    suits = [c for c in rules.contracts if c.is_suit]
    totals = [number(rules.deck(suits[0]) + extra)] if suits else []
    # A contract whose cards hold what the suits' do (Jass's Obenabe and Undenufe: 152) needs no word of its own.
    own = [c for c in rules.contracts if not c.is_suit and not (suits and rules.deck(c) == rules.deck(suits[0]))]
    return totals + [str(DECK_WORDS[c.value] % {"points": number(rules.deck(c) + extra)}) if c.value in DECK_WORDS
                     else f"{said(c.word)} {number(rules.deck(c) + extra)}" for c in own]


def _save_hand(match: Match, token: str, form: FlaskForm, rules: Rules, number: int | None,
               claim: bool = False) -> Any:
    """Save the form's hand; on a problem, the errors keyed by form field."""
    hand, problems = hand_from_form(form, rules, claim=claim)
    groups = (*HAND_GROUPS, "reason")
    if problems:
        return in_table_words(show_problems(form, problems, groups=groups), form)
    revision = form.revision.data
    if_match = int(revision) if revision and str(revision).isdigit() else None
    key = form.idempotency_key.data or None

    def write(at: int | None) -> services.Answer:
        if number is None:
            return services.record_hand(match.id, token, hand, at, key)
        return services.edit_hand(match.id, number, token, hand, at, key, request.form.get("reason") or None)

    try:
        answer = stale.write_at(write, if_match)
    except ServiceError as error:
        return in_table_words(show_problems(form, error, groups=groups), form)
    if isinstance(answer, Stale):
        # Another phone changed the match since this form opened: nothing was saved. The table is shown what
        # it did beside this hand (as the engine would score it now) and chooses; "keep both" sends this form
        # again at the new revision (the same key: nothing was kept for it), "drop mine" goes back to the sheet.
        now = services.find_match(match.id)
        form.revision.data = answer.revision
        mine = services.would_score(now, hand, number)
        return {"_conflict": stale.question(answer, services.sides_of(now, rules), mine, number)}
    # The engine's own sentences (a replayed retry's stored answer holds their English text only).
    lines = " ".join(said(line) for line in (answer.explanation or answer.body["explanation"])[-2:])
    if number is None:
        # glossary: hand
        # Translators: after a hand is saved; %(lines)s is what the engine said of its score.
        flash(_("Recorded hand %(number)s: %(lines)s", number=answer.body["number"], lines=lines), "saved")
    else:
        # glossary: hand
        # Translators: after a hand is changed; %(lines)s is what the engine said of its score.
        flash(_("Changed hand %(number)s: %(lines)s", number=answer.body["number"], lines=lines), "saved")
    done = "saved" if number is None else "changed"  # the sheet opens at its top and says what was saved
    return redirect(url_for("scorer.sheet", match_id=match.id, **{done: answer.body["number"]}))


def _focus_order(form: FlaskForm, sides: int) -> list[str]:
    """The hand form's inputs in the order the page shows them (hand.html and claim.html)."""
    card_points = [f"card_points-{i}" for i in range(sides)]
    later = [f"{name}-{i}" for name in ("melds", "bela", "valat", "took_trick") for i in range(sides)]
    thanks = [f"claim-{kind}-{i}" for kind in form.rules.claim_order.kinds for i in range(sides)]
    # A Swiss pad asks the trumps first, then who chose them (hand.html).
    chosen = ["contract", "taker"] if swiss_pad(form.rules) else ["taker", "bid", "contract"]
    order = ["claim-side", "claim-points", "claim-trick", *chosen, "double", *card_points, "last_trick",
             *later, *thanks, "revoke-accuser", "revoke-accused", "revoke-upheld"]
    return [name for name in order if name in form._fields] + ["reason"]


def _first_error(form: FlaskForm, errors: dict[str, list[str]], sides: int) -> str | None:
    """The input a refused save puts the focus on: the first one, in page order, with a problem."""
    wrong = {FOCUS_GROUPS.get(name, name) for name in errors}
    return next((name for name in _focus_order(form, sides) if name in wrong), None)


def _hand_page(match_id: str, number: int | None, claim: bool = False) -> Any:
    match, token = phone.scored_match(match_id)
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    stored = None
    if number is not None:
        stored = next((h for h in match.hands if h.number == number), None)
        if stored is None:
            abort(404)
    data = form_data_from_hand(stored.input, rules) if stored is not None else {}
    data["revision"] = match.revision
    if request.method == "GET" and stored is None:
        # A revoke challenge sent from the referee's legal-play checker, to be checked and saved here.
        data.update({k: v for k in REVOKE_ARGS if (v := request.args.get(k))})
    form = hand_form(rules, names, request.form if request.method == "POST" else None, data, claim=claim)
    errors: dict[str, list[str]] = {}
    conflict = None
    counted: list[str] = []
    if request.method == "POST":
        if form.validate_on_submit():
            if claim and request.form.get("choice") == "count":
                # "Count, don't save": the claim added up and judged by the engine, as the live preview does.
                result, problems = _score_form(match, form, rules, claim)
                if result is not None:
                    counted = [said(line) for line in result.explanation]
                else:
                    errors = in_table_words(show_problems(form, problems, groups=HAND_GROUPS), form)
                page = page_context(services.find_match(match_id))
                return _render(page, form, errors, number, stored, claim, counted=counted), 422 if errors else 200
            if request.form.get("choice") == "drop":
                # "Drop mine", after a stale save: nothing is saved; back to the sheet, saying so.
                flash(str(DROPPED["record" if number is None else "edit"] % {"number": number}), "saved")
                return redirect(url_for("scorer.sheet", match_id=match_id))
            outcome = _save_hand(match, token, form, rules, number, claim)
            if not isinstance(outcome, dict):
                return outcome
            conflict = outcome.pop("_conflict", None)
            errors = outcome
        else:
            errors = show_problems(form)
    page = page_context(services.find_match(match_id))
    return _render(page, form, errors, number, stored, claim, conflict), 409 if conflict else 422 if errors else 200


def _render(page: dict[str, Any], form: FlaskForm, errors: dict[str, list[str]], number: int | None, stored: Any,
            claim: bool, conflict: Any = None, counted: list[str] | None = None) -> str:
    rules = page["rules"]
    template = "scorer/claim.html" if claim else "scorer/hand.html"
    return render_template(template, **page, form=form, errors=errors, number=number, stored=stored,
                           card_values=card_facts(rules), deck_totals=deck_totals(rules),
                           focus=_first_error(form, errors, rules.sides), bela_toggle=bela_toggle(rules),
                           claim_melds=claim_takes_melds(rules), **counter_words(), swiss=swiss_pad(rules),
                           points_in=counted_with_last_trick(rules), thanks_kinds=rules.claim_order.kinds,
                           hand_total="; ".join(deck_totals(rules, rules.last_trick)),
                           fresh=request.method == "GET", conflict=conflict, counted=counted,
                           pot_words=claim_pot(rules, page["state"].get("pot") or 0) if claim else None)


def hand_page(match: Match, page: dict[str, Any], claim: bool = False) -> str:
    """The form of a match's next hand (or its claim form), empty, as a GET shows it: ``page`` is the match's
    ``page_context`` (a match started on a phone with no signal is drawn from a blank one, offline.blank)."""
    rules = page["rules"]
    form = hand_form(rules, page["names"], None, {"revision": match.revision}, claim=claim)
    return _render(page, form, {}, None, None, claim)


@bp.route("/m/<match_id>/hand", methods=["GET", "POST"])
def new_hand(match_id: str) -> Any:
    """Record the next hand."""
    return _hand_page(match_id, None)


@bp.route("/m/<match_id>/hand/<int:number>", methods=["GET", "POST"])
def edit_hand(match_id: str, number: int) -> Any:
    """Change a hand in place; every later hand is scored again."""
    return _hand_page(match_id, number)


@bp.route("/m/<match_id>/claim", methods=["GET", "POST"])
def claim(match_id: str) -> Any:
    """Claim the game in the middle of a hand."""
    return _hand_page(match_id, None, claim=True)


def _score_form(match: Match, form: FlaskForm, rules: Rules, claim: bool) -> tuple[Any, list[Problem]]:
    """The form's hand scored by the engine as the match's next hand, not saved; or the problems in the way."""
    hand, problems = hand_from_form(form, rules, claim=claim)
    if problems:
        return None, problems
    try:
        rules, names, position = services.next_position(match)
        return score_hand(rules, position, hand, names), []
    except (RuleError, ServiceError) as error:
        return None, list(error.problems)


@bp.post("/m/<match_id>/preview")
def preview(match_id: str) -> Any:
    """The live preview: the hand on the form, scored by the engine, not saved."""
    match, _ = phone.scored_match(match_id)
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    claim_mode = request.form.get("mode") == "claim"
    form = hand_form(rules, names, request.form, claim=claim_mode)
    if not form.validate():
        return jsonify({"ok": False, "errors": show_problems(form)})
    result, problems = _score_form(match, form, rules, claim_mode)
    if result is not None:
        return jsonify({"ok": True, "result": result.result.value, "scores": list(result.scores),
                        "totals": list(result.totals), "pot": result.pot,
                        "explanation": [said(line) for line in result.explanation]})
    return jsonify({"ok": False, "errors": in_table_words(show_problems(form, problems, groups=HAND_GROUPS), form)})
