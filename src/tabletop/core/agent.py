"""The agent protocol: what a player (bot or person) is asked, and what it answers.

It lives in the core because both sides of it are here: generic agents (``tabletop.agents``) and
each game's own expert (in the game's package, which imports only the core) implement it, and
runners, the CLI and the server call it. An agent sees a :class:`Decision` — its seat, its *view*
of the state (never the state: hidden information has one door), the legal actions and the public
actions so far — and returns one of the legal actions. The runner owns the random generator and
hands each agent its own stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from tabletop.core.game import Game, Player, View

LEVELS = ("easy", "normal", "hard")
"""The named strengths every game's bots come in (bots issue: easy | normal | hard)."""


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
