"""Two phones, one table: what a phone is told when its write went stale because another phone
changed the match meanwhile. Each change since the revision its page showed, in the table's words ("Another
phone recorded hand 4 (Mike +0, Yvonne +136)"), its own hand beside them ("Yours: Mike +92, Yvonne +70"), and
whether the table must be asked at all. Nothing here scores: every figure is one the engine gave (the change's
hand as the services replayed it, the would-be hand as ``services.would_score`` scored it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from .. import services
from ..services import Answer, Stale
from .sheet_words import score_words

MATERIAL = frozenset({"record", "edit", "void", "undo", "restore"})
"""Changes that move hands or their scores: after one of these a stale write asks the table. A dispute, a
ruling or a side's confirmation does not: the write is sent again at the new revision without asking."""
RETRIES = 3
"""How often a write stale only by changes that do not touch it is sent again (another phone keeps writing)."""


def touching(changes: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The changes the table must hear about before a stale write goes on: those that moved hands or their
    scores (recorded, changed, voided, undone or restored a hand)."""
    return [c for c in changes if c.get("event") in MATERIAL]


def write_at(write: Callable[[int | None], Answer], revision: int | None) -> Answer | Stale:
    """``write`` at the page's ``revision``; when the match moved on only by changes that touch no hand's score
    (a dispute, a ruling, a confirmation), again at the new revision. The answer, or the ``Stale`` whose
    changes the table must see (then nothing was written)."""
    attempts = 0
    while True:
        try:
            return write(revision)
        except Stale as error:
            services.db.session.rollback()
            attempts += 1
            # Sent again only when every write since is known (one change per revision, none left out by the
            # services' limit) and none of them moved a hand.
            known = bool(error.changes) and error.revision is not None and revision is not None and len(
                error.changes) == error.revision - revision
            if not known or touching(error.changes) or attempts == RETRIES:
                return error
            revision = error.revision


def change_words(change: Mapping[str, Any], sides: Sequence[Mapping[str, Any]]) -> str:
    """One change in the table's words: ``Another phone recorded hand 4 (Mike +0, Yvonne +136)``."""
    kind, number = change.get("event"), change.get("number")
    hand = change.get("hand") or {}
    scores = score_words(hand.get("scores"), sides)
    if kind == "record":
        if (hand.get("input") or {}).get("thrown_in"):
            # glossary: hand
            # Translators: a stale write is told what another phone did: everybody passed in that hand.
            return _("Another phone recorded hand %(number)s (thrown in)", number=number)
        if scores:
            # glossary: hand
            # Translators: %(scores)s is what each side scored in it, "Mike +0, Yvonne +136".
            return _("Another phone recorded hand %(number)s (%(scores)s)", number=number, scores=scores)
        # glossary: hand
        return _("Another phone recorded hand %(number)s", number=number)
    if kind == "edit":
        if scores:
            # glossary: hand
            # Translators: %(scores)s is what each side scores in it now, "Mike +0, Yvonne +136".
            return _("Another phone changed hand %(number)s (now %(scores)s)", number=number, scores=scores)
        # glossary: hand
        return _("Another phone changed hand %(number)s", number=number)
    if kind in ("void", "undo"):
        was = score_words((change.get("was") or {}).get("scores"), sides)
        if kind == "undo":
            # glossary: hand
            # Translators: %(scores)s is what each side had scored in it, "Mike +0, Yvonne +136".
            return (_("Another phone undid hand %(number)s (%(scores)s)", number=number, scores=was) if was
                    # glossary: hand
                    else _("Another phone undid hand %(number)s", number=number))
        # glossary: hand
        # Translators: %(scores)s is what each side had scored in it, "Mike +0, Yvonne +136".
        return (_("Another phone voided hand %(number)s (%(scores)s)", number=number, scores=was) if was
                # glossary: hand
                else _("Another phone voided hand %(number)s", number=number))
    if kind == "restore":
        # glossary: hand
        # Translators: a voided hand counted again; %(scores)s is what each side scores in it, "Mike +0, Yvonne +136".
        return (_("Another phone restored hand %(number)s (%(scores)s)", number=number, scores=scores) if scores
                # glossary: hand
                else _("Another phone restored hand %(number)s", number=number))
    if kind == "dispute":
        # glossary: hand
        return _("Another phone marked hand %(number)s disputed", number=number)
    if kind == "resolve":
        # glossary: hand
        return _("Another phone resolved the dispute over hand %(number)s", number=number)
    if kind == "confirm":
        # glossary: hand
        return _("A side confirmed hand %(number)s", number=number)
    return _("Another phone changed the match")


def yours_words(hand: Mapping[str, Any] | None, sides: Sequence[Mapping[str, Any]]) -> str:
    """This phone's would-be hand beside the others': ``Yours: Mike +92, Yvonne +70``."""
    if hand is None:
        # Translators: a stale write's own hand, which the engine would no longer take as it is.
        return _("Yours can no longer be saved as it is: check it before saving it.")
    if (hand.get("input") or {}).get("thrown_in"):
        # glossary: hand
        # Translators: a stale write's own hand: everybody passed.
        return _("Yours: thrown in.")
    # Translators: a stale write's own hand beside what another phone did; %(scores)s is "Mike +92, Yvonne +70".
    return _("Yours: %(scores)s.", scores=score_words(hand.get("scores"), sides))


def question(error: Stale, sides: Sequence[Mapping[str, Any]], mine: Mapping[str, Any] | None,
             number: int | None = None) -> dict[str, Any]:
    """What a page asks after a stale write: each change that moved hands, in words; this phone's hand beside
    them (``mine``, as the engine would score it now); whether another phone recorded a hand (then "keep both"
    makes this one the next hand), whether it changed hand ``number`` itself (an edit's or a void's own hand),
    and whether it recorded the very same hand (both phones entered one hand: most likely one is to drop)."""
    shown = touching(error.changes) or list(error.changes)
    same = mine is not None and any(
        c.get("event") == "record" and (c.get("hand") or {}).get("input") == mine.get("input") for c in shown)
    return {"lines": [change_words(c, sides) for c in shown], "yours": yours_words(mine, sides), "same": same,
            "recorded": any(c.get("event") == "record" for c in shown),
            "own": number is not None and any(c.get("number") == number for c in shown),
            "changes": shown, "revision": error.revision}
