"""The tournament draw (scorekeeper/tournament/): who meets whom, round after round, and who is ahead.

Seed 001 (the contract): "Classic Tournament – 16 players in 3 tournament rounds; Quick Tournament – 8 players
in 2 tournament rounds … After the end of each round the winning pair will proceed to the next stage. Before
every round, the winning players will be mixed again and new teams will be formed."

Each test plays tournaments through with made-up results and checks what an organizer would check by hand:
who sits where, that nobody is left out or seated twice, who goes on, and the order of the standings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import RuleError
from scorekeeper.tournament import (
    Entry,
    Format,
    PlayedRound,
    Round,
    Table,
    TableResult,
    check_entries,
    check_entry_names,
    check_format,
    draw_round,
    finished,
    standings,
    still_in,
    total_rounds,
    winner,
)
from tests.support.examples import examples

SOME = settings(max_examples=examples(60), deadline=None)
MANY = settings(max_examples=examples(150), deadline=None)

REMIX_4 = Format("knockout-remix", "players", 4, 2)
REMIX_2 = Format("knockout-remix", "players", 2, 2)
REMIX_3 = Format("knockout-remix", "players", 3, 3)
KNOCKOUT_PAIRS = Format("knockout", "pairs", 4, 2)
KNOCKOUT_2 = Format("knockout", "players", 2, 2)
KNOCKOUT_3 = Format("knockout", "players", 3, 3)
ROUND_ROBIN_2 = Format("round-robin", "players", 2, 2)
ROUND_ROBIN_PAIRS = Format("round-robin", "pairs", 4, 2)


def swiss(rounds: int, sides: int = 2) -> Format:
    return Format("swiss", "players", sides, sides, rounds=rounds)


def make_entries(fmt: Format, count: int) -> list[Entry]:
    """Players P1, P2…; pairs (A1, B1), (A2, B2)…"""
    if fmt.entry == "pairs":
        return [Entry((f"A{n}", f"B{n}")) for n in range(1, count + 1)]
    return [Entry((f"P{n}",)) for n in range(1, count + 1)]


def play(rnd: Round, rng: random.Random) -> PlayedRound:
    """Every table of the round played: random totals, the side with the most points wins (a tie drawn)."""
    results = []
    for table in rnd.tables:
        totals = tuple(rng.randrange(0, 1001) for _ in table.sides)
        best = [side for side, total in enumerate(totals) if total == max(totals)]
        results.append(TableResult(sides=table.sides, totals=totals, winner=rng.choice(best)))
    return PlayedRound(number=rnd.number, results=tuple(results), byes=rnd.byes)


def tournament(fmt: Format, count: int, seed: int, luck: int = 0) -> list[tuple[Round, PlayedRound]]:
    """A whole tournament: each round drawn, then played with results from ``luck``."""
    entries, rng, rounds = make_entries(fmt, count), random.Random(luck), []
    played: list[PlayedRound] = []
    while not finished(fmt, count, played):
        rnd = draw_round(fmt, entries, played, seed)
        played.append(play(rnd, rng))
        rounds.append((rnd, played[-1]))
    return rounds


def seated(table: Table) -> list[int]:
    return [entry for side in table.sides for entry in side]


def everyone(rnd: Round) -> list[int]:
    """Every entry of a round: at a table or with a bye (an entry twice shows twice)."""
    return [entry for table in rnd.tables for entry in seated(table)] + list(rnd.byes)


def winning_side(result: TableResult) -> tuple[int, ...]:
    return result.sides[result.winner]


def partnerships(rnd: Round) -> set[frozenset[int]]:
    return {frozenset(side) for table in rnd.tables for side in table.sides}


def meetings(rnd: Round) -> Iterator[frozenset[int]]:
    for table in rnd.tables:
        yield from (frozenset(pair) for pair in combinations(seated(table), 2))


# --- knockout-remix: seed 001 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "tables"), [(16, [4, 2, 1]), (8, [2, 1]), (4, [1])])
@given(seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@SOME
def test_remix_four_handed_classic_and_quick(count: int, tables: list[int], seed: int, luck: int) -> None:
    """16 players: 4 tables, then 2, then 1; 8 players: 2, then 1. Each round seats exactly the winners of the
    round before, four to a table in two sides of two; the final's winning pair wins the tournament."""
    rounds = tournament(REMIX_4, count, seed, luck)
    assert [len(rnd.tables) for rnd, _ in rounds] == tables
    assert total_rounds(REMIX_4, count) == len(tables)
    expected = set(range(count))
    for rnd, played in rounds:
        players = everyone(rnd)
        assert sorted(players) == sorted(expected)  # nobody left out, nobody seated twice
        assert rnd.byes == ()
        assert all(len(table.sides) == 2 and all(len(side) == 2 for side in table.sides) for table in rnd.tables)
        expected = {player for result in played.results for player in winning_side(result)}
    final = rounds[-1][1].results[0]
    played_rounds = [played for _, played in rounds]
    assert winner(REMIX_4, make_entries(REMIX_4, count), played_rounds) == winning_side(final)
    assert set(still_in(REMIX_4, count, played_rounds)) == set(winning_side(final))


def splits_into_pairs(players: list[int]) -> Iterator[list[frozenset[int]]]:
    """Every way to split the players into partnerships (105 ways for 8)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for partner in rest:
        for split in splits_into_pairs([player for player in rest if player != partner]):
            yield [frozenset((first, partner)), *split]


@pytest.mark.parametrize("count", [16, 32])
@given(seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@SOME
def test_remix_partners_are_new_every_round(count: int, seed: int, luck: int) -> None:
    """"Before every round, the winning players will be mixed again and new teams will be formed": a pair
    that won together is always split up for the next round, and nobody partners a player they partnered
    in any earlier round when some split allows it (checked on every split for rounds of up to 8 players)."""
    rounds = tournament(REMIX_4, count, seed, luck)
    for (_, before), (after, _) in zip(rounds, rounds[1:], strict=False):
        won_together = {frozenset(winning_side(result)) for result in before.results}
        assert not won_together & partnerships(after)
    for index, (rnd, _) in enumerate(rounds):
        earlier = {pair for previous, _ in rounds[:index] for pair in partnerships(previous)}
        players = sorted(everyone(rnd))
        if len(players) <= 8 and any(not set(split) & earlier for split in splits_into_pairs(players)):
            assert not partnerships(rnd) & earlier


def test_remix_partnerships_are_drawn_anew_over_many_seeds() -> None:
    """8 players: P1+P2 and P3+P4 win the first round. Over many seeds the final never keeps either pair:
    it is P1 with P3 or with P4, and both of those turn up (the draw is not a fixed rotation)."""
    entries = make_entries(REMIX_4, 8)
    first = PlayedRound(1, (TableResult(((0, 1), (4, 5)), (600, 400), 0),
                            TableResult(((6, 7), (2, 3)), (300, 700), 1)), ())
    finals = set()
    for seed in range(100):
        (final,) = draw_round(REMIX_4, entries, [first], seed).tables
        assert sorted(seated(final)) == [0, 1, 2, 3]
        assert not partnerships(Round(2, (final,), ())) & {frozenset({0, 1}), frozenset({2, 3})}
        finals.add(frozenset(frozenset(side) for side in final.sides))
    assert finals == {frozenset({frozenset({0, 2}), frozenset({1, 3})}),
                      frozenset({frozenset({0, 3}), frozenset({1, 2})})}
    # 16 players: the 8 winners can be split into 60 sets of four new pairs; 100 seeds find most of them
    sixteen = tournament(REMIX_4, 16, seed=0)[0][1]
    seconds = {frozenset(partnerships(draw_round(REMIX_4, make_entries(REMIX_4, 16), [sixteen], seed)))
               for seed in range(100)}
    assert len(seconds) >= 40


@pytest.mark.parametrize(("fmt", "count", "tables"), [
    (REMIX_2, 8, [4, 2, 1]), (REMIX_2, 2, [1]), (REMIX_3, 9, [3, 1]), (REMIX_3, 27, [9, 3, 1]),
])
def test_remix_two_and_three_handed(fmt: Format, count: int, tables: list[int]) -> None:
    """Two-handed: 8 players play 4 tables, 2, then the final; three-handed: 27 play 9 tables, 3, then 1."""
    for seed in range(5):
        rounds = tournament(fmt, count, seed, luck=seed)
        assert [len(rnd.tables) for rnd, _ in rounds] == tables
        for rnd, _ in rounds:
            assert len(everyone(rnd)) == len(set(everyone(rnd))) == len(rnd.tables) * fmt.players_per_table


# --- knockout -------------------------------------------------------------------------------------------------


def test_knockout_six_pairs_fill_a_bracket_of_eight_with_two_byes() -> None:
    """6 pairs: a bracket of 8, so two pairs have a bye in the first round and meet the winners of the two
    tables played; then the final. Nobody has two byes."""
    for seed in range(20):
        rounds = tournament(KNOCKOUT_PAIRS, 6, seed, luck=seed)
        assert total_rounds(KNOCKOUT_PAIRS, 6) == 3
        assert [(len(rnd.tables), len(rnd.byes)) for rnd, _ in rounds] == [(2, 2), (2, 0), (1, 0)]
        (first, played), (second, _) = rounds[0], rounds[1]
        assert sorted(everyone(first)) == list(range(6))
        table_winners = {winning_side(result)[0] for result in played.results}
        for table in second.tables:  # a bye meets a table's winner, not another bye
            assert {len(set(seated(table)) & set(first.byes)), len(set(seated(table)) & table_winners)} == {1}
        byes = Counter(entry for rnd, _ in rounds for entry in rnd.byes)
        assert max(byes.values()) == 1


def test_knockout_eight_pairs_winners_meet_by_bracket_position() -> None:
    """No byes with 8 pairs; the winners of tables 1 and 2 meet at table 1 of the next round, 3 and 4 at
    table 2, with no new draw."""
    for seed in range(10):
        rounds = tournament(KNOCKOUT_PAIRS, 8, seed, luck=seed)
        for (_, played), (after, _) in zip(rounds, rounds[1:], strict=False):
            winners = [winning_side(result)[0] for result in played.results]
            for number, table in enumerate(after.tables):
                assert set(seated(table)) == set(winners[2 * number:2 * number + 2])


def test_knockout_three_handed_five_players_bracket_of_nine() -> None:
    """Three-handed with 5 entries: a bracket of 9. The first round is one table of three and two byes; the
    final seats its winner with the two who had the bye."""
    for seed in range(10):
        rounds = tournament(KNOCKOUT_3, 5, seed, luck=seed)
        assert total_rounds(KNOCKOUT_3, 5) == 2
        (first, played), (final, _) = rounds
        assert len(first.tables) == 1 and len(first.byes) == 2
        assert set(seated(final.tables[0])) == {winning_side(played.results[0])[0], *first.byes}


@given(data=st.data(), seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@MANY
def test_knockout_any_count(data: st.DataObject, seed: int, luck: int) -> None:
    """Any count a knockout takes: the bracket is the smallest 2, 4, 8… (three-handed 3, 9, 27…) that holds
    everyone; byes only in the first round, one at most per entry; every later round is full tables; each
    round seats exactly the entries still in; the winner won every table they played."""
    fmt = data.draw(st.sampled_from([KNOCKOUT_2, KNOCKOUT_PAIRS, KNOCKOUT_3]))
    sides = fmt.sides_per_table
    count = data.draw(st.integers(2, 40) if sides == 2 else st.integers(1, 20).map(lambda n: 2 * n + 1))
    rounds = tournament(fmt, count, seed, luck)
    total = total_rounds(fmt, count)
    assert len(rounds) == total
    assert sides ** (total - 1) < count <= sides**total
    played: list[PlayedRound] = []
    for rnd, result in rounds:
        assert sorted(everyone(rnd)) == sorted(still_in(fmt, count, played))
        assert all(len(table.sides) == sides for table in rnd.tables)
        if rnd.number > 1:
            assert rnd.byes == ()
        played.append(result)
        if rnd.number == 1:
            assert len(still_in(fmt, count, played)) == sides ** (total - 1)
    champion = winner(fmt, make_entries(fmt, count), played)
    assert champion is not None and len(champion) == 1
    lines = {line.entry: line for line in standings(fmt, make_entries(fmt, count), played)}
    assert lines[champion[0]].rank == 1 and lines[champion[0]].played == lines[champion[0]].won
    assert lines[champion[0]].reached == total


# --- swiss ----------------------------------------------------------------------------------------------------


def can_avoid_rematches(count: int, size: int, met: set[frozenset[int]]) -> bool:
    """Brute force: is there any choice of byes and tables in which nobody meets an entry a second time?"""
    def split(rest: list[int]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for mates in combinations(others, size - 1):
            table = (first, *mates)
            fresh = all(frozenset(pair) not in met for pair in combinations(table, 2))
            if fresh and split([entry for entry in others if entry not in mates]):
                return True
        return False

    return any(split([e for e in range(count) if e not in byes])
               for byes in combinations(range(count), count % size))


@given(data=st.data(), seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@MANY
def test_swiss_no_rematch_while_one_is_avoidable(data: st.DataObject, seed: int, luck: int) -> None:
    """Over random results, no two entries meet a second time in a round where some draw avoids it; every
    entry has a table or a bye each round, and only the odd ones out have a bye."""
    sides = data.draw(st.sampled_from([2, 3]))
    count = data.draw(st.integers(sides, 8))
    fmt = swiss(data.draw(st.integers(1, max(1, count - 1))), sides)
    entries, rng = make_entries(fmt, count), random.Random(luck)
    played: list[PlayedRound] = []
    met: set[frozenset[int]] = set()
    while not finished(fmt, count, played):
        rnd = draw_round(fmt, entries, played, seed)
        assert sorted(everyone(rnd)) == list(range(count))
        assert len(rnd.byes) == count % sides
        meeting = set(meetings(rnd))
        if can_avoid_rematches(count, sides, met):
            assert not meeting & met, f"round {rnd.number} repeats {meeting & met} though it could be avoided"
        met |= meeting
        played.append(play(rnd, rng))


@given(seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@SOME
def test_swiss_second_round_sets_equal_wins_together(seed: int, luck: int) -> None:
    """8 entries: after the first round 4 have a win and 4 none; the second round sets winners against
    winners and losers against losers (none of them has met yet)."""
    fmt = swiss(3)
    entries = make_entries(fmt, 8)
    first = play(draw_round(fmt, entries, [], seed), random.Random(luck))
    wins = {line.entry: line.won for line in standings(fmt, entries, [first])}
    second = draw_round(fmt, entries, [first], seed)
    assert all(len({wins[entry] for entry in seated(table)}) == 1 for table in second.tables)


@given(seed=st.integers(0, 10**9), luck=st.integers(0, 10**6))
@SOME
def test_swiss_bye_goes_to_the_lowest_ranked_without_one(seed: int, luck: int) -> None:
    """5 entries: the second round's bye is for an entry that has not had one, the lowest in the standings
    among those (equal ones are drawn)."""
    fmt = swiss(4)
    entries = make_entries(fmt, 5)
    first = play(draw_round(fmt, entries, [], seed), random.Random(luck))
    second = draw_round(fmt, entries, [first], seed)
    (bye,) = second.byes
    assert bye not in first.byes
    lines = [line for line in standings(fmt, entries, [first]) if line.entry not in first.byes]
    assert next(line.rank for line in lines if line.entry == bye) == max(line.rank for line in lines)


def test_swiss_rematch_when_nothing_else_is_possible() -> None:
    """Two players over three rounds can only meet again: the draw still seats them."""
    rounds = tournament(swiss(3), 2, seed=5)
    assert [seated(rnd.tables[0]) for rnd, _ in rounds] and all(len(rnd.tables) == 1 for rnd, _ in rounds)


# --- round-robin ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", [ROUND_ROBIN_2, ROUND_ROBIN_PAIRS])
@pytest.mark.parametrize("count", range(2, 11))
def test_round_robin_everyone_meets_everyone_once(fmt: Format, count: int) -> None:
    """Every two entries meet exactly once; an odd count has one bye a round, each entry once; an even
    count no byes and one round fewer than entries."""
    for seed in range(3):
        rounds = tournament(fmt, count, seed, luck=seed)
        assert len(rounds) == total_rounds(fmt, count) == (count - 1 if count % 2 == 0 else count)
        met = Counter(pair for rnd, _ in rounds for pair in meetings(rnd))
        assert set(met) == {frozenset(pair) for pair in combinations(range(count), 2)}
        assert set(met.values()) == {1}
        for rnd, _ in rounds:
            assert sorted(everyone(rnd)) == list(range(count))
            assert len(rnd.byes) == count % 2
        byes = Counter(entry for rnd, _ in rounds for entry in rnd.byes)
        assert byes == (Counter(range(count)) if count % 2 else Counter())


# --- the same seed, the same draw -----------------------------------------------------------------------------

FORMATS_AND_COUNTS = [(REMIX_4, 16), (KNOCKOUT_PAIRS, 6), (KNOCKOUT_3, 7), (swiss(4), 9), (swiss(3, 3), 10),
                      (ROUND_ROBIN_2, 7)]


@pytest.mark.parametrize(("fmt", "count"), FORMATS_AND_COUNTS)
def test_same_seed_same_draw_other_seed_other_draw(fmt: Format, count: int) -> None:
    """Drawing again with the same seed and results gives the same rounds; other seeds give other draws."""
    assert tournament(fmt, count, seed=7, luck=1) == tournament(fmt, count, seed=7, luck=1)
    entries = make_entries(fmt, count)
    firsts = {draw_round(fmt, entries, [], seed) for seed in range(20)}
    assert len(firsts) >= 18


# --- seats ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "count"), FORMATS_AND_COUNTS + [(REMIX_2, 8), (REMIX_3, 9)])
def test_seats_alternate_sides_and_the_first_dealer_is_a_seat(fmt: Format, count: int) -> None:
    """Seat i plays for side i % sides: four-handed, partners sit opposite (seats 0 and 2, 1 and 3). Every
    player of the table has one seat; the first dealer is one of the seats."""
    entries = make_entries(fmt, count)
    dealers = set()
    for seed in range(10):
        for rnd, _ in tournament(fmt, count, seed, luck=seed):
            for table in rnd.tables:
                assert len(table.seats) == len(set(table.seats)) == fmt.players_per_table
                for seat, name in enumerate(table.seats):
                    side = table.sides[seat % fmt.sides_per_table]
                    assert any(name in entries[entry].names for entry in side)
                assert 0 <= table.first_dealer < fmt.players_per_table
                dealers.add(table.first_dealer)
    assert dealers == set(range(fmt.players_per_table))


# --- standings and the winner ---------------------------------------------------------------------------------


def ranks(fmt: Format, count: int, played: list[PlayedRound]) -> list[tuple[int, int]]:
    """(entry, rank) best first."""
    return [(line.entry, line.rank) for line in standings(fmt, make_entries(fmt, count), played)]


def test_standings_wins_then_points_difference_then_points_for() -> None:
    """P3 won twice; P2 and P1 once each, P2 ahead on difference (-150 against -300) though P1 scored more
    (600 against 550); P4 never."""
    played = [PlayedRound(1, (TableResult(((0,), (1,)), (500, 300), 0), TableResult(((2,), (3,)), (450, 420), 0)), ()),
              PlayedRound(2, (TableResult(((0,), (2,)), (100, 600), 1), TableResult(((1,), (3,)), (250, 200), 0)), ())]
    assert ranks(swiss(2), 4, played) == [(2, 1), (1, 2), (0, 3), (3, 4)]
    line = standings(swiss(2), make_entries(swiss(2), 4), played)[1]
    assert (line.played, line.won, line.points_for, line.points_against, line.reached) == (2, 1, 550, 700, None)


def test_standings_points_for_then_shared_ranks() -> None:
    """Equal wins and difference: more points for is ahead (500 before 300); equal on all, a shared rank."""
    ahead = [PlayedRound(1, (TableResult(((0,), (1,)), (500, 400), 0), TableResult(((2,), (3,)), (300, 200), 0)), ())]
    assert ranks(swiss(1), 4, ahead) == [(0, 1), (2, 2), (1, 3), (3, 4)]
    level = [PlayedRound(1, (TableResult(((0,), (1,)), (500, 400), 0), TableResult(((2,), (3,)), (500, 400), 0)), ())]
    assert ranks(swiss(1), 4, level) == [(0, 1), (2, 1), (1, 3), (3, 3)]
    assert winner(swiss(1), make_entries(swiss(1), 4), level) == (0, 2)


def test_a_swiss_bye_is_a_win_with_no_points() -> None:
    """P3's bye counts as a table played and won, 0 for and 0 against: behind P1 who won by 100."""
    played = [PlayedRound(1, (TableResult(((0,), (1,)), (500, 400), 0),), (2,))]
    lines = standings(swiss(2), make_entries(swiss(2), 3), played)
    assert [(line.entry, line.rank) for line in lines] == [(0, 1), (2, 2), (1, 3)]
    assert (lines[1].played, lines[1].won, lines[1].points_for, lines[1].points_against) == (1, 1, 0, 0)


def test_knockout_standings_rank_by_round_reached_first() -> None:
    """Three players, a bracket of four: P1 has the bye and loses the final 0-1000, P3 loses the first round
    500-510. P1 reached the final, so P1 is second though P3 lost by far less; a bye is not a win."""
    played = [PlayedRound(1, (TableResult(((1,), (2,)), (510, 500), 0),), (0,)),
              PlayedRound(2, (TableResult(((1,), (0,)), (1000, 0), 0),), ())]
    lines = standings(KNOCKOUT_2, make_entries(KNOCKOUT_2, 3), played)
    assert [(line.entry, line.rank, line.reached) for line in lines] == [(1, 1, 2), (0, 2, 2), (2, 3, 1)]
    assert (lines[1].played, lines[1].won) == (1, 0)
    assert winner(KNOCKOUT_2, make_entries(KNOCKOUT_2, 3), played) == (1,)


def test_remix_winning_partners_share_first_place() -> None:
    """The two partners who win the final are both first; the winner is that pair."""
    rounds = tournament(REMIX_4, 8, seed=3, luck=3)
    played = [result for _, result in rounds]
    entries = make_entries(REMIX_4, 8)
    pair = winner(REMIX_4, entries, played)
    assert pair is not None and len(pair) == 2
    lines = standings(REMIX_4, entries, played)
    assert {line.entry for line in lines if line.rank == 1} == set(pair)
    assert [line.reached for line in lines].count(2) == 4  # the four players of the final


def test_no_winner_before_the_end_and_no_draw_after_it() -> None:
    rounds = tournament(KNOCKOUT_PAIRS, 4, seed=1)
    played = [result for _, result in rounds]
    entries = make_entries(KNOCKOUT_PAIRS, 4)
    assert winner(KNOCKOUT_PAIRS, entries, played[:1]) is None
    assert winner(KNOCKOUT_PAIRS, entries, []) is None
    with pytest.raises(RuleError) as info:
        draw_round(KNOCKOUT_PAIRS, entries, played, seed=1)
    assert info.value.field == "rounds" and info.value.message.startswith("the tournament is over")


# --- refusals -------------------------------------------------------------------------------------------------


def refusal(call: Callable[..., object], *args: object) -> tuple[str, str]:
    with pytest.raises(RuleError) as info:
        call(*args)
    return info.value.field, info.value.message


def test_remix_needs_a_full_table_in_the_final() -> None:
    assert refusal(check_entries, REMIX_4, 10) == (
        "entries", "knockout-remix needs 4, 8, 16, 32… players; 10 registered")
    assert refusal(check_entries, REMIX_2, 6)[1] == "knockout-remix needs 2, 4, 8, 16… players; 6 registered"
    assert refusal(check_entries, REMIX_3, 6)[1] == "knockout-remix needs 3, 9, 27, 81… players; 6 registered"
    assert refusal(check_entries, REMIX_4, 2)[0] == "entries"
    for count in (4, 8, 16, 32, 64):
        check_entries(REMIX_4, count)


@pytest.mark.parametrize(("fmt", "count", "words"), [
    (KNOCKOUT_PAIRS, 1, "a table needs 2 pairs; 1 registered"),
    (swiss(3, 3), 2, "a table needs 3 players; 2 registered"),
    (ROUND_ROBIN_2, 1, "a table needs 2 players; 1 registered"),
    (KNOCKOUT_3, 4, "odd number of players"),
])
def test_too_few_entries_or_a_count_that_cannot_end(fmt: Format, count: int, words: str) -> None:
    field, message = refusal(check_entries, fmt, count)
    assert field == "entries" and words in message


@pytest.mark.parametrize(("fmt", "field", "words"), [
    (Format("ladder", "players", 4, 2), "format", "unknown format 'ladder'"),
    (Format("swiss", "teams", 4, 2, rounds=3), "entry", "unknown entry 'teams'"),
    (Format("knockout", "pairs", 2, 2), "entry", "pairs entry needs a four-handed game; 2-handed games enter players"),
    (Format("knockout", "pairs", 3, 3), "entry", "pairs entry needs a four-handed game; 3-handed games enter players"),
    (Format("knockout-remix", "pairs", 4, 2), "entry",
     "knockout-remix draws new pairs every round, so players enter alone"),
    (Format("knockout", "players", 4, 2), "entry", "so pairs enter"),
    (Format("swiss", "players", 2, 2), "rounds", "needs its number of rounds"),
    (Format("swiss", "players", 2, 2, rounds=0), "rounds", "from 1 to 50"),
    (Format("swiss", "players", 2, 2, rounds=51), "rounds", "from 1 to 50"),
    (Format("knockout", "players", 2, 2, rounds=3), "rounds", "only a swiss tournament"),
    (Format("round-robin", "players", 3, 3), "format", "round-robin needs two sides at a table"),
    (Format("swiss", "players", 4, 3, rounds=2), "format", "a table is"),
])
def test_formats_that_cannot_run(fmt: Format, field: str, words: str) -> None:
    found = refusal(check_format, fmt)
    assert found[0] == field and words in found[1], found


def test_entries_must_fit_the_entry_kind() -> None:
    pairs = make_entries(KNOCKOUT_PAIRS, 4)
    assert refusal(check_entry_names, KNOCKOUT_PAIRS, [*pairs[:3], Entry(("Solo",))])[0] == "entries.3"
    twice = [*make_entries(KNOCKOUT_2, 3), Entry((" p2 ",))]
    assert refusal(check_entry_names, KNOCKOUT_2, twice) == ("entries.3", "p2 is already entered (entry 2)")
    assert refusal(check_entry_names, KNOCKOUT_2, [*make_entries(KNOCKOUT_2, 2), Entry(("  ",))])[0] == "entries.2"


def test_played_rounds_must_follow_the_draw() -> None:
    """A round that leaves an entry out, or a knockout round that ignores the bracket, is refused."""
    entries = make_entries(KNOCKOUT_PAIRS, 8)
    rounds = tournament(KNOCKOUT_PAIRS, 8, seed=2)
    first = rounds[0][1]
    left_out = PlayedRound(1, first.results[1:], ())
    assert refusal(draw_round, KNOCKOUT_PAIRS, entries, [left_out], 2)[0] == "played"
    a, b, c, d = (winning_side(result)[0] for result in first.results)
    off_bracket = PlayedRound(2, (TableResult(((a,), (c,)), (1, 0), 0), TableResult(((b,), (d,)), (1, 0), 0)), ())
    field, message = refusal(draw_round, KNOCKOUT_PAIRS, entries, [first, off_bracket], 2)
    assert field == "played" and "bracket" in message
    misnumbered = PlayedRound(2, first.results, ())
    assert refusal(standings, swiss(2), make_entries(swiss(2), 8), [misnumbered])[0] == "played"
