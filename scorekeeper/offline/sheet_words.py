"""The score sheet's words, made once for the server's pages and for the phone with no signal: what each side still
needs, the game and the games won, who deals next, how the match ended, each hand's result in the table's words
("Mike is bate", "valat", "pot 20") and its scores with the names, the head of each game and the line that ends it.

The server's templates call these (``_macros/score.html``, ``scorer/_sheet_live.html``, through the template globals
``views/offline.py`` registers), and so does the phone's worker, whose ``replay`` answers them said in the phone's
language (``sheet``): the two sheets cannot say different things. Nothing here scores: every figure is one the
engine gave. Standard library and ``scorekeeper.rules`` only: it runs in Pyodide on the phone too.

Each sentence is a ``Said`` (the server says it with its catalogs, the phone with the engine's cut of them); the one
line written as HTML (who deals next, its names in bold) escapes the names itself."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules import SUIT_SIGNS, Result, Rules
from ..rules.hand import BIDS, CAPOT
from ..rules.variants import Success, TableWords, Tie
from ..rules.words import Number, Place, Said, Translate

Sides = Sequence[Mapping[str, Any]]
"""The sides as the pages list them: ``{"index": 0, "name": "Mike"}``."""


def _same(message: str) -> str:
    return message


class Joined(Said):
    """Parts said one after the other with nothing between them, and nothing of its own to translate: a sentence
    and the words that follow it, a name and its contract."""

    parts: tuple[object, ...]

    def __new__(cls, *parts: object) -> Joined:
        self = str.__new__(cls, "".join(map(str, parts)))
        self.message = ""
        self.fields = {}
        self.parts = parts
        return self

    def say(self, translate: Translate = _same, number: Number = str, place: Place = _same) -> str:
        return "".join(_said(part, translate, number, place) for part in self.parts)

    def __reduce__(self) -> tuple[object, ...]:
        return (Joined, self.parts)


class InContext(Said):
    """A message that has a context (gettext's ``pgettext``): one English word that other languages tell apart."""

    context: str

    def __new__(cls, context: str, message: str, /) -> InContext:
        self = str.__new__(cls, message)
        self.message = message
        self.fields = {}
        self.context = context
        return self

    def say(self, translate: Translate = _same, number: Number = str, place: Place = _same) -> str:
        found = translate(f"{self.context}\x04{self.message}")
        return self.message if "\x04" in found else found

    def __reduce__(self) -> tuple[object, ...]:
        return (InContext, (self.context, self.message))


def pgettext(context: str, message: str) -> Said:
    """A word with a context, marked for ``make messages`` as gettext's ``pgettext`` is."""
    return InContext(context, message)


def _said(part: object, translate: Translate, number: Number, place: Place) -> str:
    if isinstance(part, Said):
        return place(part.say(translate, number, place))
    if isinstance(part, int | float) and not isinstance(part, bool):
        return place(number(part))
    return place(str(part))


def said_all(value: Any, say: Callable[[str], str]) -> Any:
    """Every ``Said`` in ``value`` (a dict, a list, or one) said with ``say``; anything else as it is."""
    if isinstance(value, Said):
        return say(value)
    if isinstance(value, Mapping):
        return {key: said_all(item, say) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [said_all(item, say) for item in value]
    return value


def _seat(value: Any, count: int) -> int | None:
    return value if isinstance(value, int) and 0 <= value < count else None


# ---- each hand's words


def signed(points: int) -> str:
    """A hand's score as the sheet writes it: ``+136``, ``+0``, ``-20`` (whole numbers in plain digits in every
    language, as ``i18n.number`` writes them)."""
    return f"+{points}" if points >= 0 else str(points)


def score_words(scores: Sequence[int] | None, sides: Sides) -> str:
    """``Mike +0, Yvonne +136``: what each side scored in a hand."""
    if not scores:
        return ""
    return ", ".join(f"{side['name']} {signed(scores[side['index']])}" for side in sides)


def result_words(hand: Mapping[str, Any], names: Sequence[str], rules: Rules) -> Said:
    """A hand's result in the table's words, with the names: "Mike is bate", "Ann & Cat (♥ ×2) made it (outside)"."""
    four = rules.players == 4
    given = hand.get("input")
    inp: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    # Belote's own words (outside, inside, hanging), where the game says them.
    belote = rules.outside_inside
    jass = rules.words is TableWords.JASS
    # glossary: trumps (no trumps, all trumps), Obenabe, Undenufe
    signs: dict[str, object] = {**SUIT_SIGNS, "no-trumps": Said("no trumps"), "all-trumps": Said("all trumps"),
                                "top-down": Said("Obenabe"), "bottom-up": Said("Undenufe")}
    seat = _seat(inp.get("taker"), len(names))
    # glossary: taker
    taker: object = names[seat] if seat is not None else Said("the taker")
    contract: object = signs.get(str(inp.get("contract")), "") if inp.get("contract") else ""
    double = inp.get("double")
    times = rules.double_times  # doubled, redoubled; coinche, surcoinche; Baloot's double, three, four
    doubled: object = f"×{times[double]}" if isinstance(double, int) and 0 < double < len(times) else ""
    if rules.game_points and inp.get("contract") == "no-trumps":
        # glossary: Sun
        contract = Said("Sun")
    if rules.game_points and inp.get("gahwa") is True:
        # glossary: gahwa
        doubled = Joined(doubled, " ", Said("gahwa")) if doubled else Said("gahwa")
    multiplier = hand.get("multiplier")
    if jass and isinstance(multiplier, int) and multiplier > 1:
        doubled = f"×{multiplier}"  # Jass: the contract's multiplier (the engine's), as a double is written
    bid = inp.get("bid") if rules.bids else None
    # glossary: capot
    said_bid: object = (Said("capot") if bid == CAPOT else str(bid)) if bid in BIDS else ""
    shown = [part for part in (said_bid, contract, doubled) if part]
    how: object = Joined(" (", *_spaced(shown), ")") if shown else ""
    claim: Mapping[str, Any] = inp["claim"] if isinstance(inp.get("claim"), Mapping) else {}
    claim_seat = _seat(claim.get("side"), len(names))
    claimant: object = names[claim_seat] if claim_seat is not None else Said("the claimant")
    revoke: Mapping[str, Any] = inp["revoke"] if isinstance(inp.get("revoke"), Mapping) else {}
    half = rules.success is Success.HALF_BAIT
    result = hand.get("result")
    if hand.get("voided"):
        return Said("voided: no longer scored")
    if result == Result.THROWN_IN:
        return Said("thrown in: nobody scores")
    if result == Result.CLAIM and jass:
        # glossary: bedanken
        return Said("%(side)s said bedanken", side=claimant)
    if result == Result.FALSE_CLAIM and jass:
        # glossary: bedanken
        return Said("%(side)s said bedanken short of the target (a false claim)", side=claimant)
    if result == Result.CLAIM:
        return Said("%(side)s claimed the game", side=claimant)
    if result == Result.FALSE_CLAIM:
        return Said("%(side)s’s claim fell short (a false claim)", side=claimant)
    if result == Result.REVOKE:
        return _revoke_words(revoke, names)
    if result == Result.MADE and jass and contract:
        # Jass: each side writes its own; the hand is told by who chose the contract (Trumpf, Obenabe, Undenufe).
        # Translators: Jass: %(taker)s is the side that chose the contract, %(contract)s the contract, "♠ ×2".
        return Said("%(taker)s chose %(contract)s", taker=taker, contract=Joined(*_spaced(shown)))
    if result == Result.MADE:
        # glossary: made it; (outside) is Belote's word for a contract made
        if belote:
            return Said("%(taker)s%(how)s made it (outside)", taker=taker, how=how)
        return Said("%(taker)s%(how)s made it", taker=taker, how=how)
    if result == Result.BATE:
        return _bate_words(rules, four, belote, half, taker, how)
    if result == Result.TIE and seat is not None and len(names) == 2:
        # Two sides: the taker tied with the other one, said by its name (a single defender is no "defenders").
        # Translators: %(taker)s and %(other)s are the two sides' names ("Yvonne tied with Mike:"), %(how)s the
        # contract, " (♣)", or nothing.
        return Joined(Said("%(taker)s%(how)s tied with %(other)s:", taker=taker, how=how, other=names[1 - seat]), " ",
                      _tie_words(rules, belote))
    if result == Result.TIE:
        return Joined(Said("%(taker)s%(how)s tied with the defenders:", taker=taker, how=how), " ",
                      _tie_words(rules, belote))
    return Joined(str(result) if result else "")  # a result this version has no words for: its own name


def _spaced(parts: Sequence[object]) -> list[object]:
    spaced: list[object] = []
    for part in parts:
        if spaced:
            spaced.append(" ")
        spaced.append(part)
    return spaced


def _revoke_words(revoke: Mapping[str, Any], names: Sequence[str]) -> Said:
    # glossary: revoke
    if revoke.get("upheld"):
        accused = _seat(revoke.get("accused"), len(names))
        return Said("revoke by %(player)s: the challenge is upheld",
                    player=names[accused] if accused is not None else Said("a player"))
    accuser = _seat(revoke.get("accuser"), len(names))
    if accuser is not None:
        return Said("wrong revoke challenge by %(player)s", player=names[accuser])
    return Said("wrong revoke challenge")


def _bate_words(rules: Rules, four: bool, belote: bool, half: bool, taker: object, how: object) -> Said:
    # glossary: bate (inside is Belote's word for it); baited is the half-bait house rule's bate
    if belote:
        return (Said("%(taker)s%(how)s are bate (inside)", taker=taker, how=how) if four
                else Said("%(taker)s%(how)s is bate (inside)", taker=taker, how=how))
    # glossary: khasran: Baloot's word for a failed buyer
    if rules.words is TableWords.BALOOT:
        return (Said("%(taker)s%(how)s are khasran", taker=taker, how=how) if four
                else Said("%(taker)s%(how)s is khasran", taker=taker, how=how))
    # glossary: dedans: Belote contrée's word for a failed bid at every table
    if rules.words is TableWords.CONTREE:
        return (Said("%(taker)s%(how)s are dedans", taker=taker, how=how) if four
                else Said("%(taker)s%(how)s is dedans", taker=taker, how=how))
    # glossary: bate; nat is Klaverjas's word for it at every table
    if rules.words is TableWords.NAT:
        return (Said("%(taker)s%(how)s are nat", taker=taker, how=how) if four
                else Said("%(taker)s%(how)s is nat", taker=taker, how=how))
    # glossary: bate; "baited" is the half-bait house rule's word for it
    if half or rules.words is TableWords.BAIT:
        return (Said("%(taker)s%(how)s are baited", taker=taker, how=how) if four
                else Said("%(taker)s%(how)s is baited", taker=taker, how=how))
    # glossary: bate
    return (Said("%(taker)s%(how)s are bate", taker=taker, how=how) if four
            else Said("%(taker)s%(how)s is bate", taker=taker, how=how))


def _tie_words(rules: Rules, belote: bool) -> Said:
    if rules.game_points:
        # Baloot: level in game points and in raw points.
        return Said("each side writes its own")
    tie = rules.tie
    if tie is Tie.HOLD_TAKER:
        # glossary: hanging (Belote's held-over points)
        return Said("hanging") if belote else Said("the taker’s points are held over")
    if tie is Tie.HOLD_ALL:
        return Said("the whole hand is held over")
    if tie is Tie.TAKER_NOTHING and rules.words is TableWords.BAIT:
        return Said("half bait: the taker scores nothing")
    if tie is Tie.TAKER_NOTHING:
        return Said("the taker scores nothing")
    return Said("the taker is bate")


def every_trick_word(hand: Mapping[str, Any], rules: Rules) -> Said:
    """A hand in which one side took every trick (the engine's ``valat``: true, or in Jass the side): its word at
    the table."""
    if rules.words is TableWords.NAT:
        # Translators: Klaverjas's word for every trick to the playing side (pit), on its sheet.
        return Said("pit")
    if rules.words is TableWords.JASS and hand.get("kontermatch"):
        # glossary: Match
        return Said("Kontermatch")
    if rules.words is TableWords.JASS:
        # glossary: Match. Translators: Jass's word for every trick to one side.
        return pgettext("Jass: every trick to one side", "Match")
    if rules.words is TableWords.CONTREE:
        # glossary: capot
        return Said("capot")
    if rules.words is TableWords.BALOOT:
        # glossary: kaboot
        return Said("kaboot")
    # glossary: valat (every trick to one side)
    return Said("valat")


def every_trick(hand: Mapping[str, Any]) -> bool:
    """Whether one side took every trick in the hand (the engine's ``valat``: true, or in Jass the side's number)."""
    valat = hand.get("valat")
    return valat is True or type(valat) is int


def valat_hands(state: Mapping[str, Any]) -> set[int]:
    """The hands in which one side took every trick."""
    return {h["number"] for h in state.get("hands") or () if every_trick(h)}


def row_words(hand: Mapping[str, Any], names: Sequence[str], rules: Rules) -> Said:
    """A counted hand's words in its row of the sheet: its result, the word for every trick when one side took them
    all, and the pot it left: "Mike (♥) made it, valat · pot 20"."""
    result = result_words(hand, names, rules)
    parts: list[object] = [result]
    valat = every_trick_word(hand, rules)
    if every_trick(hand) and str(valat) not in str(result):
        parts += [", ", valat]
    pot = hand.get("pot")
    if pot:
        # glossary: pot
        parts += [" · ", Said("pot %(points)s", points=pot)]
    return Joined(*parts)


# ---- the games


def game_won_after(state: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    """The hand that ended each game, won or drawn, by number: the game's last hand that counts (a voided hand
    after it, or in it, never carries the line)."""
    won = {g["number"]: g for g in state.get("games") or () if g.get("winner") is not None or g.get("drawn")}
    last: dict[int, int] = {}
    for hand in state.get("hands") or ():
        if not hand.get("voided") and hand.get("game") in won:
            last[hand["game"]] = hand["number"]
    return {number: won[game] for game, number in last.items()}


def game_head(game: int) -> Said:
    """The head of a game's hands on the sheet."""
    # glossary: game
    return Said("Game %(game)s", game=game)


def game_end_words(won: Mapping[str, Any], rules: Rules, names: Sequence[str]) -> Said:
    """The line after the hand that ended a game: "Mike wins game 1, 180 to 124."."""
    # Translators: between the sides' totals at the end of a game, "1001 to 870"; keep the spaces.
    to = Said(" to ")
    parts: list[object] = []
    for total in won.get("totals") or ():
        if parts:
            parts.append(to)
        parts.append(total)
    totals = Joined(*parts)
    winner = _seat(won.get("winner"), len(names))
    # glossary: game. %(side)s is the winner's name, %(game)s the game's number, %(totals)s the sides' totals.
    if winner is None:
        return Said("Game %(game)s is a draw, %(totals)s.", game=won.get("number"), totals=totals)
    if rules.players == 4:
        return Said("%(side)s win game %(game)s, %(totals)s.", side=names[winner], game=won.get("number"),
                    totals=totals)
    return Said("%(side)s wins game %(game)s, %(totals)s.", side=names[winner], game=won.get("number"), totals=totals)


# ---- the scoreboard


def need_words(state: Mapping[str, Any], rules: Rules, side: int) -> Said:
    """Under a side's total: its games won once the match is over; "must claim" at the target when only a claim
    wins; else what it still needs."""
    needs = state.get("needs") or ()
    if state.get("finished"):
        return Said("games won %(count)s", count=(state.get("games_won") or [0] * (side + 1))[side])
    if not rules.wins_at_end_of_hand and needs and needs[side] == 0:
        return Said("must claim")
    if needs:
        return Said("needs %(points)s", points=needs[side])
    return Joined()


def game_line(state: Mapping[str, Any], rules: Rules, sides: Sides) -> Said:
    """The game being played, and the games won when the match is best of more than one."""
    if rules.best_of > 1:
        won = state.get("games_won") or ()
        listed: list[object] = []
        for side in sides:
            if listed:
                listed.append(Said(", "))  # the language's own comma: "، " in Arabic
            listed += [side["name"], " ", won[side["index"]] if side["index"] < len(won) else 0]
        return Joined(Said("Game %(game)s of best of %(best_of)s: games won", game=state.get("game"),
                           best_of=rules.best_of), " ", *listed, ".")
    return Said("Game %(game)s.", game=state.get("game"))


def deal_words(state: Mapping[str, Any], rules: Rules) -> Said:
    """RULES.md §6 deal-limit: the deal about to be played, counted in the current game (thrown-in deals do not
    count)."""
    deal = int(state.get("deals") or 0) + 1
    if deal <= (rules.deal_limit or 0):
        return Said("deal %(deal)s of %(limit)s", deal=deal, limit=rules.deal_limit)
    return Said("deal %(deal)s (level after %(limit)s, playing on)", deal=deal, limit=rules.deal_limit)


def next_line(state: Mapping[str, Any], rules: Rules, players: Sequence[str]) -> Said:
    """Who deals and who leads the next hand, as HTML (the names in bold, escaped here): "Next: <strong>Mike</strong>
    deals, <strong>Yvonne</strong> leads."."""
    if rules.deal_limit:
        deal = int(state.get("deals") or 0) + 1
        count = Joined(f'<span class="deal-count" data-deal="{deal}" data-deal-limit="{rules.deal_limit}">',
                       deal_words(state, rules), "</span>")
        head = Said("Next, %(deal)s:", deal=count)
    else:
        head = Said("Next:")
    dealer = _seat(state.get("dealer"), len(players))
    leader = _seat(state.get("leader"), len(players))
    return Joined(head, " ", Said("<strong>%(dealer)s</strong> deals, <strong>%(leader)s</strong> leads.",
                                  dealer=html.escape(players[dealer] if dealer is not None else ""),
                                  leader=html.escape(players[leader] if leader is not None else "")))


def over_words(state: Mapping[str, Any], rules: Rules, names: Sequence[str]) -> Said:
    """How the match ended."""
    winner = _seat(state.get("winner"), len(names))
    if winner is None:
        return Said("Match over: a draw.")
    if rules.players == 4:
        return Said("Match over: %(side)s win.", side=names[winner])
    return Said("Match over: %(side)s wins.", side=names[winner])


def sides_of(names: Sequence[str]) -> list[dict[str, Any]]:
    """The sides as the pages list them, from their names in order."""
    return [{"index": index, "name": name} for index, name in enumerate(names)]


def sheet(state: Mapping[str, Any], rules: Rules, players: Sequence[str], names: Sequence[str]) -> dict[str, Any]:
    """Everything the sheet says beside the figures, for the phone to put in place: under each side's total, the
    game line, who deals next (HTML) or how the match ended, and for each hand (in the state's order) its result
    words, its scores with the names, the game head before it and the game's end after it ("" where none)."""
    sides = sides_of(names)
    ended = game_won_after(state)
    rows: list[dict[str, Any]] = []
    game = 0
    for hand in state.get("hands") or ():
        head: object = ""
        if hand.get("game") and hand.get("game") != game:
            game = int(hand["game"])
            head = game_head(game)
        won = ended.get(hand["number"])
        rows.append({
            "number": hand["number"],
            "result": result_words(hand, names, rules) if hand.get("voided") else row_words(hand, names, rules),
            "scores": score_words(hand.get("scores"), sides),
            "head": head,
            "end": game_end_words(won, rules, names) if won else "",
        })
    finished = bool(state.get("finished"))
    return {
        "needs": [need_words(state, rules, side["index"]) for side in sides],
        "game": game_line(state, rules, sides),
        "next": "" if finished else next_line(state, rules, players),
        "over": over_words(state, rules, names) if finished else "",
        "rows": rows,
    }
