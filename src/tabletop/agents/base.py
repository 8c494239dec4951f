"""The simplest agents; the protocol they implement (:class:`Agent`, :class:`Decision`) is the core's.

An agent sees a :class:`Decision` — its seat, its *view* of the state (never the state: hidden
information has one door), the legal actions and the public actions so far — and returns one of
the legal actions. The runner owns the random generator and hands each agent its own stream.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.core import Agent, Decision


class RandomAgent:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"
    instant = True  #: chooses without searching: a server may ask it in-process, no worker needed

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """A uniformly random legal action."""
        return decision.legal_actions[rng.randrange(len(decision.legal_actions))]


class FirstAgent:
    """Always the first legal action: deterministic, for tests and games without decisions."""

    name = "first"
    instant = True

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The first legal action."""
        return decision.legal_actions[0]

__all__ = ["Agent", "Decision", "FirstAgent", "RandomAgent"]
