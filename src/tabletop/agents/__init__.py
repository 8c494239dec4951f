"""Agents: anything that chooses actions for a seat, knowing games only through the interface."""

from tabletop.agents.base import Agent, Decision, FirstAgent, RandomAgent
from tabletop.agents.human import HumanAgent, QuitGame

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "first": FirstAgent}
"""Bots by the name a seat list uses (``--seats human,random``); ``bot`` is the default bot."""


def make_bot(name: str) -> Agent:
    """The bot called ``name``; raises ValueError listing the bots there are."""
    if name == "bot":
        name = "random"
    try:
        return AGENTS[name]()
    except KeyError:
        raise ValueError(f"no bot called {name!r}; bots: bot, {', '.join(AGENTS)}") from None


__all__ = ["AGENTS", "Agent", "Decision", "FirstAgent", "HumanAgent", "QuitGame", "RandomAgent", "make_bot"]
