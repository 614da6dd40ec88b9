"""Errors the engine raises: every problem names its field and says what is wrong."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input: the field it is in and a sentence a player understands."""

    field: str
    message: str

    def as_dict(self) -> dict[str, str]:
        """The problem in the API's error shape."""
        return {"field": self.field, "message": self.message}


class RuleError(ValueError):
    """Input the rules do not allow; carries one or more problems, each with its field."""

    def __init__(self, field_or_problems: str | list[Problem] | tuple[Problem, ...], message: str = "") -> None:
        if isinstance(field_or_problems, str):
            problems: tuple[Problem, ...] = (Problem(field_or_problems, message),)
        else:
            problems = tuple(field_or_problems)
        if not problems:
            raise ValueError("a RuleError needs at least one problem")
        self.problems = problems
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in problems))

    @property
    def field(self) -> str:
        """The field of the first problem."""
        return self.problems[0].field

    @property
    def message(self) -> str:
        """The sentence of the first problem."""
        return self.problems[0].message

    def prefixed(self, prefix: str) -> RuleError:
        """The same problems with their fields placed under ``prefix`` (``hands.7.claim``)."""
        return RuleError([Problem(f"{prefix}.{p.field}", p.message) for p in self.problems])


class MatchFinished(RuleError):
    """A hand was offered after the match already has its winner."""
