"""The error family of buraco-learn.

Every error is a :class:`ValueError`, carries the bad input in its message and,
where a rule is broken, names the rule and the document it comes from.

>>> from buraco_learn import Card
>>> try:
...     Card.parse("11H")
... except InvalidNotationError as error:
...     print(error)
invalid card notation '11H': a card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker
"""

from __future__ import annotations


class BuracoError(ValueError):
    """Base class of every error raised by buraco-learn."""


class InvalidNotationError(BuracoError):
    """Card, meld or action notation that cannot be parsed."""


class UnknownPresetError(BuracoError):
    """A ruleset preset name that does not exist."""


class InvalidRulesError(BuracoError):
    """A ruleset option that does not exist or has a value it cannot take; ``check`` names which of the
    ruleset's checks refused it (``"pots_per_side"``, ``"deal"``, ...: '' for one option's own type or bounds)."""

    def __init__(self, message: str, *, check: str = "") -> None:
        super().__init__(message)
        self.check = check


class IllegalActionError(BuracoError):
    """An action that the rules do not allow in this state; the state is unchanged."""


class InvalidRecordError(BuracoError):
    """A game record or score sheet that is malformed or inconsistent."""


def unreadable_json(error: ValueError | RecursionError) -> str:
    """Why JSON that the parser refused beyond its syntax cannot be read, in one line.

    >>> import json
    >>> try:
    ...     json.loads("[" * 100_000)
    ... except RecursionError as error:
    ...     unreadable_json(error)
    'it is nested too deeply'
    """
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    if "integer string conversion" in str(error):
        return "it holds a number of thousands of digits"
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__
