"""Agents: anything that chooses actions for a seat, knowing games only through the interface."""

from collections.abc import Callable

from tabletop.agents.base import Agent, Decision, FirstAgent, RandomAgent
from tabletop.agents.human import HumanAgent, QuitGame
from tabletop.agents.search import LEVELS, ExpectimaxAgent, MCTSAgent

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "first": FirstAgent, "mcts": MCTSAgent,
                                          "expectimax": ExpectimaxAgent, **LEVELS}
"""Bots by the name a seat list uses (``--seats human,normal``); ``bot`` is the default bot."""


def make_bot(name: str) -> Agent:
    """The bot called ``name``; raises ValueError listing the bots there are.

    ``bot`` is still the random player: the game experts and tuned levels for every game (issue 6)
    are not there yet, and a generic search is too slow for Kubik's physics throws.
    """
    if name == "bot":
        name = "random"
    try:
        return AGENTS[name]()
    except KeyError:
        raise ValueError(f"no bot called {name!r}; bots: bot, {', '.join(AGENTS)}") from None


__all__ = [
    "AGENTS",
    "LEVELS",
    "Agent",
    "Decision",
    "ExpectimaxAgent",
    "FirstAgent",
    "HumanAgent",
    "MCTSAgent",
    "QuitGame",
    "RandomAgent",
    "make_bot",
]
