"""Playing a game to the end with agents and one seeded generator, producing its record.

The runner owns all randomness (STYLE 4): chance outcomes come from one stream and each seat's
agent gets a stream of its own, all derived from one seed, so a seed reproduces a game and the
record reproduces it without the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tabletop.agents.base import Agent, Decision
from tabletop.core import CHANCE, Game, Record, State, winner_field


@dataclass(frozen=True)
class Played:
    """A game played by :func:`play`: its record and its final state."""

    record: Record
    state: State[Any]


def streams(seed: int | str, seats: int) -> tuple[random.Random, list[random.Random]]:
    """The chance stream and one stream per seat, derived from ``seed``."""
    chance = random.Random(f"tabletop:{seed}:chance")
    return chance, [random.Random(f"tabletop:{seed}:seat:{i}") for i in range(seats)]


def play(
    game: Game[Any, Any],
    agents: Sequence[Agent],
    seed: int | str,
    *,
    names: Sequence[str] | None = None,
    on_step: Callable[[State[Any], Any, State[Any]], None] | None = None,
    max_actions: int | None = None,
    chance: Agent | None = None,
) -> Played:
    """Play ``game`` to the end with one agent per seat; ``on_step(before, action, after)`` sees each step.

    ``max_actions`` stops an endless game early (the record is then unfinished). ``chance``, if
    given, is asked for every chance outcome instead of drawing it (people entering what happened
    on a real table or field).
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} agents, "
                         f"not {len(agents)}")
    chance_rng, seat_rngs = streams(seed, game.num_players)
    state: State[Any] = game.initial_state()
    actions: list[str] = []
    seen: list[list[str]] = [[] for _ in range(game.num_players)]  # what each seat has observed
    while not state.is_terminal and (max_actions is None or len(actions) < max_actions):
        if state.is_chance and chance is not None:
            decision = Decision(game, CHANCE, state.view(0), tuple(state.legal_actions()), tuple(seen[0]))
            action = chance.choose(decision, chance_rng)
        elif state.is_chance:
            action = state.sample_chance(chance_rng)
        else:
            seat = state.current_player
            decision = Decision(game, seat, state.view(seat), tuple(state.legal_actions()), tuple(seen[seat]))
            action = agents[seat].choose(decision, seat_rngs[seat])
        for viewer in range(game.num_players):
            observed = state.observation(action, viewer)
            if observed is not None:
                seen[viewer].append(observed)
        before, state = state, state.apply(action)
        actions.append(str(action))
        if on_step is not None:
            on_step(before, action, state)
    meta: dict[str, Any] = {
        "seed": seed,
        "players": list(names) if names is not None else [agent.name for agent in agents],
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    if state.is_terminal:
        meta["result"] = {"returns": list(state.returns()), "winner": winner_field(state)}
    return Played(Record(game.name, dict(game.options), tuple(actions), meta), state)


def random_playout(game: Game[Any, Any], rng: random.Random) -> tuple[State[Any], int]:
    """Play uniformly random legal actions to the end; return the final state and its length."""
    state: State[Any] = game.initial_state()
    length = 0
    while not state.is_terminal:
        # rng.choice(legal) draws as legal[rng.randrange(len(legal))] did, with less work per step
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        length += 1
    return state, length
