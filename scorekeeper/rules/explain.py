"""The sentences that explain a scored hand, said from what ``scoring.py`` decided (``judgement.py``).

Nothing is decided here: every figure comes from the judgement, and each sentence is a ``Said`` (``words.py``)
with the sides' names put in, said later in the table's language. The sentences come in the order of RULES.md
section 4: each side's hand points, the verdict, tens, a bela kept aside, the double, the pot, the game's end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .hand import ClaimParts
from .judgement import (
    BidFailed,
    BidJudged,
    Claimed,
    Decided,
    Ending,
    GameEnd,
    GamePointsJudged,
    Revoked,
    Ruled,
    Ruling,
    SideSum,
    Step,
    Thanked,
    Transfer,
    Verdict,
)
from .variants import Claims, DoubleLoser, FalseClaim, Rules, TableWords, ThanksKind, capital_bela
from .words import N_, Listed, Said


def explain_hand(rules: Rules, judged: Decided, names: Sequence[str]) -> tuple[str, ...]:
    """The sentences that say why a hand played to its end scored what it did, its sides named ``names``."""
    lines: list[str] = [*judged.hand_points.meld_contest]
    if judged.bid is not None:
        return _bid_hand(rules, judged, judged.bid, names, lines)
    if judged.game_points is not None:
        return _game_points_hand(rules, judged, judged.game_points, names, lines)
    if judged.hand_points.transfer is not None:
        lines.append(_transfer(rules, judged.hand_points.transfer, names))
    for side, terms in enumerate(judged.hand_points.sums):
        if terms is not None:
            lines.extend(_side_sum(rules, terms, names[side]))
    if judged.hand_points.valat is not None:
        every = names[judged.hand_points.valat]
        lines.append(_every_trick(rules, every, judged.kontermatch))
    if judged.revoked is not None:
        lines.append(_revoke(rules, judged.revoked, judged.hand_points.points, names))
    if judged.ruled is not None:
        lines.append(_verdict(rules, judged, judged.ruled, names))
    if judged.in_tens is not None:
        lines.extend(_in_tens(judged.in_tens))
    if judged.kept:
        lines.extend(_kept(rules, judged.kept, names))
    if judged.doubled is not None:
        lines.extend(_multiplied(judged.multiplier, judged.doubled))
    if judged.times != 1:
        lines.append(_times(judged.times, judged.scores))
    if judged.pot_taken:
        assert judged.winner is not None
        lines.append(_takes_the_pot(names[judged.winner], judged.pot_taken))
    if judged.penalty is not None:
        penalty = judged.penalty
        # glossary: bait, game
        # Translators: option bait-penalty (Deberc's "bolts"): "It is Ana's 3rd bait in this game: it costs 100."
        lines.append(Said("It is %(side)s's bait number %(count)s in this game: it costs %(points)s, and the count "
                          "starts again.", side=names[penalty.side], count=penalty.nth, points=penalty.points))
    if judged.hang:
        # glossary: pot, hand
        lines.append(Said("%(points)s goes into the pot, which holds %(pot)s for the winner of the next hand.",
                          points=judged.hang, pot=judged.pot))
    if judged.ends:
        lines.extend(_game_end(rules, end, names) for end in judged.ends)
    return tuple(lines)


def _every_trick(rules: Rules, side: str, kontermatch: bool) -> Said:
    """A side took every trick: a valat; Klaverjas's pit; Jass's Match (a Kontermatch by the side that did not
    choose trumps); Belote contrée's capot."""
    if rules.words is TableWords.CONTREE:
        # glossary: capot
        return Said("%(side)s took every trick: capot.", side=side)
    if rules.words is TableWords.NAT:
        # glossary: valat
        return Said("%(side)s took every trick: pit.", side=side)
    if rules.words is TableWords.JASS:
        if kontermatch:
            # glossary: Match
            # Translators: Jass: every trick taken by the side that did not choose trumps.
            return Said("%(side)s took every trick against the trumps chosen: Kontermatch.", side=side)
        # glossary: Match
        return Said("%(side)s took every trick: Match.", side=side)
    # glossary: valat
    return Said("%(side)s took every trick: a valat.", side=side)


def _times(times: int, scores: Sequence[int]) -> Said:
    """Jass's multiplier: "Everything counts 3 times: 37 × 3 = 111, 120 × 3 = 360."."""
    parts = [Said("%(points)s × %(times)s = %(total)s", points=v // times, times=times, total=v) for v in scores]
    # Translators: Jass's multiplier of the contract played: everything each side wrote counts %(times)s times.
    return Said("The contract counts %(times)s times: %(scores)s.", times=times, scores=Listed(parts, N_(", ")))


def _transfer(rules: Rules, transfer: Transfer, names: Sequence[str]) -> Said:
    """A side that took no trick hands its declarations and bela to the other (``melds-need-trick: transfer``)."""
    side, other = names[transfer.side], names[transfer.to]
    if transfer.melds and transfer.bela:
        # glossary: belote and rebelote
        # Translators: a side that took no trick: "Ana & Marko took no trick: their declarations (70) and their
        # bela (20) go to Mike & Yvonne." (Croatian Bela).
        return Said.agreeing(rules.team(side), N_("%(side)s took no trick: its declarations (%(melds)s) and its "
                                                  "%(bela)s (%(points)s) go to %(other)s."),
                             # Translators: the same, said of a team (two partners).
                             N_("%(side)s took no trick: their declarations (%(melds)s) and their %(bela)s "
                                "(%(points)s) go to %(other)s."), side=side, other=other, melds=transfer.melds,
                             bela=rules.bela_word, points=transfer.bela)
    if transfer.bela:
        # glossary: belote and rebelote
        return Said.agreeing(rules.team(side), N_("%(side)s took no trick: its %(bela)s (%(points)s) goes to "
                                                  "%(other)s."),
                             # Translators: the same, said of a team (two partners).
                             N_("%(side)s took no trick: their %(bela)s (%(points)s) goes to %(other)s."),
                             side=side, other=other, bela=rules.bela_word, points=transfer.bela)
    return Said.agreeing(rules.team(side), N_("%(side)s took no trick: its declarations (%(melds)s) go to "
                                              "%(other)s."),
                         # Translators: the same, said of a team (two partners).
                         N_("%(side)s took no trick: their declarations (%(melds)s) go to %(other)s."),
                         side=side, other=other, melds=transfer.melds)


def explain_belot(rules: Rules, side: int, target: int, names: Sequence[str]) -> tuple[str, ...]:
    """A whole suit dealt to one side: it scores the target and wins the game, the hand unplayed."""
    name = names[side]
    # glossary: game, hand
    # Translators: %(belot)s is the game's word for all eight cards of one suit in one hand (belot, debertz).
    return (Said.agreeing(rules.team(name), N_("%(side)s holds a %(belot)s, all eight cards of one suit: the hand "
                                               "is not played; %(side)s scores %(target)s and wins the game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("%(side)s hold a %(belot)s, all eight cards of one suit: the hand is not played; "
                             "%(side)s score %(target)s and win the game."), side=name, belot=rules.belot_word,
                          target=target),)


def explain_thrown_in(pot: int) -> tuple[str, ...]:
    """A hand thrown in: nobody scores; the pot, if any, waits."""
    thrown = Said("Thrown in: nobody scores; the deal moves on.")
    if not pot:
        return (thrown,)
    # glossary: pot, hand
    return thrown, Said("The pot of %(pot)s waits for the next hand with a winner.", pot=pot)


# ------------------------------------------------------------------------------------------------ hand points


def _side_sum(rules: Rules, side: SideSum, name: str) -> list[str]:
    """A side's hand points added up, "Mike: card points 65 + last trick 10 + melds 20 = 95." (a side with card
    points alone needs no sentence), after the melds that did not count."""
    lines: list[str] = []
    # What the side's sum says, term by term: "card points 65", "last trick 10", "melds 20" …
    terms: list[Said] = []
    if side.last_trick:
        terms = [_card_points(side.card_points), _last_trick(rules)]
    elif side.doubled or side.melds or side.bela or side.valat:
        terms = [_card_points(side.card_points)]
    if side.doubled:
        # Translators: card points doubled in no-trumps: "(card points 65 + last trick 10) × 2".
        terms = [Said("(%(sum)s) × %(times)s", sum=Listed(terms, " + "), times=2) if side.last_trick
                 # Translators: card points doubled in no-trumps: "card points 65 × 2".
                 else Said("%(sum)s × %(times)s", sum=terms[0], times=2)]
    if side.melds:
        if not side.melds_count:
            lines.append(Said("%(side)s took no trick: melds %(points)s do not count.", side=name,
                              points=side.melds))
        else:
            terms.append(_melds_term(rules, side.melds))
    if side.bela:
        terms.append(_bela(rules, side.bela))
    if side.valat:
        terms.append(_valat_term(rules, side.valat))
    if terms:
        # Translators: a side's hand points added up: "Mike: card points 65 + last trick 10 + melds 20 = 95."
        lines.append(Said("%(side)s: %(sum)s = %(total)s.", side=name, sum=Listed(terms, " + "), total=side.total))
    return lines


def _last_trick(rules: Rules) -> Said:
    """The last trick in a sum: ``last trick 10``; Jass's ``the last trick 5`` (its own message: some tables have a
    word of their own for the last trick's 10, French *dix de der*, which Jass's 5 is not)."""
    if rules.words is TableWords.JASS:
        # Translators: Jass: the 5 points for the last trick in a side's sum ("card points 115 + the last trick 5");
        # not a word for the ten of other games (French "dix de der").
        return Said("the last trick %(points)s", points=rules.last_trick)
    return Said("last trick %(points)s", points=rules.last_trick)


def _valat_term(rules: Rules, points: int) -> Said:
    """The valat bonus in a side's sum: ``valat 100``; Klaverjas's ``pit 100``; Jass's ``Match 100``."""
    if rules.words is TableWords.NAT:
        # glossary: valat
        return Said("pit %(points)s", points=points)
    if rules.words is TableWords.JASS:
        # glossary: Match
        return Said("Match %(points)s", points=points)
    if rules.words is TableWords.CONTREE:
        # glossary: capot
        return Said("capot %(points)s", points=points)
    # glossary: valat
    return Said("valat %(points)s", points=points)


def _melds_term(rules: Rules, points: int) -> Said:
    """The declarations in a side's sum: ``melds 20``; Klaverjas's ``roem 20``; Jass's ``Weis 20``."""
    if rules.words is TableWords.JASS:
        # glossary: Weis
        return Said("Weis %(points)s", points=points)
    # Translators: Klaverjas's declarations in a side's sum, "roem 20": keep the game's own word roem if your
    # Klaverjas tables say it (docs/glossary.md).
    if rules.words is TableWords.NAT:
        return Said("roem %(points)s", points=points)
    if rules.words is TableWords.CONTREE:
        # glossary: declarations
        # Translators: Belote contrée's declarations in a side's sum, "annonces 20" (French tables say annonces).
        return Said("declarations %(points)s", points=points)
    return Said("melds %(points)s", points=points)


def _claim_parts(rules: Rules, parts: ClaimParts, name: str) -> Said:
    """What the claimant has won so far, added up as a side's hand points are: "Ana: card points 57 + melds 20 +
    last trick 10 = 87."."""
    terms: list[Said] = [_card_points(parts.card_points)]
    if parts.last_trick:
        terms.append(_last_trick(rules))
    if parts.declarations:
        terms.append(Said("melds %(points)s", points=sum(parts.declarations)))
    if parts.bela:
        terms.append(_bela(rules, rules.bela_points))
    return Said("%(side)s: %(sum)s = %(total)s.", side=name, sum=Listed(terms, " + "), total=parts.total(rules))


def _card_points(points: int) -> Said:
    return Said("card points %(points)s", points=points)


def _bela(rules: Rules, points: int) -> Said:
    """The bela in a sum: ``bela 20``, ``belote 20``."""
    # glossary: belote and rebelote
    # Translators: %(bela)s is the game's word for K and Q of trumps (bela, belote); %(points)s what it is worth.
    return Said("%(bela)s %(points)s", bela=rules.bela_word, points=points)


# ------------------------------------------------------------------------------------------------ the verdict


def _revoke(rules: Rules, revoked: Revoked, points: Sequence[int], names: Sequence[str]) -> Said:
    challenge, gainer, loser = revoked
    fields = {"accuser": names[challenge.accuser], "accused": names[challenge.accused], "loser": names[loser],
              "gainer": names[gainer], "own": points[gainer], "points": points[loser],
              "total": points[gainer] + points[loser]}
    team = rules.team(names[gainer])
    if challenge.upheld:
        # glossary: revoke
        return Said.agreeing(team, N_("Revoke challenge by %(accuser)s against %(accused)s: upheld. "
                                      "%(loser)s scores 0; %(gainer)s scores own %(own)s + %(loser)s's "
                                      "%(points)s = %(total)s."),
                             # Translators: the same, said of teams (two partners each): its verbs plural.
                             N_("Revoke challenge by %(accuser)s against %(accused)s: upheld. %(loser)s score "
                                "0; %(gainer)s score their own %(own)s + %(loser)s's %(points)s = %(total)s."),
                             **fields)
    # glossary: revoke
    return Said.agreeing(team, N_("Revoke challenge by %(accuser)s against %(accused)s: a wrong "
                                  "challenge. %(loser)s scores 0; %(gainer)s scores own %(own)s + "
                                  "%(loser)s's %(points)s = %(total)s."),
                         # Translators: the same, said of teams (two partners each): its verbs plural.
                         N_("Revoke challenge by %(accuser)s against %(accused)s: a wrong challenge. "
                            "%(loser)s score 0; %(gainer)s score their own %(own)s + %(loser)s's %(points)s "
                            "= %(total)s."),
                         **fields)


def _doubled(multiplier: int) -> Said:
    """``Doubled`` (×2) or ``Redoubled`` (×4), starting a sentence or a part of one."""
    # Translators: the hand was doubled (×2), as in "Doubled: Mike scores everything, 162."
    return (Said("Doubled") if multiplier == 2
            # Translators: the hand was redoubled (×4), as in "Redoubled: Mike scores everything, 162."
            else Said("Redoubled"))


# A failed taker in the game's own word (TableWords): the same sentence with bate, bait (Tarabish, Deberc) or nat
# (Klaverjas), each a message of its own for the translators; a game's word missing from a table says bate.
_FAILED_TWO = {
    TableWords.BATE: (
        # glossary: bate
        # Translators: %(head)s is "Taker Mike: 70 against 92"; %(whole)s "the hand value 162".
        N_("%(head)s: bate. %(side)s scores %(whole)s."),
        # Translators: the same, said of a team (two partners): its verbs plural.
        N_("%(head)s: bate. %(side)s score %(whole)s.")),
    TableWords.BAIT: (
        # glossary: bait
        # Translators: Tarabish's and Deberc's word for a failed taker; %(head)s is "Taker Mike: 70 against 92";
        # %(whole)s "the hand value 162".
        N_("%(head)s: bait. %(side)s scores %(whole)s."),
        # Translators: the same, said of a team (two partners): its verbs plural.
        N_("%(head)s: bait. %(side)s score %(whole)s.")),
    TableWords.NAT: (
        # glossary: bate
        # Translators: Klaverjas's word for a failed taker, nat; %(head)s is "Taker Mike: 70 against 92";
        # %(whole)s "the hand value 162".
        N_("%(head)s: nat. %(side)s scores %(whole)s."),
        # Translators: the same, said of a team (two partners): its verbs plural.
        N_("%(head)s: nat. %(side)s score %(whole)s.")),
}
_FAILED_MOST = {
    TableWords.BATE: (
        # glossary: bate, taker
        # Translators: %(head)s is "Taker Mike: 40 against 72 and 50".
        N_("%(head)s: bate. %(side)s has the most and scores own %(own)s + the taker's %(points)s = %(total)s; the "
           "others keep their own."),
        # Translators: the same, said of a team (two partners): its verbs plural.
        N_("%(head)s: bate. %(side)s have the most and score their own %(own)s + the taker's %(points)s = "
           "%(total)s; the others keep their own.")),
    TableWords.BAIT: (
        # glossary: bait, taker
        # Translators: Deberc's word for a failed taker; %(head)s is "Taker Mike: 40 against 72 and 50".
        N_("%(head)s: bait. %(side)s has the most and scores own %(own)s + the taker's %(points)s = %(total)s; the "
           "others keep their own."),
        # Translators: the same, said of a team (two partners): its verbs plural.
        N_("%(head)s: bait. %(side)s have the most and score their own %(own)s + the taker's %(points)s = "
           "%(total)s; the others keep their own.")),
}
_FAILED_MOST[TableWords.NAT] = _FAILED_MOST[TableWords.BATE]  # Klaverjas is played by two sides only
_FAILED_LEVEL = {
    # glossary: bate, taker, pot
    # Translators: %(head)s is "Taker Mike: 40 against 61 and 61".
    TableWords.BATE: N_("%(head)s: bate, and the defenders tie for the most. Each defender scores its own; the "
                        "taker's %(points)s goes into the pot."),
    # glossary: bait, taker, pot
    # Translators: Deberc's word for a failed taker; %(head)s is "Taker Mike: 40 against 61 and 61".
    TableWords.BAIT: N_("%(head)s: bait, and the defenders tie for the most. Each defender scores its own; the "
                        "taker's %(points)s goes into the pot."),
}
_FAILED_LEVEL[TableWords.NAT] = _FAILED_LEVEL[TableWords.BATE]


class _Verdict(NamedTuple):
    """What a verdict is said from: the rules, the decision, the ruling, the sides' names, and the sentence's
    head ("Taker Mike: 90 against 72")."""

    rules: Rules
    judged: Decided
    ruled: Ruled
    names: Sequence[str]
    head: Said

    @property
    def points(self) -> Sequence[int]:
        """Each side's hand points."""
        return self.judged.hand_points.points

    @property
    def value(self) -> int:
        """What the hand paid, all sides together."""
        return sum(self.judged.pay)

    @property
    def scorer(self) -> str:
        """The name of the side the ruling pays (a bate's or a bait's defenders)."""
        assert self.ruled.scorer is not None
        return self.names[self.ruled.scorer]


def _verdict(rules: Rules, judged: Decided, ruled: Ruled, names: Sequence[str]) -> Said:
    """What the success rule and the tie rule made of the hand, in one sentence that begins with its figures: the
    ruling's row of ``_VERDICTS`` says it (as scoring's ``_DECISIONS`` decides it)."""
    points = judged.hand_points.points
    taker = ruled.taker
    if rules.sides == 2:
        against: object = points[1 - taker]
    else:
        against = Listed((points[s] for s in range(rules.sides) if s != taker), N_(" and "))
    # glossary: taker
    # Translators: how a hand begins to be judged: "Taker Mike: 90 against 72" (or "against 60 and 42", three
    # players); the sentences after it say what came of it.
    head = Said("Taker %(side)s: %(points)s against %(against)s", side=names[taker], points=points[taker],
                against=against)
    return _VERDICTS[ruled.ruling](_Verdict(rules, judged, ruled, names, head))


def _each_own(v: _Verdict) -> Said:
    written = Listed((Said("%(side)s %(points)s", side=v.names[s], points=p) for s, p in enumerate(v.judged.pay)),
                     N_(", "))
    # Translators: Jass: no bate, each side writes its own points: "Each side writes its own: Ana & Marko 37,
    # Ivo & Petra 120."
    return Said("Each side writes its own: %(written)s.", written=written)


def _made(v: _Verdict) -> Said:
    # glossary: made it
    # Translators: %(head)s is "Taker Mike: 92 against 70".
    return Said("%(head)s: made. Each side scores its own.", head=v.head)


def _bate(v: _Verdict) -> Said:
    team = v.rules.team(v.scorer)
    if v.rules.sides == 2:
        one, many = _FAILED_TWO[v.rules.words]
        return Said.agreeing(team, one, many, head=v.head, side=v.scorer, whole=_whole(v.value, v.points))
    one, many = _FAILED_MOST[v.rules.words]
    scorer = v.ruled.scorer
    assert scorer is not None
    return Said.agreeing(team, one, many, head=v.head, side=v.scorer, own=v.judged.pay[scorer],
                         points=v.judged.pay[v.ruled.taker], total=v.ruled.scores[scorer])


def _baited(v: _Verdict) -> Said:
    # glossary: hand, baited
    # Translators: %(head)s is "Taker Mike: 70 against 92"; %(whole)s "the hand value 162".
    return Said.agreeing(v.rules.team(v.scorer), N_("%(head)s: %(side)s has half or more of the "
                                                    "hand value %(value)s: bait. %(side)s scores "
                                                    "%(whole)s."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(head)s: %(side)s have half or more of the hand value %(value)s: bait. %(side)s "
                            "score %(whole)s."), head=v.head, side=v.scorer, value=sum(v.points),
                         whole=_whole(v.value, v.points))


def _half_made(v: _Verdict) -> Said:
    # glossary: made it, hand
    # Translators: %(head)s is "Taker Mike: 92 against 70".
    return Said("%(head)s: made, the defenders have less than half of %(value)s. Each side scores its own.",
                head=v.head, value=sum(v.points))


def _doubled_made(v: _Verdict) -> Said:
    # glossary: made it
    # Translators: %(head)s is "Taker Mike: 92 against 70"; %(doubled)s "Doubled" or "Redoubled".
    return Said.agreeing(v.rules.team(v.names[v.ruled.taker]), N_("%(head)s: made. %(doubled)s: %(side)s scores "
                                                                  "everything, %(value)s."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(head)s: made. %(doubled)s: %(side)s score everything, %(value)s."), head=v.head,
                         doubled=_doubled(v.judged.multiplier), side=v.names[v.ruled.taker], value=v.value)


def _doubled_bate(v: _Verdict) -> Said:
    # glossary: bate
    # Translators: %(head)s is "Taker Mike: 70 against 92"; %(doubled)s "Doubled" or "Redoubled".
    return Said.agreeing(v.rules.team(v.scorer), N_("%(head)s: bate. %(doubled)s: %(side)s scores "
                                                    "everything, %(value)s."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(head)s: bate. %(doubled)s: %(side)s score everything, %(value)s."), head=v.head,
                         doubled=_doubled(v.judged.multiplier), side=v.scorer, value=v.value)


def _doubled_tie_hangs(v: _Verdict) -> Said:
    # glossary: hanging
    # Translators: %(head)s is "Taker Mike: 81 against 81"; %(doubled)s "Doubled" or "Redoubled".
    return Said("%(head)s: a tie. %(doubled)s: everything, %(value)s, hangs.", head=v.head,
                doubled=_doubled(v.judged.multiplier), value=v.value)


def _doubled_tie_taker_nothing(v: _Verdict) -> Said:
    # glossary: taker
    # Translators: %(head)s is "Taker Mike: 81 against 81"; %(doubled)s "Doubled" or "Redoubled".
    return Said("%(head)s: a tie. %(doubled)s: the taker scores nothing; defenders score their own.",
                head=v.head, doubled=_doubled(v.judged.multiplier))


def _bate_defenders_level(v: _Verdict) -> Said:
    return Said(_FAILED_LEVEL[v.rules.words], head=v.head, points=v.judged.pay[v.ruled.taker])


def _tie_hold_taker(v: _Verdict) -> Said:
    # glossary: taker
    # Translators: %(head)s is "Taker Mike: 81 against 81".
    return Said("%(head)s: a tie. The defenders score their own; the taker's %(points)s is held over.",
                head=v.head, points=v.judged.pay[v.ruled.taker])


def _tie_hold_all(v: _Verdict) -> Said:
    # glossary: hand
    # Translators: %(head)s is "Taker Mike: 81 against 81".
    return Said("%(head)s: a tie. Nobody scores; the hand value %(value)s is held over.", head=v.head,
                value=v.value)


def _tie_taker_nothing(v: _Verdict) -> Said:
    if v.rules.words is TableWords.BAIT:
        # glossary: bait, taker
        # Translators: Tarabish's word for a tie, "half bait"; %(head)s is "Taker Mike: 81 against 81".
        return Said("%(head)s: half bait. The taker scores nothing; the defenders score their own.", head=v.head)
    # glossary: taker
    # Translators: %(head)s is "Taker Mike: 81 against 81".
    return Said("%(head)s: a tie. The taker scores nothing; the defenders score their own.", head=v.head)


_VERDICTS: dict[Ruling, Callable[[_Verdict], Said]] = {
    Ruling.EACH_OWN: _each_own,
    Ruling.MADE: _made,
    Ruling.BATE: _bate,
    Ruling.BAITED: _baited,
    Ruling.HALF_MADE: _half_made,
    Ruling.DOUBLED_MADE: _doubled_made,
    Ruling.DOUBLED_BATE: _doubled_bate,
    Ruling.DOUBLED_TIE_HANGS: _doubled_tie_hangs,
    Ruling.DOUBLED_TIE_TAKER_NOTHING: _doubled_tie_taker_nothing,
    Ruling.BATE_DEFENDERS_LEVEL: _bate_defenders_level,
    Ruling.TIE_HOLD_TAKER: _tie_hold_taker,
    Ruling.TIE_HOLD_ALL: _tie_hold_all,
    Ruling.TIE_TAKER_NOTHING: _tie_taker_nothing,
}
"""The verdict's sentence of each ruling, one row each (every ruling has one: tests/rules check the table)."""


def _whole(value: int, points: Sequence[int]) -> Said:
    """``the hand value 121``; ``the rest of the hand value, 101`` when a bela stays with its side."""
    if value == sum(points):
        # glossary: hand
        return Said("the hand value %(value)s", value=value)
    # glossary: hand
    # Translators: what is left of the hand value once a bela that stays with its side is set aside.
    return Said("the rest of the hand value, %(value)s", value=value)


# ------------------------------------------------------------------------------------------------ after the verdict


def _in_tens(step: Step) -> list[str]:
    """The scores put in tens (two sides; RULES.md section 7)."""
    # Translators: a score put in tens: "82 → 8".
    parts = [Said("%(points)s → %(tens)s", points=step.scores[s], tens=step.to_scores[s])
             for s in range(2) if step.scores[s]]
    if step.hang:
        # glossary: hanging
        parts.append(Said("hanging %(points)s → %(tens)s", points=step.hang, tens=step.to_hang))
    if not parts:
        return []
    # Translators: the scores put in tens (Belote): "Tens: 82 → 8, 80 → 8."
    return [Said("Tens: %(scores)s.", scores=Listed(parts, N_(", ")))]


def _kept(rules: Rules, kept: Sequence[int], names: Sequence[str]) -> list[str]:
    """The bela each side keeps whatever happens (house rule bela-on-bate: stays)."""
    lines: list[str] = []
    for s, bela in enumerate(kept):
        if not bela:
            continue
        if rules.tens:
            # glossary: belote and rebelote
            # Translators: %(Bela)s and %(bela)s are the game's word for K and Q of trumps, the first with a
            # capital first letter; %(tens)s is %(points)s in tens.
            lines.append(Said.agreeing(rules.team(names[s]), N_("%(Bela)s always counts: %(side)s keeps %(bela)s "
                                                                "%(points)s (%(tens)s in tens)."),
                                       # Translators: the same, said of a team (two partners): its verbs plural.
                                       N_("%(Bela)s always counts: %(side)s keep %(bela)s %(points)s (%(tens)s in "
                                          "tens)."),
                                       Bela=capital_bela(rules), side=names[s], bela=rules.bela_word, points=bela,
                                       tens=bela // 10))
        else:
            # glossary: belote and rebelote
            # Translators: %(Bela)s and %(bela)s are the game's word for K and Q of trumps, the first with a
            # capital first letter.
            lines.append(Said.agreeing(rules.team(names[s]), N_("%(Bela)s always counts: %(side)s keeps %(bela)s "
                                                                "%(points)s."),
                                       # Translators: the same, said of a team (two partners): its verbs plural.
                                       N_("%(Bela)s always counts: %(side)s keep %(bela)s %(points)s."),
                                       Bela=capital_bela(rules), side=names[s], bela=rules.bela_word, points=bela))
    return lines


def _multiplied(multiplier: int, step: Step) -> list[str]:
    """Double ×2, redouble ×4, applied last: in Belote after the points are put in tens (RULES.md §7)."""
    # Translators: a score multiplied by the double: "60 × 2 = 120".
    parts = [Said("%(points)s × %(times)s = %(total)s", points=v, times=multiplier, total=v * multiplier)
             for v in step.scores if v]
    if step.hang:
        # glossary: hanging
        parts.append(Said("hanging %(points)s × %(times)s = %(total)s", points=step.hang, times=multiplier,
                          total=step.to_hang))
    if not parts:
        return []
    # Translators: %(doubled)s is "Doubled" or "Redoubled"; %(scores)s the scores multiplied: "60 × 2 = 120".
    return [Said("%(doubled)s: %(scores)s.", doubled=_doubled(multiplier), scores=Listed(parts, N_(", ")))]


def _takes_the_pot(name: str, pot: int) -> Said:
    # glossary: pot
    return Said("%(side)s also takes the pot of %(pot)s.", side=name, pot=pot)


# ------------------------------------------------------------------------------------------------ a bid


def _bid_words(bid: int | str) -> object:
    """A bid as the table says it: ``120``, ``capot``."""
    # glossary: capot
    return Said("capot") if isinstance(bid, str) else bid


def _bid_verdict(rules: Rules, bid: BidJudged, points: Sequence[int], name: str) -> Said:
    """Whether the bid was made: "Ana & Marko bid 120 and have 130: made.", "… have only 110: dedans."."""
    team = rules.team(name)
    mine = points[bid.taker]
    if bid.failed is BidFailed.NO_CAPOT:
        # glossary: capot, dedans
        return Said.agreeing(team, N_("%(side)s bid capot but did not take every trick: dedans."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s bid capot but did not take every trick: dedans."), side=name)
    if bid.failed is BidFailed.SHORT:
        # glossary: bid, dedans
        return Said.agreeing(team, N_("%(side)s bid %(bid)s and has only %(points)s: dedans."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s bid %(bid)s and have only %(points)s: dedans."), side=name, bid=bid.bid,
                             points=mine)
    if bid.failed is BidFailed.NOT_MORE:
        # glossary: bid, dedans
        return Said.agreeing(team, N_("%(side)s bid %(bid)s and has %(points)s, but not more than the other "
                                      "side's %(against)s: dedans."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s bid %(bid)s and have %(points)s, but not more than the other side's "
                                "%(against)s: dedans."), side=name, bid=bid.bid, points=mine,
                             against=points[1 - bid.taker])
    if isinstance(bid.bid, str):
        # glossary: capot, made it
        return Said.agreeing(team, N_("%(side)s bid capot and took every trick: made."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s bid capot and took every trick: made."), side=name)
    # glossary: bid, made it
    return Said.agreeing(team, N_("%(side)s bid %(bid)s and has %(points)s: made."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s bid %(bid)s and have %(points)s: made."), side=name, bid=bid.bid, points=mine)


def _line_term(rules: Rules, kind: str, points: int) -> Said:
    """One term of a side's line: "its points 130", "the bid 120", "the hand 162", "declarations 20", "belote 20"."""
    if kind == "points":
        # Translators: a term of what a side writes in Belote contrée: its points in the hand ("points 130 + the
        # bid 120 = 250").
        return Said("points %(points)s", points=points)
    if kind == "bid":
        # glossary: bid
        return Said("the bid %(points)s", points=points)
    if kind == "hand":
        # glossary: hand, dedans
        # Translators: what the defence writes when the bid fails: the whole hand's points ("the hand 162 + the bid
        # 120 = 282").
        return Said("the hand %(points)s", points=points)
    if kind == "declarations":
        return _melds_term(rules, points)
    return _bela(rules, points)


def _writes(rules: Rules, name: str, terms: Sequence[tuple[str, int]], total: int) -> Said:
    """What a side writes, term by term: "Ana & Marko write the hand 162 + the bid 120 = 282."."""
    team = rules.team(name)
    if not terms:
        # Translators: a side writes nothing for the hand: "Mike & Yvonne write nothing."
        return Said.agreeing(team, N_("%(side)s writes nothing."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s write nothing."), side=name)
    if len(terms) == 1 and terms[0][0] == "points":
        # Translators: a side writes its own points of the hand: "Mike & Yvonne write their own 32."
        return Said.agreeing(team, N_("%(side)s writes its own %(points)s."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s write their own %(points)s."), side=name, points=total)
    if len(terms) == 1 and terms[0][0] == "bela":
        return _keeps_bela(rules, name, total)
    if len(terms) == 1:
        # Translators: a side writes one figure: "Mike & Yvonne write the hand 162."
        return Said.agreeing(team, N_("%(side)s writes %(term)s."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s write %(term)s."), side=name, term=_line_term(rules, *terms[0]))
    parts = Listed((_line_term(rules, kind, points) for kind, points in terms), " + ")
    # Translators: what a side writes, added up: "Ana & Marko write points 130 + the bid 120 = 250."
    return Said.agreeing(team, N_("%(side)s writes %(terms)s = %(total)s."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s write %(terms)s = %(total)s."), side=name, terms=parts, total=total)


def _coinched(rules: Rules, bid: BidJudged, names: Sequence[str]) -> list[str]:
    """Coinche ×2, surcoinche ×4: the winner's line multiplied, what the other side keeps."""
    winner = bid.winner
    loser = 1 - winner
    line = bid.lines[winner]
    # glossary: coinche
    # Translators: the contract was coinched (doubled): "Coinched: 250 × 2 = 500."
    word = (Said("Coinched") if bid.double == 1
            # glossary: coinche
            # Translators: the contract was surcoinched (redoubled): "Surcoinched: 250 × 4 = 1000."
            else Said("Surcoinched"))
    lines: list[str] = [Said("%(doubled)s: %(scores)s.", doubled=word,
                             scores=Said("%(points)s × %(times)s = %(total)s", points=line, times=bid.multiplier,
                                         total=line * bid.multiplier))]
    name, kept = names[loser], bid.kept[loser]
    team = rules.team(name)
    if not kept:
        lines.append(_writes(rules, name, (), 0))
    elif bid.failed is None and rules.double_loser is DoubleLoser.KEEPS_OWN:
        # Translators: the side that lost a coinched contract keeps its own points, not multiplied.
        lines.append(Said.agreeing(team, N_("%(side)s keeps its own %(points)s, not multiplied."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("%(side)s keep their own %(points)s, not multiplied."), side=name,
                                   points=kept))
    else:
        lines.append(_keeps_bela(rules, name, kept))
    return lines


def _keeps_bela(rules: Rules, name: str, points: int) -> Said:
    """The side that lost the contract keeps its belote, which always counts."""
    # glossary: belote and rebelote
    # Translators: the side that lost the contract keeps only its belote: "Mike & Yvonne keep only their belote, 20."
    return Said.agreeing(rules.team(name), N_("%(side)s keeps only its %(bela)s, %(points)s."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s keep only their %(bela)s, %(points)s."), side=name, bela=rules.bela_word,
                         points=points)


def _bid_sum(rules: Rules, side: SideSum, name: str) -> Said:
    """A side's points in a game with bids, as its table counts them, the last trick in (who took it changes
    nothing there, and its pad does not ask): "Ana & Marko: points 110 + belote 20 = 130."."""
    terms = [_line_term(rules, "points", side.card_points + (rules.last_trick if side.last_trick else 0))]
    if side.melds and side.melds_count:
        terms.append(_melds_term(rules, side.melds))
    if side.bela:
        terms.append(_bela(rules, side.bela))
    if side.valat:
        terms.append(_valat_term(rules, side.valat))
    return Said("%(side)s: %(sum)s = %(total)s.", side=name, sum=Listed(terms, " + "), total=side.total)


def _bid_hand(rules: Rules, judged: Decided, bid: BidJudged, names: Sequence[str], lines: list[str]) -> tuple[str, ...]:
    """A hand of Belote contrée (RULES.md §12): each side's points, the bid made or dedans, what each side writes,
    coinche, the rounding, the game's end."""
    hand = judged.hand_points
    for side, terms in enumerate(hand.sums):
        if terms is not None and (terms.melds or terms.bela or terms.valat):
            lines.append(_bid_sum(rules, terms, names[side]))
    if hand.valat is not None:
        lines.append(_every_trick(rules, names[hand.valat], False))
    lines.append(_bid_verdict(rules, bid, hand.points, names[bid.taker]))
    winner = bid.winner
    lines.append(_writes(rules, names[winner], bid.terms[winner], bid.lines[winner]))
    if bid.multiplier > 1:
        lines.extend(_coinched(rules, bid, names))
    else:
        loser = 1 - winner
        lines.append(_writes(rules, names[loser], bid.terms[loser], bid.lines[loser]))
    if bid.rounded != bid.before_rounding:
        # Translators: a score rounded to tens: "166 → 170".
        parts = [Said("%(points)s → %(tens)s", points=before, tens=after)
                 for before, after in zip(bid.before_rounding, bid.rounded, strict=True) if before != after]
        # Translators: the scores rounded to tens, by the house's rounding: "Rounded: 166 → 170, 76 → 80."
        lines.append(Said("Rounded: %(scores)s.", scores=Listed(parts, N_(", "))))
    if judged.ends:
        lines.extend(_game_end(rules, end, names) for end in judged.ends)
    return tuple(lines)


# ------------------------------------------------------------------------------------------------ game points


def _turned(judged: GamePointsJudged, names: Sequence[str]) -> Said:
    """The raw points turned into game points: "Game points: Ana & Marko 100 → 10, Ivo & Petra 62 → 6."."""
    parts = Listed((Said("%(side)s %(points)s → %(game)s", side=names[s], points=judged.raw[s],
                         game=judged.cards[s]) for s in range(2)), N_(", "))
    if judged.per_point == 5:
        # glossary: Sun
        # Translators: Baloot's Sun: raw points ÷ 5, "Sun counts double: Ana & Marko 67 → 14, Ivo & Petra 63 → 12."
        return Said("Sun counts double (raw points ÷ 5, to the even number): %(parts)s.", parts=parts)
    if judged.both_six:
        # glossary: Hokum
        # Translators: Baloot's Hokum, raw points ÷ 10, when both end in 6 the higher rounds down.
        return Said("Game points (raw points ÷ 10; both end in 6, so the higher rounds down): %(parts)s.",
                    parts=parts)
    # glossary: Hokum
    # Translators: Baloot's Hokum: raw points ÷ 10, 6 and more up: "Game points: Ana & Marko 100 → 10, Ivo & Petra
    # 62 → 6."
    return Said("Game points (raw points ÷ 10, 6 and more up): %(parts)s.", parts=parts)


def _game_points_verdict(rules: Rules, judged: GamePointsJudged, names: Sequence[str]) -> Said:
    """Whether the buyer made it: "The buyer Ana & Marko: 15 against 6: made."."""
    taker, other = judged.taker, 1 - judged.taker
    mine = judged.cards[taker] + judged.projects[taker]
    theirs = judged.cards[other] + judged.projects[other]
    # glossary: taker
    # Translators: Baloot: how the buyer's hand is judged, "The buyer Ana & Marko: 15 against 6".
    head = Said("The buyer %(side)s: %(points)s against %(against)s", side=names[taker], points=mine,
                against=theirs)
    if judged.level_raw and judged.raw[taker] == judged.raw[other]:
        if judged.winner is None:
            # glossary: hand
            # Translators: %(head)s is "The buyer Ana & Marko: 8 against 8"; raw points are the card points.
            return Said("%(head)s, and level in raw points too (%(raw)s): each side writes its own.", head=head,
                        raw=judged.raw[taker])
        doubler = names[1 - judged.winner]
        # glossary: double
        # Translators: %(head)s is "The buyer Ana & Marko: 8 against 8"; %(side)s the side that doubled.
        return Said("%(head)s, and level in raw points too: the side that doubled, %(side)s, loses.", head=head,
                    side=doubler)
    if judged.level_raw:
        made = judged.verdict is Verdict.MADE
        # glossary: made it, khasran
        # Translators: %(head)s is "The buyer Ana & Marko: 8 against 8"; raw points 86 against 76.
        return (Said("%(head)s, and %(raw)s raw points against %(against)s: made.", head=head,
                     raw=judged.raw[taker], against=judged.raw[other]) if made
                # glossary: khasran
                else Said("%(head)s, and %(raw)s raw points against %(against)s: khasran.", head=head,
                          raw=judged.raw[taker], against=judged.raw[other]))
    if judged.verdict is Verdict.MADE:
        # glossary: made it
        return Said("%(head)s: made.", head=head)
    # glossary: khasran
    return Said("%(head)s: khasran.", head=head)


def _game_points_hand(rules: Rules, judged: Decided, game: GamePointsJudged, names: Sequence[str],
                      lines: list[str]) -> tuple[str, ...]:
    """A hand of Baloot (RULES.md §13): the contest of projects, the game points, the kaboot, the verdict, what the
    winner writes (doubled: times the multiplier), the baloot, gahwa, the game's end."""
    if game.kaboot is not None:
        # glossary: kaboot
        lines.append(Said("%(side)s took every trick: kaboot, %(points)s.", side=names[game.kaboot],
                          points=game.cards[game.kaboot]))
    else:
        lines.append(_turned(game, names))
    for s in range(2):
        if game.projects[s]:
            # glossary: projects
            # Translators: Baloot: a side's projects turned into game points, "Ana & Marko: projects 50 → 5."
            lines.append(Said("%(side)s: projects %(points)s → %(game)s.", side=names[s],
                              points=game.projects[s] * game.per_point, game=game.projects[s]))
    lines.append(_game_points_verdict(rules, game, names))
    winner = game.winner
    if winner is not None and (game.multiplier > 1 or game.verdict is Verdict.FAILED):
        name = names[winner]
        cards, projects = sum(game.cards), sum(game.projects)
        if game.multiplier > 1:
            word = _BALOOT_DOUBLES.get(game.double, Said("Doubled"))
            if projects and game.project_times != game.multiplier:
                # Translators: Baloot: a doubled hand, the projects multiplied by 2 only (house rule): "Three (×3):
                # Ana & Marko write everything: 16 × 3 + projects 5 × 2 = 58."
                lines.append(Said.agreeing(rules.team(name), N_("%(word)s (×%(times)s): %(side)s writes everything: "
                                                                "%(cards)s × %(times)s + projects %(projects)s × "
                                                                "%(two)s = %(total)s."),
                                           N_("%(word)s (×%(times)s): %(side)s write everything: %(cards)s × "
                                              "%(times)s + projects %(projects)s × %(two)s = %(total)s."),
                                           word=word, times=game.multiplier, side=name, cards=cards,
                                           projects=projects, two=game.project_times,
                                           total=cards * game.multiplier + projects * game.project_times))
            else:
                # Translators: Baloot: a doubled hand goes whole to its winner: "Double (×2): Ana & Marko write
                # everything: 16 × 2 = 32."
                lines.append(Said.agreeing(rules.team(name), N_("%(word)s (×%(times)s): %(side)s writes everything: "
                                                                "%(whole)s × %(times)s = %(total)s."),
                                           # Translators: the same, said of a team (two partners): verbs plural.
                                           N_("%(word)s (×%(times)s): %(side)s write everything: %(whole)s × "
                                              "%(times)s = %(total)s."), word=word, times=game.multiplier,
                                           side=name, whole=game.whole, total=game.whole * game.multiplier))
        elif projects:
            # glossary: khasran, projects
            # Translators: Baloot: the buyer failed, the other side writes the whole hand and every project.
            lines.append(Said.agreeing(rules.team(name), N_("%(side)s writes the whole hand, %(cards)s + projects "
                                                            "%(projects)s = %(total)s."),
                                       # Translators: the same, said of a team (two partners): verbs plural.
                                       N_("%(side)s write the whole hand, %(cards)s + projects %(projects)s = "
                                          "%(total)s."), side=name, cards=cards, projects=projects,
                                       total=cards + projects))
        else:
            # glossary: khasran
            lines.append(Said.agreeing(rules.team(name), N_("%(side)s writes the whole hand, %(total)s."),
                                       # Translators: the same, said of a team (two partners): verbs plural.
                                       N_("%(side)s write the whole hand, %(total)s."), side=name, total=cards))
    else:
        written = Listed((Said("%(side)s %(points)s", side=names[s], points=game.cards[s] + game.projects[s])
                          for s in range(2)), N_(", "))
        lines.append(Said("Each side writes its own: %(written)s.", written=written))
    for s in range(2):
        if game.baloot[s]:
            lines.append(Said.agreeing(rules.team(names[s]), N_("%(Bela)s always counts: %(side)s keeps %(bela)s "
                                                                "%(points)s."),
                                       N_("%(Bela)s always counts: %(side)s keep %(bela)s %(points)s."),
                                       Bela=capital_bela(rules), side=names[s], bela=rules.bela_word,
                                       points=game.baloot[s]))
    for end in judged.ends:
        if end.ending is Ending.GAHWA:
            side = names[end.sides[0]]
            # glossary: gahwa, game
            lines.append(Said.agreeing(rules.team(side), N_("Gahwa: %(side)s wins the hand, so wins the game."),
                                       # Translators: the same, said of a team (two partners): verbs plural.
                                       N_("Gahwa: %(side)s win the hand, so win the game."), side=side))
        else:
            lines.append(_game_end(rules, end, names))
    return tuple(lines)


_BALOOT_DOUBLES = {
    # glossary: double
    # Translators: Baloot's دبل, the first doubling (×2).
    1: Said("Double"),
    # Translators: Baloot's ثري, the second doubling (×3).
    2: Said("Three"),
    # Translators: Baloot's فور, the third doubling (×4).
    3: Said("Four"),
}


# ------------------------------------------------------------------------------------------------ the game's end


def _and(names: Sequence[str], sides: Sequence[int]) -> Listed:
    """``Mike and Yvonne``."""
    return Listed((names[s] for s in sides), N_(" and "))


def _game_end(rules: Rules, end: GameEnd, names: Sequence[str]) -> Said:
    """What the hand did to the end of the game: a side wins it, or another hand (or deal) is played."""
    ending = end.ending
    if ending is Ending.DEAL_LIMIT_DRAW:
        # glossary: game
        return Said("Deal %(deal)s of %(limit)s played and %(sides)s are level on %(total)s: the game is a draw.",
                    deal=end.deal, limit=rules.deal_limit, sides=_and(names, end.sides), total=end.total)
    if ending is Ending.VALAT:
        # glossary: game, hand, valat
        return Said("No game is won on a hand with a valat: another hand is played.")
    if ending is Ending.LEVEL:
        # glossary: hand
        return Said("%(sides)s are level on %(total)s: another hand is played.", sides=_and(names, end.sides),
                    total=end.total)
    if ending is Ending.WON:
        side = names[end.sides[0]]
        # glossary: game
        return Said.agreeing(rules.team(side), N_("%(side)s reaches %(total)s of %(target)s: %(side)s "
                                                  "wins the game."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("%(side)s reach %(total)s of %(target)s: %(side)s win the game."), side=side,
                             total=end.total, target=rules.target)
    return _deal_limit(rules, end, names)


def _deal_limit(rules: Rules, end: GameEnd, names: Sequence[str]) -> Said:
    """Option deal-limit (RULES.md §6): the deal that reached the limit, or one played after it."""
    deal, limit = end.deal, rules.deal_limit
    at_limit = deal == limit
    if end.ending is Ending.DEAL_LIMIT_VALAT:
        if at_limit:
            # glossary: game, hand, valat
            return Said("Deal %(deal)s of %(limit)s played, but no game is won on a hand with a valat: another "
                        "deal is played.", deal=deal, limit=limit)
        # glossary: game, hand, valat
        return Said("Deal %(deal)s (%(limit)s was the limit) played, but no game is won on a hand with a "
                    "valat: another deal is played.", deal=deal, limit=limit)
    if end.ending is Ending.DEAL_LIMIT_LEVEL:
        if at_limit:
            return Said("Deal %(deal)s of %(limit)s played and %(sides)s are level on %(total)s: another deal "
                        "is played.", deal=deal, limit=limit, sides=_and(names, end.sides), total=end.total)
        return Said("Deal %(deal)s (%(limit)s was the limit) played and %(sides)s are level on %(total)s: "
                    "another deal is played.", deal=deal, limit=limit, sides=_and(names, end.sides),
                    total=end.total)
    side = names[end.sides[0]]
    if at_limit:
        # glossary: game
        return Said.agreeing(rules.team(side), N_("Deal %(deal)s of %(limit)s played: %(side)s is "
                                                  "ahead with %(total)s and wins the game."),
                             # Translators: the same, said of a team (two partners): its verbs plural.
                             N_("Deal %(deal)s of %(limit)s played: %(side)s are ahead with %(total)s and win the "
                                "game."), deal=deal, limit=limit, side=side, total=end.total)
    # glossary: game
    return Said.agreeing(rules.team(side), N_("Deal %(deal)s (%(limit)s was the limit) played: "
                                              "%(side)s is ahead with %(total)s and wins the "
                                              "game."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("Deal %(deal)s (%(limit)s was the limit) played: %(side)s are ahead with %(total)s and "
                            "win the game."), deal=deal, limit=limit, side=side, total=end.total)


# ------------------------------------------------------------------------------------------------ claims


def too_soon_to_claim(rules: Rules, name: str, total: int) -> Said:
    """The problem with a claim by a side below the total a claim needs (option claim-from)."""
    # glossary: claim
    return Said.agreeing(rules.team(name), N_("%(side)s has %(total)s: only a side "
                                              "on %(least)s or more may claim"),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s have %(total)s: only a side on %(least)s or more may claim"),
                         side=name, total=total, least=rules.claim_from)


def race_falls_short(rules: Rules, name: str, reached: int, target: int) -> Said:
    """The problem with a claim of the race that does not reach the target ahead of the other side."""
    # glossary: claim
    return Said.agreeing(rules.team(name), N_("%(side)s would have %(reached)s: a claim of the race must reach "
                                              "%(target)s and be ahead"),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s would have %(reached)s: a claim of the race must reach %(target)s and be "
                            "ahead"), side=name, reached=reached, target=target)


def _race(rules: Rules, claimed: Claimed, names: Sequence[str]) -> tuple[str, ...]:
    """A good claim of the race: both sides add what they had won so far in the hand."""
    name = names[claimed.side]
    won = Listed((Said("%(side)s %(points)s", side=names[s], points=p) for s, p in enumerate(claimed.scores)),
                 N_(", "))
    # glossary: claim, game, hand
    # Translators: the race (Croatian "dosta"): %(won)s is what each side had won so far in the hand: "Ana & Marko
    # 41, Mike & Yvonne 28".
    return (Said("Race: both sides add what they had won so far (%(won)s), without pass or fall.", won=won),
            Said.agreeing(rules.team(name), N_("%(side)s reaches %(reached)s of %(target)s, ahead: %(side)s "
                                               "wins the game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("%(side)s reach %(reached)s of %(target)s, ahead: %(side)s win the game."),
                          side=name, reached=claimed.reached, target=rules.target))


_KINDS = {
    # glossary: Stöck
    ThanksKind.STOECK: Said("Stöck"),
    # glossary: Weis
    ThanksKind.WEIS: Said("Weis"),
    # Translators: Jass: the points of the tricks won (Stich), as one of the kinds in the counting order.
    ThanksKind.TRICKS: Said("tricks"),
}


def _thanks(rules: Rules, claimed: Claimed, thanked: Thanked, names: Sequence[str]) -> tuple[str, ...]:
    """Jass's bedanken: what both sides add, whether the claimant had reached the target, and the counting order."""
    name = names[claimed.side]
    added = Listed((Said("%(side)s %(total)s", side=names[s], total=t) for s, t in enumerate(claimed.totals)),
                   N_(", "))
    # glossary: bedanken
    # Translators: Jass: a side "thanks" (bedankt sich) to end the game in the middle of a hand. %(won)s is what each
    # side adds ("Ana & Marko 20, Ivo & Petra 81"); %(totals)s the totals after it.
    won = Listed((Said("%(side)s %(points)s", side=names[s], points=p) for s, p in enumerate(claimed.scores)),
                 N_(", "))
    lines: list[str] = [Said.agreeing(rules.team(name), N_("%(side)s thanks: both sides add what they have won so far "
                                                           "(%(won)s): %(totals)s."),
                                      # Translators: the same, said of a team (two partners): its verbs plural.
                                      N_("%(side)s thank: both sides add what they have won so far (%(won)s): "
                                         "%(totals)s."), side=name, won=won, totals=added)]
    if thanked.times != 1:
        lines.append(_times(thanked.times, claimed.scores))
    winner = claimed.winner
    assert winner is not None
    if not claimed.good:
        # glossary: bedanken
        lines.append(Said.agreeing(rules.team(name), N_("%(side)s thanked short of %(target)s and loses the game."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("%(side)s thanked short of %(target)s and lose the game."), side=name,
                                   target=rules.target))
        lines.append(_wins(rules, names[winner]))
        return tuple(lines)
    both = sum(1 for place in thanked.reached if place is not None) > 1
    if both:
        order = Listed((_KINDS[kind] for kind in thanked.order), N_(", "))
        place = thanked.reached[winner]
        assert place is not None
        # glossary: bedanken
        # Translators: Jass's counting order: %(order)s is "Stöck, Weis, tricks"; %(kind)s the kind of points that
        # took the first side to the target.
        lines.append(Said("Both sides have reached %(target)s: counted in the order %(order)s, %(side)s got there "
                          "first, with %(kind)s.", target=rules.target, order=order, side=names[winner],
                          kind=_KINDS[thanked.order[place]]))
    else:
        lines.append(Said.agreeing(rules.team(name), N_("%(side)s has reached %(target)s."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("%(side)s have reached %(target)s."), side=name, target=rules.target))
    lines.append(_wins(rules, names[winner]))
    return tuple(lines)


def _wins(rules: Rules, side: str) -> Said:
    """``Ana & Marko win the game.``"""
    # glossary: game
    return Said.agreeing(rules.team(side), N_("%(side)s wins the game."),
                         # Translators: the same, said of a team (two partners): its verbs plural.
                         N_("%(side)s win the game."), side=side)


def explain_claim(rules: Rules, claimed: Claimed, names: Sequence[str]) -> tuple[str, ...]:
    """A claim: what was won so far, whether it reaches the target, what a false claim costs, and what becomes
    of an open pot (a claim that ends the game leaves it unscored, as any game's end does: RULES.md §4.7)."""
    lines = _claim(rules, claimed, names)
    if claimed.forfeit is None and claimed.pot:
        lines += (_pot_unscored(claimed.pot),)
    return lines


def _pot_unscored(pot: int) -> Said:
    # glossary: pot, claim, game
    return Said("The pot of %(pot)s goes to nobody: it does not count towards a claim, and the game ended with the "
                "claim.", pot=pot)


def claim_pot(rules: Rules, pot: int) -> Said | None:
    """What becomes of an open pot of ``pot`` if a side claims now, for the claim form (None without a pot): it
    never counts towards the claim; a claim that ends the game leaves it unscored; a false claim that forfeits the
    hand gives it to the other side with the hand value."""
    if not pot:
        return None
    if rules.claims is Claims.RACE or rules.thanks or rules.false_claim is FalseClaim.LOSES_GAME:
        # glossary: pot, claim, game
        return Said("The pot of %(pot)s does not count towards a claim: the game ends with the claim, and the pot "
                    "goes to nobody.", pot=pot)
    # glossary: pot, claim, game, hand
    return Said("The pot of %(pot)s does not count towards a claim: a good claim ends the game and the pot goes to "
                "nobody; a false claim gives it to the other side with the hand value.", pot=pot)


def _claim(rules: Rules, claimed: Claimed, names: Sequence[str]) -> tuple[str, ...]:
    if rules.claims is Claims.RACE:
        return _race(rules, claimed, names)
    if claimed.thanks is not None:
        return _thanks(rules, claimed, claimed.thanks, names)
    name = names[claimed.side]
    team = rules.team(name)
    lines: list[str] = []
    if claimed.parts is not None:
        lines.append(_claim_parts(rules, claimed.parts, name))
    fields = {"side": name, "points": claimed.points, "total": claimed.total, "reached": claimed.reached,
              "target": rules.target}
    if claimed.good:
        # glossary: claim, game
        # Translators: %(points)s were won so far in this hand; %(total)s is the side's total before it.
        lines.append(Said.agreeing(team, N_("%(side)s claims with %(points)s won so far: %(total)s "
                                            "+ %(points)s = %(reached)s, reaching %(target)s. Good "
                                            "claim: %(side)s wins the game."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("%(side)s claim with %(points)s won so far: %(total)s + %(points)s = "
                                      "%(reached)s, reaching %(target)s. Good claim: %(side)s win the game."),
                                   **fields))
        return tuple(lines)
    # glossary: claim
    # Translators: %(points)s were won so far in this hand; %(total)s is the side's total before it.
    lines.append(Said.agreeing(team, N_("%(side)s claims with %(points)s won so far: %(total)s + "
                                        "%(points)s = %(reached)s, "
                                        "short of %(target)s. False "
                                        "claim."),
                               # Translators: the same, said of a team (two partners): its verbs plural.
                               N_("%(side)s claim with %(points)s won so far: %(total)s + %(points)s = %(reached)s, "
                                  "short of %(target)s. False claim."), **fields))
    if claimed.lost_to is not None:
        winner = names[claimed.lost_to]
        # glossary: claim, game
        lines.append(Said.agreeing(rules.team(winner), N_("A false claim loses the game: %(side)s wins the "
                                                          "game."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("A false claim loses the game: %(side)s win the game."), side=winner))
        return tuple(lines)
    forfeit = claimed.forfeit
    assert forfeit is not None
    lines.extend(forfeit.meld_contest)
    terms: list[object] = [forfeit.deck]
    if forfeit.melds:
        terms.append(Said("melds %(points)s", points=forfeit.melds))
    if forfeit.bela:
        terms.append(_bela(rules, forfeit.bela))
    # glossary: hand
    # Translators: %(sum)s is the hand value added up: "162", "162 + melds 20 + bela 20".
    lines.append(Said.agreeing(team, N_("%(side)s forfeits the hand: %(other)s scores the hand "
                                        "value %(sum)s = %(total)s."),
                               # Translators: the same, said of a team (two partners): its verbs plural.
                               N_("%(side)s forfeit the hand: %(other)s score the hand value %(sum)s = %(total)s."),
                               side=name, other=names[forfeit.other], sum=Listed(terms, " + "), total=forfeit.value))
    if forfeit.pot:
        lines.append(_takes_the_pot(names[forfeit.other], forfeit.pot))
    lines.extend(_game_end(rules, end, names) for end in claimed.ends)
    return tuple(lines)
