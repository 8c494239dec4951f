"""Coach advice as data: what each legal choice of one seat is worth, from that seat's view alone.

A game that can coach (:meth:`tabletop.core.Game.coach`) answers with a :class:`CoachAdvice`: the
kind of decision, the figures of each choice keyed by the action's notation (cribbage: a discard's
expected hand and crib; Kubik: a throw's chance to score and to win; Cubulus: whether a move loses
by force), the figure that ranks them (``measure``) and the game's preferred action. It carries no
English (STYLE 16): the terminal and the browser word it. :func:`blunder_cost` compares a choice with
the best, for the "blunders" of a finished game's replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Figure = float | bool
"""One number of an action's advice (a chance, expected points, a flag such as ``loses``)."""


@dataclass(frozen=True, slots=True)
class CoachAdvice:
    """One seat's advice at one decision: each action's figures and the preferred action."""

    kind: str  #: the decision, in the game's vocabulary: ``discard``, ``play``, ``throw``, ``move``, ``roll``…
    seat: int  #: whose decision it is
    measure: str  #: the figure that ranks the actions (higher is better), e.g. ``net``, ``win``
    unit: str  #: what the measure counts: ``points`` (expected points) or ``chance`` (0–1)
    actions: Mapping[str, Mapping[str, Figure]]  #: by the action's notation: its figures
    best: str | None  #: the game's preferred action (its notation), None when there is no choice
    extra: Mapping[str, Any] = field(default_factory=dict)  #: figures of the position (Beetle: every seat's odds)

    def value(self, action: str) -> float | None:
        """``action``'s measure, or None when the advice does not rate it."""
        figures = self.actions.get(action)
        if figures is None or self.measure not in figures:
            return None
        return float(figures[self.measure])

    def to_data(self) -> dict[str, Any]:
        """JSON-ready (numbers rounded to 6 places: the advice is shown, never compared to the last bit)."""
        def rounded(value: Figure) -> Figure:
            return value if isinstance(value, bool) else round(float(value), 6)

        return {"kind": self.kind, "seat": self.seat, "measure": self.measure, "unit": self.unit, "best": self.best,
                "actions": {a: {k: rounded(v) for k, v in figures.items()} for a, figures in self.actions.items()},
                "extra": dict(self.extra)}


def blunder_cost(advice: CoachAdvice, chosen: str) -> float | None:
    """How much ``chosen`` gave up against the best rated action, in the advice's unit (≥ 0); None
    when the advice does not rate it or there was no choice.

    >>> advice = CoachAdvice("play", 0, "value", "points", {"5H": {"value": 2.0}, "KS": {"value": -0.5}}, "5H")
    >>> blunder_cost(advice, "KS")
    2.5
    """
    chosen_value = advice.value(chosen)
    rated = [v for a in advice.actions if (v := advice.value(a)) is not None]
    if chosen_value is None or len(rated) < 2:
        return None
    return max(0.0, max(rated) - chosen_value)
