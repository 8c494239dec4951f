"""The agent protocol: what a player (bot or person) is asked, and what it answers.

An agent sees a :class:`Decision` — its seat, its *view* of the state (never the state: hidden
information has one door), the legal actions and the public actions so far — and returns one of
the legal actions. The runner owns the random generator and hands each agent its own stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tabletop.core import Game, Player, View


@dataclass(frozen=True, slots=True)
class Decision:
    """Everything an agent may use to choose: nothing it may not see."""

    game: Game[Any, Any]
    seat: Player
    view: View
    legal_actions: Sequence[Any]
    history: tuple[str, ...] = ()  #: the actions so far that this seat saw, in notation


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """One of ``decision.legal_actions``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return decision.legal_actions[rng.randrange(len(decision.legal_actions))]


class FirstAgent:
    """Always the first legal action: deterministic, for tests and games without decisions."""

    name = "first"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The first legal action."""
        return decision.legal_actions[0]
