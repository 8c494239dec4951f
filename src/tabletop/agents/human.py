"""A person at the keyboard, as an agent: it asks, parses the answer, and asks again on a mistake.

The input and output are callables, so the same agent serves a terminal, a test, or anything
that can pass text back and forth. Typing ``?`` or ``help`` lists the legal actions; an empty
answer takes the only legal action when there is just one (Beetle's ``roll``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tabletop.agents.base import Decision
from tabletop.core import TabletopError
from tabletop.core.errors import list_allowed


class QuitGame(Exception):
    """The person asked to stop playing."""


class HumanAgent:
    """Reads actions in the game's notation from ``ask`` and reports problems with ``tell``."""

    def __init__(self, ask: Callable[[Decision], str], tell: Callable[[str], None], name: str = "human"):
        self.ask = ask
        self.tell = tell
        self.name = name

    def choose(self, decision: Decision, rng: random.Random) -> object:
        """Ask until the answer is a legal action; raises QuitGame on ``quit``."""
        while True:
            text = self.ask(decision).strip()
            if text.lower() in ("quit", "exit", "q"):
                raise QuitGame
            if text in ("?", "help", "h"):
                self.tell(f"legal: {list_allowed(decision.legal_actions)}")
                continue
            if not text and len(decision.legal_actions) == 1:
                return decision.legal_actions[0]
            if not text:
                self.tell(f"type an action; legal: {list_allowed(decision.legal_actions)}")
                continue
            shorthand = _shorthand(text, decision.legal_actions)
            if shorthand is not None:
                return shorthand
            try:
                action = decision.game.parse_action(text)
            except TabletopError as error:
                self.tell(str(error))
                continue
            if action not in decision.legal_actions:
                self.tell(f"{action} is not legal now; legal: {list_allowed(decision.legal_actions)}")
                continue
            return action


def _shorthand(text: str, legal: Sequence[object]) -> object | None:
    """The one legal action whose notation ends with what was typed (``5H 6D`` for ``discard 5H 6D``).

    Card order and case do not matter; None when no legal action, or more than one, matches.
    """
    words = sorted(text.lower().split())
    matches = [a for a in legal if sorted(str(a).lower().split()[-len(words):]) == words
               and len(str(a).split()) > len(words)]
    return matches[0] if len(matches) == 1 else None
