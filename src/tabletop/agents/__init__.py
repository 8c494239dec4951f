"""Agents: anything that chooses actions for a seat, knowing games only through the interface."""

from collections.abc import Callable
from typing import Any

from tabletop.agents.base import Agent, Decision, FirstAgent, RandomAgent
from tabletop.agents.human import HumanAgent, QuitGame
from tabletop.agents.search import LEVELS, ExpectimaxAgent, MCTSAgent
from tabletop.core import Game

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "first": FirstAgent, "mcts": MCTSAgent,
                                          "expectimax": ExpectimaxAgent, **LEVELS}
"""Generic bots by the name a seat list uses (``--seats human,normal``); games add their own."""

DEFAULT_BOT = "normal"
"""What ``bot`` means in a seat list: the default level."""


def bot_names(game: Game[Any, Any] | None = None) -> list[str]:
    """Every name :func:`make_bot` accepts for ``game``: its own bots first, then the generic ones."""
    own = list(game.bots()) if game is not None else []
    return ["bot", *own, *(name for name in AGENTS if name not in own)]


def make_bot(name: str, game: Game[Any, Any] | None = None) -> Agent:
    """The bot called ``name``, playing ``game``: the game's own expert where it has one of that
    name (its levels ``easy``/``normal``/``hard``), else the generic agent; ``bot`` is the default
    level. Raises ValueError listing the bots there are.
    """
    if name == "bot":
        name = DEFAULT_BOT
    own = game.bots() if game is not None else {}
    factory = own.get(name) or AGENTS.get(name)
    if factory is None:
        raise ValueError(f"no bot called {name!r}; bots: {', '.join(bot_names(game))}")
    return factory()


__all__ = [
    "AGENTS",
    "DEFAULT_BOT",
    "LEVELS",
    "Agent",
    "Decision",
    "ExpectimaxAgent",
    "FirstAgent",
    "HumanAgent",
    "MCTSAgent",
    "QuitGame",
    "RandomAgent",
    "bot_names",
    "make_bot",
]
