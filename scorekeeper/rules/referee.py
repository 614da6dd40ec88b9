"""The referee's meld question (API.md "Referee"): who scores which declarations, read from the table's words."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Problem, RuleError
from .hand import default_names, read_declarations
from .legal import read_contract
from .melds import MeldContest, contest
from .variants import Rules


def judge_melds(
    rules: Rules, contract: object, forehand: object, declarations: object, names: Sequence[str] | None = None,
) -> MeldContest:
    """Adjudicate the declarations of each side (a list per side, as API.md writes them).

    ``forehand`` is the side that plays first to the first trick (it wins sequences equal in every way where
    the variant says so). A RuleError names every problem: ``contract``, ``forehand``, ``declarations.N``.
    """
    names = names or default_names(rules)
    problems: list[Problem] = []
    the_contract = read_contract(rules, contract, problems)
    if isinstance(forehand, bool) or not isinstance(forehand, int) or not 0 <= forehand < rules.sides:
        problems.append(Problem("forehand", f"{forehand!r} is not a side: forehand is the side that leads to the "
                                            f"first trick, numbered 0 to {rules.sides - 1}"))
    try:
        declared = read_declarations(rules, declarations, the_contract, names)
    except RuleError as error:
        problems.extend(error.problems)
    if problems:
        raise RuleError(problems)
    assert isinstance(forehand, int)
    return contest(rules, the_contract, forehand, declared, names)
