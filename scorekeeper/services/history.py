"""History: finding a club's (or a phone's) matches, and the statistics of its players.

Read only: nothing here writes. Every figure comes from the engine: a match's state is its cached replay
(``state.state_of``) and the statistics add up those results (``scorekeeper.tally``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from flask import g
from sqlalchemy import select

from ..extensions import db
from ..models import Club, Match, MatchPlayer, Player
from ..rules import PRESETS, Problem
from ..rules.words import Listed, Said
from ..tally import MatchRecord, head_to_head, partnership_tallies, player_tallies, results
from .clubs import club_players, player_key
from .errors import Invalid
from .state import rules_of, side_names, state_of

GAMES = {name: rules.title for name, rules in PRESETS.items()}
"""Each game's name as the pages show it, by preset."""


@dataclass(frozen=True, slots=True)
class Filters:
    """What a match list is narrowed to: a player, a game, a span of days (each optional)."""

    player: str | None = None
    game: str | None = None
    since: date | None = None
    until: date | None = None

    def as_args(self) -> dict[str, str]:
        """The filters as query arguments (for links that keep them)."""
        args = {"player": self.player, "game": self.game, "from": self.since and self.since.isoformat(),
                "to": self.until and self.until.isoformat()}
        return {key: value for key, value in args.items() if value}


def _day(value: str, field: str, problems: list[Problem]) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        # Translators: YYYY-MM-DD is how a day is written in the address (year, month, day): keep it as it is.
        problems.append(Problem(field, Said("a day is written YYYY-MM-DD, such as 2026-11-21, not %(value)r",
                                            value=value)))
        return None


def spelled(players: Iterable[str], name: str, field: str) -> str:
    """``name`` as the club spells it (compared without case); Invalid naming ``field`` if nobody is."""
    known = {player_key(player): player for player in players}
    found = known.get(player_key(name))
    if found is None:
        raise Invalid(field, Said("nobody called %(name)r plays in this club", name=name.strip()) if name.strip()
                      else Said("name one of the club's players"))
    return found


def read_pair(players: Iterable[str], args: Mapping[str, str]) -> tuple[str, str]:
    """The two players of a head-to-head (``a`` and ``b``), spelled as the club spells them; Invalid naming
    each bad one."""
    names = list(players)
    problems: list[Problem] = []
    found: list[str] = []
    for field in ("a", "b"):
        try:
            found.append(spelled(names, args.get(field, ""), field))
        except Invalid as error:
            problems.extend(error.problems)
    if not problems and found[0] == found[1]:
        problems.append(Problem("b", Said("choose two different players")))
    if problems:
        raise Invalid(problems)
    return found[0], found[1]


def read_filters(args: Mapping[str, str], players: Iterable[str] | None = None) -> Filters:
    """The filters of a request (``player``, ``game``, ``from``, ``to``); Invalid naming each bad one.

    With ``players`` (a club's), the player must be one of them and is spelled as the club spells it."""
    problems: list[Problem] = []
    player = (args.get("player") or "").strip() or None
    if player is not None and players is not None:
        try:
            player = spelled(players, player, "player")
        except Invalid as error:
            problems.extend(error.problems)
    game = (args.get("game") or "").strip() or None
    if game is not None and game not in GAMES:
        # Translators: games is the games' names in the address ("bela, belote, klaberjass"): keep them as they are.
        problems.append(Problem("game", Said("no game %(game)r: one of %(games)s", game=game, games=", ".join(GAMES))))
    since = _day((args.get("from") or "").strip(), "from", problems)
    until = _day((args.get("to") or "").strip(), "to", problems)
    if since and until and since > until:
        problems.append(Problem("to", Said("the last day %(last)s is before the first %(first)s",
                                           last=until.isoformat(), first=since.isoformat())))
    if problems:
        raise Invalid(problems)
    return Filters(player, game, since, until)


def _start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def club_matches(club: Club, filters: Filters = Filters()) -> list[Match]:
    """The club's matches that pass the filters, newest first."""
    stmt = select(Match).where(Match.club_id == club.id)
    if filters.game:
        stmt = stmt.where(Match.variant == filters.game)
    if filters.since:
        stmt = stmt.where(Match.created_at >= _start(filters.since))
    if filters.until and filters.until < date.max:  # up to the last day there is: no end to ask for
        stmt = stmt.where(Match.created_at < _start(filters.until + timedelta(days=1)))
    if filters.player:
        played = (select(MatchPlayer.match_id).join(Player, Player.id == MatchPlayer.player_id)
                  .where(Player.club_id == club.id, Player.key == player_key(filters.player)))
        stmt = stmt.where(Match.id.in_(played))
    return list(db.session.scalars(stmt.order_by(Match.created_at.desc(), Match.id)))


def day_of(match: Match) -> date:
    """The day a match was started (UTC)."""
    moment = match.created_at if match.created_at.tzinfo else match.created_at.replace(tzinfo=UTC)
    return moment.astimezone(UTC).date()


def filter_matches(matches: Iterable[Match], filters: Filters) -> list[Match]:
    """The same filters applied to matches already at hand (a phone's), keeping their order."""
    key = player_key(filters.player) if filters.player else None
    return [m for m in matches
            if (not filters.game or m.variant == filters.game)
            and (not filters.since or day_of(m) >= filters.since)
            and (not filters.until or day_of(m) <= filters.until)
            and (key is None or key in {player_key(p) for p in m.players})]


def sides_of(match: Match) -> tuple[tuple[str, ...], ...]:
    """The players of each side."""
    rules = rules_of(match)
    return tuple(tuple(p for seat, p in enumerate(match.players) if rules.side_of(seat) == side)
                 for side in range(rules.sides))


def result_text(match: Match, state: Mapping[str, Any]) -> Said:
    """The match's result in words: who won and the games, or how the game being played stands."""
    rules = rules_of(match)
    names = side_names(rules, match.players)
    games = Listed(state["games_won"], "–")
    if state["finished"] and state["winner"] is None:
        # Translators: a match in a list of matches that ended in a draw (Klaverjas's 16 deals, level).
        return Said("drawn")
    if state["finished"]:
        won = names[state["winner"]]
        if rules.best_of > 1:
            # glossary: game. Translators: side is the winning side's name; games the games each side won, "2–1".
            return Said("%(side)s won, games %(games)s", side=won, games=games)
        # Translators: side is the winning side's name ("Ana & Ivo"), in a list of matches.
        return Said("%(side)s won", side=won)
    totals = Listed(state["totals"], "–")
    hands = sum(1 for h in state.get("hands") or () if not h.get("voided"))
    if not hands:
        # Translators: a match in a list of matches, before its first hand.
        return Said("not started")
    if rules.best_of > 1:
        # glossary: game. Translators: games is the games each side won, "1–0"; number the game's number; totals the
        # sides' totals in it, "350–420".
        return Said("being played: games %(games)s, game %(number)s at %(totals)s", games=games,
                    number=state["game"], totals=totals)
    # glossary: game. Translators: number is the game's number; totals the sides' totals in it, "350–420".
    return Said("being played: game %(number)s at %(totals)s", number=state["game"], totals=totals)


def _state(match: Match) -> dict[str, Any]:
    """The match's state (the engine's cached replay), decoded once per request however often a page needs
    it (a club page lists the matches and adds up their statistics)."""
    states: dict[tuple[str, int], dict[str, Any]] = g.setdefault("match_states", {})
    key = (match.id, match.revision)
    if key not in states:
        states[key] = state_of(match)
    return states[key]


def match_row(match: Match) -> dict[str, Any]:
    """One line of a match list: day, game, players, result, and where to open it."""
    state = _state(match)
    rules = rules_of(match)
    names = side_names(rules, match.players)
    return {
        "id": match.id, "day": day_of(match).isoformat(), "variant": match.variant, "game": rules.title,
        "players": list(match.players), "sides": names, "finished": state["finished"],
        "winner": names[state["winner"]] if state["winner"] is not None else None,
        "games_won": state["games_won"], "hands": sum(1 for h in state["hands"] if not h.get("voided")),
        "result": result_text(match, state),
        "links": {"sheet": f"/m/{match.id}", "board": f"/board/{match.view_token}"},
    }


def records(matches: Iterable[Match]) -> list[MatchRecord]:
    """The matches as the statistics read them, oldest first."""
    ordered = sorted(matches, key=lambda m: (m.created_at.replace(tzinfo=None), m.id))
    return [MatchRecord(m.id, m.variant, day_of(m).isoformat(), sides_of(m), _state(m)) for m in ordered]


def _named(tally: Any, **head: Any) -> dict[str, Any]:
    return {**head, **tally.as_dict()}


def club_stats(club: Club, filters: Filters = Filters()) -> dict[str, Any]:
    """Every player's and partnership's figures over the club's matches that pass the filters (the player
    filter is not used: the figures are everyone's)."""
    matches = records(club_matches(club, Filters(None, filters.game, filters.since, filters.until)))
    players = player_tallies(matches)
    order = [p.name for p in club_players(club) if p.name in players]
    pairs = partnership_tallies(matches)
    return {
        "matches": len(matches),
        "players": [_named(players[name], name=name) for name in order],
        "partnerships": [_named(tally, players=list(pair), name=" & ".join(pair))
                         for pair, tally in sorted(pairs.items())],
    }


def player_stats(club: Club, name: str) -> dict[str, Any]:
    """One player's figures, their results over time, their partnerships and their opponents."""
    matches = records(club_matches(club, Filters(player=name)))
    tally = player_tallies(matches).get(name)
    pairs = {pair: t for pair, t in partnership_tallies(matches).items() if name in pair}
    opponents = sorted({p for r in matches for side in r.sides if name not in side for p in side},
                       key=player_key)
    return {
        "name": name,
        **(tally.as_dict() if tally else {}),
        "results": [{**row, "game": GAMES.get(row["variant"], row["variant"])} for row in results(matches, name)],
        "partnerships": [_named(t, players=list(pair), name=" & ".join(pair)) for pair, t in sorted(pairs.items())],
        "opponents": opponents,
    }


def meetings(club: Club, first: str, second: str) -> dict[str, Any]:
    """Head-to-head between two of the club's players: their matches on opposite sides, and each one's
    figures over just those."""
    matches = records(club_matches(club, Filters(player=first)))
    return head_to_head(matches, first, second)


def phone_matches(ids: Iterable[str]) -> list[Match]:
    """The matches a phone remembers, newest first; ones no longer on the server left out."""
    wanted = list(ids)
    if not wanted:
        return []
    return list(db.session.scalars(select(Match).where(Match.id.in_(wanted))
                                   .order_by(Match.created_at.desc(), Match.id)))


BEST_FROM = 3
"""The fewest finished matches, or hands taken, behind a rate before it counts for "best at"."""


def best_at(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who leads the club at what, from the players' figures (a rate only over ``BEST_FROM`` or more): each entry's
    ``what`` and its ``leaders``, every player at the top with their own ``figure``."""
    def leader(what: Said, value: Any, text: Any) -> dict[str, Any] | None:
        ranked = [(value(p), p) for p in players if value(p) is not None]
        if not ranked:
            return None
        top = max(v for v, _ in ranked)
        if not top:
            return None
        # A tie names every player at the top, each with their own figure (100 %: made 4 of 4, and 3 of 3).
        return {"what": what, "leaders": [{"name": p["name"], "figure": text(p)} for v, p in ranked if v == top]}

    def enough(rate: dict[str, Any]) -> Any:
        return rate["percent"] if rate["of"] >= BEST_FROM else None

    found = [
        leader(Said("Most matches won"), lambda p: p["matches"]["won"],
               lambda p: Said("%(won)s of %(played)s finished matches", won=p["matches"]["won"],
                              played=p["matches"]["played"])),
        leader(Said("Best at winning matches"), lambda p: enough(p["matches"]["win_rate"]),
               lambda p: Said("%(percent)s%%: %(won)s of %(played)s", percent=p["matches"]["win_rate"]["percent"],
                              won=p["matches"]["won"], played=p["matches"]["played"])),
        # glossary: hand, made it
        leader(Said("Best at making the hands they take"), lambda p: enough(p["make_rate"]),
               lambda p: Said("%(percent)s%%: made %(made)s of %(taken)s", percent=p["make_rate"]["percent"],
                              made=p["make_rate"]["count"], taken=p["make_rate"]["of"])),
        # glossary: hand, taker
        leader(Said("Most hand points as taker"),
               lambda p: p["as_taker"]["average"] if p["as_taker"]["hands"] >= BEST_FROM else None,
               # glossary: hand. Translators: average is the hand points a hand, over that many hands.
               lambda p: Said("%(average)s a hand over %(hands)s hands", average=p["as_taker"]["average"],
                              hands=p["as_taker"]["hands"])),
        # glossary: claim
        leader(Said("Most good claims"), lambda p: p["claims"]["good"],
               # glossary: claim. Translators: how many of a player's claims were good, and how many false.
               lambda p: Said("%(good)s good, %(false)s false", good=p["claims"]["good"], false=p["claims"]["false"])),
        # glossary: Striche. Translators: who won the most strokes (Jass's Striche) in the games of Jass.
        leader(Said("Most Striche"), lambda p: p["strokes"]["won"] if "strokes" in p else None,
               # glossary: Striche. Translators: a player's strokes (Striche) for and against, "12 : 7".
               lambda p: Said("Striche %(won)s : %(against)s", won=p["strokes"]["won"],
                              against=p["strokes"]["against"])),
        # glossary: hand
        leader(Said("Biggest hand"), lambda p: p["biggest_hand"]["points"] if p["biggest_hand"] else None,
               # glossary: hand
               lambda p: Said("%(points)s hand points", points=p["biggest_hand"]["points"])),
    ]
    return [entry for entry in found if entry is not None]
