"""How a game ended: one vocabulary for every table, every feature and every record.

A game ends ``finished`` when its rules end it; a live table can also end it by a person's word:
``resigned`` (the seats of a side gave up: that side loses), ``abandoned`` (stopped without a
result), ``claimed`` (victory claimed after every opponent left) and ``timed_out`` (a seat's clock
ran out where no bot may take it over). An :class:`Ending` is a value with a text form that
round-trips (``resigned 1``, ``abandoned``), written to a table's event log and to a game record
beside the actions, so a record of any ending replays to the same result and cause
(:func:`ended_result`). Casual and rated tables differ in which endings they allow, never in this
vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from tabletop.core.errors import RecordError, no_such_seat
from tabletop.core.events import Event, event
from tabletop.core.game import Game, State

Cause = Literal["finished", "resigned", "abandoned", "claimed", "timed_out"]
CAUSES: tuple[Cause, ...] = get_args(Cause)
"""Every way a game can end, in the order a reader meets them."""

_LOSERS: frozenset[str] = frozenset({"resigned", "timed_out"})
"""The causes whose seats lose (their side loses); ``claimed`` names the winners instead."""


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended and whose doing it was: ``seats`` resigned, timed out or claimed (none for
    ``finished`` and ``abandoned``).

    >>> Ending.parse("resigned 1")
    Ending(cause='resigned', seats=(1,))
    >>> str(Ending("claimed", (0, 2)))
    'claimed 0 2'
    """

    cause: Cause
    seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(sorted(set(self.seats))))  # one value, one text, whatever the order
        if self.cause not in CAUSES:
            raise RecordError(f"ending {self.cause!r}; endings: {', '.join(CAUSES)}")
        if self.cause in ("finished", "abandoned") and self.seats:
            raise RecordError(f"ending {self.cause!r} names no seats (got {str(self)!r})")
        if self.cause not in ("finished", "abandoned") and not self.seats:
            raise RecordError(f"ending {self.cause!r} names the seats it was by")

    def __str__(self) -> str:
        return " ".join([self.cause, *map(str, self.seats)])

    @classmethod
    def parse(cls, text: str) -> Ending:
        """An ending from its text form (``resigned 1``).

        Raises:
            RecordError: for an unknown cause or seats that are not numbers.
        """
        if not text.split():
            raise RecordError(f"an empty ending; endings: {', '.join(CAUSES)}")
        cause, *seats = text.split()
        if not all(seat.isdigit() for seat in seats):
            raise RecordError(f"ending {text!r}: seats are given by their index (e.g. 'resigned 1' for seat 2)")
        if cause not in CAUSES:
            raise RecordError(f"ending {cause!r}; endings: {', '.join(CAUSES)}")
        return cls(cause, tuple(sorted({int(seat) for seat in seats})))

    @property
    def has_result(self) -> bool:
        """False for an abandoned game: nobody won or lost."""
        return self.cause != "abandoned"

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: ``{"cause": "resigned", "seats": [1]}``."""
        return {"cause": self.cause, "seats": list(self.seats)}

    def check(self, game: Game[Any, Any]) -> None:
        """Raise RecordError unless every seat named is one of ``game``'s."""
        if bad := [seat for seat in self.seats if not 0 <= seat < game.num_players]:
            raise RecordError(f"ending {str(self)!r}: {no_such_seat(bad[0], game.num_players)}",
                              params={"seat": bad[0], "players": game.num_players})


def losing_sides(game: Game[Any, Any], ending: Ending) -> list[tuple[int | str, tuple[int, ...]]]:
    """The sides an ending makes lose: those with a seat that resigned or timed out; with a claim,
    every side without a claiming seat."""
    named = set(ending.seats)
    sides = game.seat_sides()
    if ending.cause in _LOSERS:
        return [side for side in sides if named & set(side[1])]
    if ending.cause == "claimed":
        return [side for side in sides if not named & set(side[1])]
    return []


def ended_result(state: State[Any], ending: Ending) -> tuple[tuple[float, ...], Event | None]:
    """The returns and the result event a game has when it ends by ``ending`` at ``state``.

    ``finished`` is the rules' own result (the state must be terminal); ``abandoned`` has none (every
    return 0, no result); otherwise the losing sides get −1 and the others +1, and the result is
    ``game_won`` by the one side left or ``game_shared`` by the sides left, each with ``ending``.

    Raises:
        RecordError: for ``finished`` before the rules end the game, or an ending that would leave no
            side standing.
    """
    game = state.game
    ending.check(game)
    if ending.cause == "finished":
        if not state.is_terminal:
            raise RecordError("ending 'finished' but the game is not over by its rules")
        return tuple(state.returns()), state.result()
    if ending.cause == "abandoned":
        return (0.0,) * game.num_players, None
    losers = {seat for _, members in losing_sides(game, ending) for seat in members}
    left = [side for side in game.seat_sides() if not losers & set(side[1])]
    if not left:
        raise RecordError(f"ending {str(ending)!r} leaves no side in the game")
    returns = tuple(-1.0 if seat in losers else 1.0 for seat in range(game.num_players))
    if len(left) == 1:
        name, members = left[0]
        return returns, event("game_won", side=name, members=list(members), ending=ending.cause)
    return returns, event("game_shared", members=[s for _, members in left for s in members], ending=ending.cause)

