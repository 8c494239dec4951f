"""A finished game's statistics for one seat, as data: what a game computes from a record and how its figures add
up over any number of games.

A game that keeps statistics (:attr:`~tabletop.core.capabilities.Capability.STATISTICS`) answers
:meth:`Game.seat_statistics <tabletop.core.Game.seat_statistics>` with :class:`SeatStatistics`: the seat's
*totals* — counts and sums (deals played, points pegged, expected points lost) that add from game to game —
and whether its analysis finished within its budget of CPU. Its spec declares the :class:`Figure` each total
is read as (``GameSpec.statistics``): a count as it is, or an average of one total over another, so many games
are summed first and divided once (the points per deal over every deal, not a mean of each game's mean). The
figures carry no English (STYLE 16): a page words them.

>>> mean = Figure("hand", "hand_points", per="deals", unit="points")
>>> both = added({"hand_points": 12.0, "deals": 3.0}, {"hand_points": 4.0, "deals": 1.0})
>>> mean.value(both), mean.value({"deals": 0.0})
(4.0, None)
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

if TYPE_CHECKING:
    from tabletop.core.game import Game, State
    from tabletop.core.record import Record

StateT = TypeVar("StateT", bound="State[Any]")

Totals = Mapping[str, float]
"""A seat's totals by name: what adds up over games (a missing name is 0)."""


Unit = Literal["count", "points", "share", "chance"]
"""What a figure's value is, for a page to write it: a count, points (an average of them), a share of something
(0–1), or a chance (0–1, e.g. a chance to win lost)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One statistic a page shows, read from the totals: ``total`` itself, or ``total`` per ``per`` (an average,
    a rate), in ``unit``; ``series``: also shown game by game, over time."""

    name: str
    total: str
    per: str | None = None
    unit: Unit = "count"
    series: bool = False

    def value(self, totals: Totals) -> float | None:
        """The figure's value from ``totals``; None for an average of nothing (no deal, no decision)."""
        top = float(totals.get(self.total, 0.0))
        if self.per is None:
            return top
        bottom = float(totals.get(self.per, 0.0))
        return None if bottom <= 0 else top / bottom


@dataclass(frozen=True, slots=True)
class SeatStatistics:
    """One seat's statistics of one finished game: its totals, and whether the analysis behind them finished
    (False: it stopped at its budget, and the totals hold the decisions it rated before — their counts say
    how many)."""

    totals: Mapping[str, float] = field(default_factory=dict)
    complete: bool = True

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: every total a finite number (rounded to 9 places: stored, summed, never compared to the
        last bit)."""
        return {"totals": {name: round(float(value), 9) for name, value in sorted(self.totals.items())
                           if math.isfinite(value)},
                "complete": self.complete}


class Budget:
    """The CPU time an analysis may take: its own thread's (``time.thread_time``), so another job beside it on the
    machine does not eat it, and the same game is analysed as far on a busy server as on a quiet one. It counts
    from the first decision asked about: replaying the record up to it (and making the rules' machine code, once
    a process) is not analysis."""

    def __init__(self, seconds: float) -> None:
        self.seconds = max(0.0, seconds)
        self.until: float | None = None

    @property
    def spent(self) -> bool:
        """True once the time is used up: no further decision is begun."""
        moment = time.thread_time()
        if self.until is None:
            self.until = moment + self.seconds
        return moment >= self.until


def moves(game: Game[StateT, Any], record: Record) -> Iterator[tuple[StateT, str, StateT]]:
    """Each action of a finished game's ``record`` with the position it was taken in and the one it made."""
    state = game.initial_state()
    for text in record.actions:
        after = cast(StateT, state.apply_recorded(game.parse_action(text)))  # a server's own log: not judged again
        yield state, text, after
        state = after


def added(*many: Totals) -> dict[str, float]:
    """The totals of several games together: each name's values summed."""
    found: dict[str, float] = {}
    for totals in many:
        for name, value in totals.items():
            found[name] = found.get(name, 0.0) + float(value)
    return found


def read(figures: Iterable[Figure], totals: Totals) -> dict[str, float | None]:
    """Each figure's value from ``totals``, by name."""
    return {figure.name: figure.value(totals) for figure in figures}


__all__ = ["Budget", "Figure", "SeatStatistics", "Totals", "Unit", "added", "moves", "read"]
