"""The tournament formats as a registry (scorekeeper/tournament/formats.py): every format is one class
registered once, and the draw, the standings and the checks read only its hooks, so a new format is one class."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from scorekeeper.rules import RuleError
from scorekeeper.tournament import (
    FORMATS,
    Entry,
    Format,
    PlayedRound,
    TableResult,
    TournamentFormat,
    check_format,
    draw_round,
    find_format,
    finished,
    register,
    standings,
    total_rounds,
    winner,
)
from scorekeeper.tournament.formats import Pairing


def test_the_formats_are_the_apis_in_the_forms_order() -> None:
    assert list(FORMATS) == ["knockout-remix", "knockout", "swiss", "round-robin"]
    assert all(find_format(name).name == name for name in FORMATS)
    assert [name for name, kind in FORMATS.items() if kind.knockout] == ["knockout-remix", "knockout"]
    assert [name for name, kind in FORMATS.items() if kind.chooses_rounds] == ["swiss"]


def test_an_unknown_format_is_refused_with_the_formats_there_are() -> None:
    with pytest.raises(RuleError) as refused:
        find_format("ladder")
    assert refused.value.field == "format"
    assert str(refused.value.message) == ("unknown format 'ladder': choose one of knockout-remix, knockout, swiss, "
                                          "round-robin")


class _Final(TournamentFormat):
    """A made-up format for the test: one round, the entries at tables in the order they registered."""

    name = "final"

    def rounds(self, fmt: Format, count: int) -> int:
        return 1

    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        return [((entry,), (entry + 1,)) for entry in range(0, count - 1, 2)], tuple(range(count - count % 2, count))


def test_a_new_format_is_one_registered_class(monkeypatch: pytest.MonkeyPatch) -> None:
    fmt = Format("final", "players", 2, 2)
    with pytest.raises(RuleError):
        check_format(fmt)
    monkeypatch.setitem(FORMATS, "final", _Final())  # as register() does; undone after the test
    entries = [Entry((name,)) for name in ("Ana", "Ivo", "Mara")]
    check_format(fmt)
    assert total_rounds(fmt, 3) == 1
    drawn = draw_round(fmt, entries, [], seed=5)
    assert sorted(side for table in drawn.tables for side in table.sides) == [(0,), (1,)]
    assert drawn.byes == (2,)
    played = [PlayedRound(1, (TableResult(drawn.tables[0].sides, (90, 72), 0),), drawn.byes)]
    assert finished(fmt, 3, played)
    first, second = drawn.tables[0].sides[0][0], drawn.tables[0].sides[1][0]
    # A bye counts as a table won outside the knockouts, with no points: second on the points difference.
    assert [(line.entry, line.rank, line.won, line.reached) for line in standings(fmt, entries, played)] == [
        (first, 1, 1, None), (2, 2, 1, None), (second, 3, 0, None)]
    assert winner(fmt, entries, played) == (first,)


def test_register_adds_a_format_under_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scorekeeper.tournament.formats._REGISTERED", dict(FORMATS))
    from scorekeeper.tournament import formats

    assert register(_Final) is _Final
    assert isinstance(formats.find_format("final"), _Final)
    assert "final" not in FORMATS  # the registry the app reads was left alone
