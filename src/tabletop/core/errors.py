"""The errors tabletop raises for bad input: each says what was wrong and what is allowed.

All subclass :class:`TabletopError`, itself a :class:`ValueError`, so callers can catch bad input
in one place; none is raised after a change has been made (nothing is half-applied).

An error is data as well as a sentence (STYLE 16): besides its English message, for the terminal,
curl users and logs, it carries a stable ``code`` and named ``params`` (JSON data), from which a
front end words it in its reader's language — ``IllegalActionError("9H: count would be 34 > 31",
code="count_over_31", params={"card": "9H", "count": 25, "total": 34})``. The codes the core raises
are :data:`CORE_ERRORS`; a game declares its own in its spec (``GameSpec.errors``), as it declares
its event kinds, so a test can check that every code has words in every language.

Seats are numbered one way in every message a person reads: by their label, ``seat 2`` for the second
seat, as the browser and the terminal show them (:func:`seat_label`); the 0-based index a program
uses stays in the params (``{"to_move": 1}``), and a number that is an index is called one
(:func:`no_such_seat`), never "seat N".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

CORE_ERRORS: Mapping[str, str] = {
    "invalid": "bad input of no more specific kind (a view or a board that is not one of this game's)",
    "unknown_game": "no game by that name: {game}; {games} are",
    "unknown_option": "the game has no option {option}; {options} are its options",
    "option_choice": "option {option}={value} is not one of {choices}",
    "option_below": "option {option}={value} is below its minimum {minimum}",
    "option_above": "option {option}={value} is above its maximum {maximum}",
    "option_type": "option {option}={value} is not of its kind ({kind}: int, float, bool or str)",
    "option_invalid": "option {option}={value} is refused by the game's own check",
    "bad_notation": "{text} is not an action in the game's notation",
    "game_over": "{action}: the game is over; no action is legal",
    "illegal_action": "{action} is not legal for {player} (a seat's index, or -1 for chance) here; legal: {legal} "
                      "(at most 40 of them, {count} in all)",
    "not_chance": "nothing is drawn at random now ({phase})",
    "sampled_chance": "a chance node whose outcomes can only be sampled (a physics throw)",
    "bad_record": "a record that is malformed or does not replay (index: its first bad action, or None)",
}
"""Every code the core's errors carry, with what it means and its params: the default code of each
error class, and those of the core's own raises (:meth:`State.apply`, :class:`Option`, the registry)."""

SHOWN = 40
"""The most allowed values an error lists (a Kubik throw grid has thousands)."""


class TabletopError(ValueError):
    """Base class of every error caused by bad input (a name, an option, an action, a record).

    ``code`` (the class's own unless given) and ``params`` say what was wrong as data; ``str(error)``
    says it in English.
    """

    default_code: ClassVar[str] = "invalid"

    def __init__(self, message: str = "", *, code: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: ``{"code", "params", "reason"}`` (the English reason for those without words)."""
        return {"code": self.code, "params": self.params, "reason": str(self)}


class UnknownGameError(TabletopError, KeyError):
    """A game name that is not registered."""

    default_code = "unknown_game"

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else ""


class OptionError(TabletopError):
    """A game option that does not exist or has a value the game does not allow."""

    default_code = "option_invalid"


class NotationError(TabletopError):
    """Text that is not an action in the game's notation."""

    default_code = "bad_notation"


class IllegalActionError(TabletopError):
    """A well-formed action that the rules forbid in the current state."""

    default_code = "illegal_action"


class SampledChanceError(TabletopError):
    """A chance node whose outcomes cannot be listed, only sampled (a physics throw)."""

    default_code = "sampled_chance"


class RecordError(TabletopError):
    """A game record that is malformed or does not replay.

    ``index`` is the position of the first bad action in the record's action list (None when the
    record is malformed before any action is reached); ``params`` adds what else was wrong (a seat).
    """

    default_code = "bad_record"

    def __init__(self, message: str, index: int | None = None, *, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params={"index": index, **(params or {})})
        self.index = index


def seat_label(seat: int) -> str:
    """A seat as people read it in a message: 1-based, as the browser and the terminal name it (the
    index itself goes in the error's params).

    >>> seat_label(1)
    'seat 2'
    """
    return f"seat {seat + 1}"


def no_such_seat(index: int, players: int) -> str:
    """Why ``index`` names no seat of a ``players``-seat game, calling it an index (a program's number,
    which :func:`seat_label` would make one more).

    >>> no_such_seat(3, 2)
    'no seat has index 3; the 2 seats have indices 0–1'
    """
    return f"no seat has index {index}; the {players} seats have indices 0–{players - 1}"


def list_allowed(items: Iterable[object], limit: int = SHOWN) -> str:
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


def allowed_data(items: Iterable[object], limit: int = SHOWN) -> tuple[list[str], int]:
    """The allowed values as error params: the first ``limit`` in text, and how many there are.

    >>> allowed_data(range(100), limit=3)
    (['0', '1', '2'], 100)
    """
    every = list(items)
    return [str(item) for item in every[:limit]], len(every)


class Reason(str):
    """Why something is refused, in English, carrying its ``code`` and ``params`` as data: a game's
    ``why_illegal`` returns one, its ``apply`` raises :meth:`error` with it — the sentence for the
    terminal and logs, the code for front ends that word it themselves.

    >>> reason = Reason("cell 13 is the centre", "centre_cell", cell=13)
    >>> (str(reason), reason.code, reason.params)
    ('cell 13 is the centre', 'centre_cell', {'cell': 13})
    """

    code: str
    params: dict[str, Any]

    def __new__(cls, text: str, code: str, /, **params: Any) -> Reason:
        reason = super().__new__(cls, text)
        reason.code = code
        reason.params = params
        return reason

    def error(self, action: object, tail: str = "") -> IllegalActionError:
        """The :class:`IllegalActionError` refusing ``action`` for this reason (``tail``: what is legal)."""
        return IllegalActionError(f"{action}: {self}{tail}", code=self.code,
                                  params={"action": str(action), **self.params})
