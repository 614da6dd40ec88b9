"""What the engine says, kept sayable in any language without leaving the standard library.

Every sentence the engine makes (a hand's explanation, a house rule in words, a problem with an input) is a
``Said``: a ``str`` holding the English text, so everything that treats it as text (JSON, tests, the English
pages) goes on doing so, which also remembers the message it was made from and the fields put into it. The web
layer says it in the table's language with ``said.say(gettext)``: the message is looked up in the language's
catalog (the messages are gettext ``msgid``\\ s with ``%(name)s`` fields, extracted from the engine's sources by
``pybabel extract -k Said -k N_``) and the fields are filled in, each said in the same language when it is a
``Said`` itself (a part of a sentence, a game's word). Player names and numbers are data, never translated.

Example::

    line = Said("%(side)s took every trick: a valat.", side="Mike")
    str(line)                    # 'Mike took every trick: a valat.'
    line.say(croatian.gettext)   # 'Mike je uzeo sve štihove: štiglja.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

Translate = Callable[[str], str]
"""Looks a message up in a language's catalog (``gettext``); the message itself when the catalog lacks it."""
Number = Callable[[int | float], str]
"""Writes a number the language's way."""
Place = Callable[[str], str]
"""Places each field in its sentence, once said: a player's name, a number, a part of the sentence (a game's title,
a card's letter)."""

RIGHT_TO_LEFT = frozenset({"ar"})
"""The languages written from right to left: their pages say ``dir="rtl"`` and mirror, and their sentences keep each
field apart (``isolated``)."""


def _same(message: str) -> str:
    return message


def isolated(text: str) -> str:
    """``text`` between Unicode's FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: inside a sentence written right
    to left, a field in Latin letters (a name, a game's title, a card's letter) keeps its place instead of pulling
    the colon and the number after it into its own left-to-right run ("Mike: 90" read backwards)."""
    return f"\u2068{text}\u2069"


def placing(language: str) -> Place:
    """How a sentence in ``language`` places the fields it is given: each isolated in a right-to-left language, as
    it is in any other."""
    return isolated if language in RIGHT_TO_LEFT else _same


def N_(message: str) -> str:  # noqa: N802 (the gettext convention's name, which pybabel extracts)
    """A message to translate later, where the engine keeps words in a table (a game's title, its bela
    word): marks it for extraction and gives it back unchanged."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 (after N_, with a context as pgettext takes one)
    """A message to translate later in ``context`` (a game's name on a small button, where the same word is also
    the bela word): marked for extraction (``-k NC_:1c,2``) and given back unchanged; the pages say it with
    ``pgettext(context, message)``."""
    return message


class Said(str):
    """A sentence or a part of one: its English text, and what is needed to say it in another language.

    ``message`` is the English message with ``%(name)s`` fields; ``fields`` fill them (a ``Said`` field is
    said in the same language; a number, an ``int`` or an average's ``float``, is written by the ``number``
    given to ``say``)."""

    message: str
    fields: Mapping[str, object]

    def __new__(cls, message: str, /, **fields: object) -> Said:
        # In English every field is its own text (a Said's English is the str it is), so ``%`` fills them at once:
        # replay makes these for every hand, and saying each nested part again would cost more than the scoring.
        self = super().__new__(cls, message % fields if fields else message)
        self.message = message
        self.fields = fields
        return self

    @classmethod
    def agreeing(cls, team: bool, one: str, many: str, /, **fields: object) -> Said:
        """The sentence whose verbs agree with the side it is about: ``many`` for a team of partners ("Ana & Marko
        win the game"), ``one`` for a player ("Mike wins the game"); each its own message, marked with ``N_``, in
        every language (``Rules.team`` says which)."""
        return cls(many if team else one, **fields)

    def say(self, translate: Translate = _same, number: Number = str, place: Place = _same) -> str:
        """The sentence in the language of ``translate`` (English without one), each field placed by ``place``."""
        return _fill(translate(self.message), self.fields, translate, number, place)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.message, dict(self.fields)))


class Listed(Said):
    """Parts said one after the other with ``separator`` between them (``", "``; ``" and "``, which is
    translated): ``Listed(["Ana", "Ivo"], " and ")`` is ``Ana and Ivo``."""

    parts: tuple[object, ...]
    separator: str

    def __new__(cls, parts: Iterable[object], separator: str = ", ", /) -> Listed:
        kept = tuple(parts)
        self = str.__new__(cls, separator.join(map(str, kept)))
        self.message = separator
        self.fields = {}
        self.parts = kept
        self.separator = separator
        return self

    def say(self, translate: Translate = _same, number: Number = str, place: Place = _same) -> str:
        return translate(self.separator).join(_field(part, translate, number, place) for part in self.parts)

    def __reduce__(self) -> tuple[object, ...]:
        return (Listed, (self.parts, self.separator))


def _rebuild(kind: type[Said], message: str, fields: dict[str, object]) -> Said:
    return kind(message, **fields)


def _field(value: object, translate: Translate, number: Number, place: Place) -> str:
    if isinstance(value, Said):
        return place(value.say(translate, number, place))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return place(number(value))  # an average or a percentage too: "98,8" in Croatian, as the page writes it
    return place(str(value))


def _fill(message: str, fields: Mapping[str, object], translate: Translate, number: Number, place: Place) -> str:
    if not fields:
        return message
    return message % {key: _field(value, translate, number, place) for key, value in fields.items()}


def say(text: str, translate: Translate = _same, number: Number = str, place: Place = _same) -> str:
    """Any text the engine gave, in the language of ``translate``: a ``Said`` is said (its fields written by
    ``place``); plain text (a player's name, something from before the engine said it this way) is given back as
    it is."""
    return text.say(translate, number, place) if isinstance(text, Said) else text
