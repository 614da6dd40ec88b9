"""A Jass evening (a game that keeps strokes, Swiss Jass's Striche: ``Format.strokes``) ranks by strokes, then
points for; wins and the points difference no longer come first. Every other game ranks as before, and a
result without its strokes is refused where the game keeps them."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS, RuleError
from scorekeeper.tournament import Entry, Format, PlayedRound, TableResult, draw_round, standings, winner

PAIRS = [Entry((f"A{n}", f"B{n}")) for n in range(1, 7)]


def jass(fmt: str = "swiss", rounds: int | None = 2) -> Format:
    rules = PRESETS["schieber"]
    return Format(fmt, "pairs", rules.players, rules.sides, rounds, strokes=rules.strokes)


def test_the_jass_preset_keeps_strokes_and_the_others_do_not() -> None:
    assert PRESETS["schieber"].strokes and PRESETS["schieber-2500"].strokes
    assert not any(rules.strokes for name, rules in PRESETS.items() if not name.startswith("schieber"))


# Round 1: pair 0 beats pair 1 1080 to 690, but pair 1 made a Match and a Kontermatch and got to Berg first
# (strokes 2 : 4); pair 2 beats pair 3 1099 to 0 (a win, Berg and Schneider: 5 : 0).
UPSET = TableResult(((0,), (1,)), (1080, 690), 0, (2, 4))
ROUT = TableResult(((2,), (3,)), (1099, 0), 0, (5, 0))
ROUND_1 = PlayedRound(1, (UPSET, ROUT), ())


def test_strokes_rank_before_wins_and_points() -> None:
    """Pair 1 lost its table and scored 390 points fewer than pair 0, yet has more strokes: it ranks second."""
    lines = standings(jass(), PAIRS[:4], [ROUND_1])
    assert [(line.entry, line.rank, line.strokes) for line in lines] == [(2, 1, 5), (1, 2, 4), (0, 3, 2), (3, 4, 0)]
    loser = lines[1]
    assert (loser.won, loser.points_for, loser.points_against) == (0, 690, 1080)
    # The same results in a game without strokes: wins, then points difference, as always, and no strokes said.
    plain = standings(Format("swiss", "pairs", 4, 2, 2), PAIRS[:4],
                      [PlayedRound(1, (TableResult(UPSET.sides, UPSET.totals, 0), TableResult(ROUT.sides,
                                                                                              ROUT.totals, 0)), ())])
    assert [(line.entry, line.strokes) for line in plain] == [(2, None), (0, None), (1, None), (3, None)]


def test_equal_strokes_rank_by_points_for_then_share_a_rank() -> None:
    """Both winners have 3 strokes: 1010 points before 1000. The losers are level on strokes and points: one rank."""
    close = PlayedRound(1, (TableResult(((0,), (1,)), (1000, 700), 0, (3, 0)),
                            TableResult(((2,), (3,)), (1010, 700), 0, (3, 0))), ())
    lines = standings(jass(rounds=1), PAIRS[:4], [close])
    assert [(line.entry, line.rank) for line in lines] == [(2, 1), (0, 2), (1, 3), (3, 3)]
    assert winner(jass(rounds=1), PAIRS[:4], [close]) == (2,)


def test_a_bye_counts_a_won_games_strokes() -> None:
    """Five pairs in a swiss: the bye is a table won, so it has the 2 strokes of a game won, and no points."""
    played = [PlayedRound(1, (UPSET, ROUT), (4,))]
    lines = {line.entry: line for line in standings(jass(), PAIRS[:5], played)}
    assert (lines[4].played, lines[4].won, lines[4].strokes, lines[4].points_for) == (1, 1, 2, 0)
    assert [line.entry for line in standings(jass(), PAIRS[:5], played)] == [2, 1, 0, 4, 3]


def test_a_knockout_ranks_by_round_reached_then_strokes() -> None:
    """Knockout: the winners go on whatever the strokes; among those out in round 1, strokes then points."""
    fmt = jass("knockout", None)
    lines = standings(fmt, PAIRS[:4], [ROUND_1])
    assert [(line.entry, line.reached) for line in lines] == [(2, 2), (0, 2), (1, 1), (3, 1)]


def test_a_swiss_round_pairs_by_strokes() -> None:
    """Round 2 of a swiss sets the two pairs with the most strokes against each other: pair 2 (5) meets pair 1
    (4), though pair 1 lost its table and pair 0 won its."""
    fmt = jass()
    drawn = draw_round(fmt, PAIRS[:4], [ROUND_1], seed=7)
    tables = [{entry for side in table.sides for entry in side} for table in drawn.tables]
    assert {2, 1} in tables and {0, 3} in tables


def test_a_result_without_its_strokes_is_refused_where_the_game_keeps_them() -> None:
    bare = PlayedRound(1, (TableResult(((0,), (1,)), (1000, 700), 0), ROUT), ())
    with pytest.raises(RuleError) as refused:
        standings(jass(), PAIRS[:4], [bare])
    assert "needs its strokes" in str(refused.value.problems[0].message)
