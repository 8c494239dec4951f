"""The rating model: Weng–Lin (OpenSkill's Plackett–Luce) for every pool, shown on a 1500-like scale.

Why this model: it rates *sides* (cribbage partnerships, Kubik teams: a side's members share its result) and
*finishing orders* (three-player cribbage and Cubulus have a second place), with an uncertainty for every
rating — which Elo has not, and Glicko-2 has only for one-against-one games. It is the ``openskill`` library's,
never hand-written; this module only chooses its parameters and the numbers people read:

- **The scale.** The model starts everyone at ``mu`` 25 with ``sigma`` 25/3; a rating is shown as ``SCALE``
  times the model's numbers, so a newcomer reads **1500 ± 500** — the numbers lichess players know.
- **Provisional.** A rating is provisional ("1500?") while its deviation is above :data:`PROVISIONAL`
  (shown points, three fifths of the starting 500): about a dozen games against settled opponents
  (``benchmarks/ratings.py`` measures how many). Only settled ratings are on a leaderboard.
- **Inactivity.** The deviation grows with the days since the account's last rated game in the pool —
  ``sigma² + days · DRIFT²``, never beyond the starting deviation — so a player back after a year is
  uncertain again and moves quickly (Glicko's rating-period growth, by the day).
- **Each game.** The sides are ranked by the game's returns (equal returns: a shared place); a side that
  resigned, timed out or left against a claim has already lost in those returns (the ending contract,
  :mod:`tabletop.core.ending`); an abandoned game rates nobody.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
SCALE = 60.0
"""Shown points per model unit: the model's 25 ± 8.33 reads 1500 ± 500."""
PROVISIONAL = 300.0
"""A rating whose deviation (shown points) is above this is provisional, and on no leaderboard."""
DRIFT = 25.0 / SCALE
"""How fast an unused rating's deviation grows: ``DRIFT`` model units a √day (25 shown points), so a settled
deviation of about 150 is back at the starting 500 after a year without a game."""
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating in the model's units: ``mu`` and ``sigma`` as stored."""

    mu: float = MU
    sigma: float = SIGMA

    def at(self, last: datetime | None, moment: datetime) -> Skill:
        """This rating as of ``moment``: its deviation grown by the days since ``last`` (its last game)."""
        if last is None:
            return self
        days = max(0.0, (moment - last).total_seconds() / 86_400)
        return Skill(self.mu, min(SIGMA, math.sqrt(self.sigma ** 2 + days * DRIFT ** 2)))

    @property
    def shown(self) -> dict[str, Any]:
        """As people read it: ``{"rating": 1523, "deviation": 212, "provisional": False}``."""
        deviation = self.sigma * SCALE
        return {"rating": round(self.mu * SCALE), "deviation": round(deviation),
                "provisional": deviation > PROVISIONAL}


def places(returns: Sequence[float], sides: Sequence[Sequence[int]]) -> list[int]:
    """Each side's place from the game's returns (0: first; equal returns share a place).

    >>> places([1.0, -1.0], [(0,), (1,)])
    [0, 1]
    >>> places([1.0, -0.5, -0.5], [(0,), (1,), (2,)])
    [0, 1, 1]
    >>> places([0.0, 0.0], [(0,), (1,)])
    [0, 0]
    """
    values = [returns[members[0]] for members in sides]
    return [sum(other > value for other in values) for value in values]


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every member's new rating after a game whose sides (each a list of its members' ratings, as of the
    game) finished in ``ranks`` (0: first)."""
    teams = [[MODEL.rating(mu=member.mu, sigma=member.sigma) for member in side] for side in sides]
    updated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [[Skill(member.mu, member.sigma) for member in side] for side in updated]


def win_chance(mine: Sequence[Skill], theirs: Sequence[Skill]) -> float:
    """The model's chance that the first side beats the second (what a seek's "fair opponent" reads)."""
    ours = [MODEL.rating(mu=member.mu, sigma=member.sigma) for member in mine]
    other = [MODEL.rating(mu=member.mu, sigma=member.sigma) for member in theirs]
    return float(MODEL.predict_win([ours, other])[0])


def shown_points(skills: Mapping[str, Skill]) -> dict[str, dict[str, Any]]:
    """Each named rating as people read it (:attr:`Skill.shown`)."""
    return {name: skill.shown for name, skill in skills.items()}
