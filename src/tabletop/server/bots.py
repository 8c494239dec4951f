"""Bot decisions for live tables, run in worker processes so the event loop never waits on a search.

A request is plain data (game name and options, bot name, seat, view, legal actions in notation, the
seat's history, a seed), so it pickles to any worker; the worker keeps loaded games and bots cached. A bot
that chooses without searching (``random``, ``first``) is asked in the server's own process instead
(:func:`choose_here`): a worker's round trip would cost more than its choice.
The bot sees exactly what a person in that seat would: the view, never the state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import tabletop
from tabletop.agents import Agent, make_bot
from tabletop.core import Decision, Game, State, View


@dataclass(frozen=True)
class BotRequest:
    """Everything a bot in a seat may use to choose."""

    game: str
    options_json: str
    bot: str
    seat: int
    view: dict[str, Any]
    legal: tuple[str, ...]
    history: tuple[str, ...]
    seed: str


@lru_cache(maxsize=64)
def _game(name: str, options_json: str) -> Game[Any, Any]:
    return tabletop.load(name, **json.loads(options_json))


@lru_cache(maxsize=256)
def _bot(name: str, options_json: str, bot: str) -> Agent:
    return make_bot(bot, _game(name, options_json))


def is_instant(game: str, options_json: str, bot: str) -> bool:
    """True for a bot that chooses without searching (``random``, ``first``): asking it in the
    server's own process costs less than the round trip to a worker."""
    return bool(getattr(_bot(game, options_json, bot), "instant", False))


def decide(request: BotRequest) -> str:
    """The bot's action, in notation (runs in a worker process)."""
    game = _game(request.game, request.options_json)
    legal = tuple(game.parse_action(text) for text in request.legal)
    return str(choose_here(request.game, request.options_json, request.bot, request.seat, request.view, legal,
                           request.history, request.seed))


class LazyView(Mapping[str, Any]):
    """A seat's view made only when a bot first reads it: a bot that chooses without looking (``random``,
    ``first``) never costs one."""

    def __init__(self, make: Callable[[], View]) -> None:
        self._make = make

    @cached_property
    def _view(self) -> View:
        return self._make()

    def __getitem__(self, key: str) -> Any:
        return self._view[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view)

    def __len__(self) -> int:
        return len(self._view)


def choose_here(game: str, options_json: str, bot: str, seat: int, view: View, legal: Sequence[Any],
                history: tuple[str, ...], seed: str) -> Any:
    """An instant bot's choice among ``legal`` (actions, not notation), made in the server's own process: the
    same bot, the same seed and the same decision as :func:`decide` would get, with no notation written and
    parsed back."""
    decision = Decision(_game(game, options_json), seat, view, legal, history)
    return _bot(game, options_json, bot).choose(decision, random.Random(seed))


def draw(state: State[Any], rng: random.Random) -> tuple[str, State[Any]]:
    """A chance outcome drawn from ``rng`` and the state it leads to (runs in a worker process for a
    simulated throw: the state and the generator pickle, and so does the state that comes back)."""
    outcome = state.sample_chance(rng)
    return str(outcome), state.apply(outcome)
