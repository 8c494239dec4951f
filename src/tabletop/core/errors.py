"""The errors tabletop raises for bad input: each says what was wrong and what is allowed.

All subclass :class:`TabletopError`, itself a :class:`ValueError`, so callers can catch bad input
in one place; none is raised after a change has been made (nothing is half-applied).
"""

from __future__ import annotations

from collections.abc import Iterable


class TabletopError(ValueError):
    """Base class of every error caused by bad input (a name, an option, an action, a record)."""


class UnknownGameError(TabletopError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else ""


class OptionError(TabletopError):
    """A game option that does not exist or has a value the game does not allow."""


class NotationError(TabletopError):
    """Text that is not an action in the game's notation."""


class IllegalActionError(TabletopError):
    """A well-formed action that the rules forbid in the current state."""


class SampledChanceError(TabletopError):
    """A chance node whose outcomes cannot be listed, only sampled (a physics throw)."""


class RecordError(TabletopError):
    """A game record that is malformed or does not replay.

    ``index`` is the position of the first bad action in the record's action list (None when the
    record is malformed before any action is reached).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def list_allowed(items: Iterable[object], limit: int = 40) -> str:
    """Format allowed values for an error message, eliding a very long list.

    >>> list_allowed(["roll"])
    'roll'
    >>> list_allowed(range(100), limit=3)
    '0, 1, 2, … (100 in all)'
    """
    every = list(items)  # only the shown ones are written out: a throw grid has thousands
    shown = [str(item) for item in every[:limit]]
    if len(every) > limit:
        return ", ".join(shown) + f", … ({len(every)} in all)"
    return ", ".join(shown) if shown else "(none)"
