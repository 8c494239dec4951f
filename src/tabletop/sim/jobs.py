"""One game as a unit of work: what to play (a :class:`GameJob`) and what came of it (a :class:`GameResult`).

Jobs are plain data naming the game, its options, the agent in each seat and the seed, so that any
executor — this process, a local process pool, a Ray cluster — can run them: the worker loads the
game from the registry and builds the agents, bots by name and your own agents from the factory the
job carries (:data:`AgentSpec`). A job's result depends only on the job, never on where or in which
order it ran, so every backend gives the same results for the same seeds.
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import tabletop
from tabletop.agents import Agent, Decision, make_bot
from tabletop.core import winners
from tabletop.sim.runner import play

AgentSpec: TypeAlias = str | Agent | Callable[[], Agent]
"""Who plays in a batch of games: a bot by name (:func:`~tabletop.agents.make_bot`: ``normal``,
``random``, …), an agent object (any :class:`~tabletop.core.Agent`: a ``name`` and ``choose``),
copied afresh for every game, or a factory called for every game (an agent class, or a function
returning an agent). Results name each by its agent's ``name``. A process pool or Ray sends objects
and factories to its workers by pickle, so define them at the top level of a module (a script's
``__main__`` too, its work started under ``if __name__ == "__main__":``), not as lambdas."""


def entrants(agents: Sequence[AgentSpec]) -> tuple[list[str], dict[str, Callable[[], Agent]]]:
    """The names of ``agents`` in order, and a factory for each one that is not a bot by name.

    An agent object becomes a factory of copies of it; a factory is called once here to learn its
    agent's name.

    Raises:
        TypeError: for something that is neither a name, an agent nor a factory.
    """
    names: list[str] = []
    factories: dict[str, Callable[[], Agent]] = {}
    for agent in agents:
        if isinstance(agent, str):
            names.append(agent)
            continue
        if isinstance(agent, type) or not isinstance(agent, Agent):  # a class or a function: a factory
            if not callable(agent):
                raise TypeError(f"an agent is a bot's name, an Agent (name and choose) or a factory of one, "
                                f"not {agent!r}")
            factory: Callable[[], Agent] = agent
            built = factory()
            if not isinstance(built, Agent):
                raise TypeError(f"{agent!r} made {built!r}, which is not an Agent (name and choose)")
            name = built.name
        else:
            factory, name = functools.partial(copy.deepcopy, agent), agent.name
        names.append(name)
        factories[name] = factory
    return names, factories


def agent_names(agents: Sequence[AgentSpec]) -> list[str]:
    """The names results give ``agents`` (bots by name as they are, agents by their ``name``)."""
    return entrants(agents)[0]


@dataclass(frozen=True)
class GameJob:
    """One game to play: ``agents[seat]`` names the agent in each seat (``normal``, ``random``, or
    one of ``factories``, which builds the agents that are not bots by name)."""

    index: int
    game: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    seed: str
    table: int = 0  #: which group of agents (a round-robin table) this game belongs to
    max_actions: int | None = None
    factories: Mapping[str, Callable[[], Agent]] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class GameResult:
    """What a finished game reports for statistics (the full record is not kept: it is large)."""

    index: int
    table: int
    agents: tuple[str, ...]
    seed: str
    returns: tuple[float, ...]
    winners: tuple[int, ...]  #: seats with the best return; empty for a draw
    finished: bool  #: False when ``max_actions`` stopped the game
    length: int  #: actions in the record, chance outcomes included
    decisions: tuple[int, ...]  #: decisions taken by each seat
    points: tuple[float, ...] | None  #: the game's own points per seat (``State.seat_points``)
    think_seconds: tuple[tuple[float, ...], ...] = field(compare=False)  #: each decision's time, per seat
    seconds: float = field(compare=False, default=0.0)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (think times summarised, not listed)."""
        return {
            "index": self.index, "table": self.table, "agents": list(self.agents), "seed": self.seed,
            "returns": list(self.returns), "winners": list(self.winners), "finished": self.finished,
            "length": self.length, "decisions": list(self.decisions),
            "points": None if self.points is None else list(self.points), "seconds": round(self.seconds, 4),
        }


class _Timed:
    """Wraps an agent to time each of its decisions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, decision: Decision, rng: Any) -> Any:
        start = time.perf_counter()
        action = self.agent.choose(decision, rng)
        self.times.append(time.perf_counter() - start)
        return action


def run_job(job: GameJob) -> GameResult:
    """Play ``job`` to the end in this process (the function every executor runs)."""
    game = tabletop.load(job.game, **job.options)
    agents = [_Timed(job.factories[name]() if name in job.factories else make_bot(name, game))
              for name in job.agents]
    start = time.perf_counter()
    played = play(game, agents, job.seed, names=job.agents, max_actions=job.max_actions)
    state = played.state
    returns = tuple(state.returns())
    return GameResult(
        index=job.index,
        table=job.table,
        agents=job.agents,
        seed=job.seed,
        returns=returns,
        winners=winners(returns) if state.is_terminal else (),
        finished=state.is_terminal,
        length=len(played.record.actions),
        decisions=tuple(len(agent.times) for agent in agents),
        points=state.seat_points(),
        think_seconds=tuple(tuple(agent.times) for agent in agents),
        seconds=time.perf_counter() - start,
    )


def check_agents(game: str, options: Mapping[str, Any], agents: Sequence[AgentSpec]) -> None:
    """Fail early, in the caller's process, on an unknown game, a bad option or an unknown bot.

    Raises:
        TabletopError / ValueError: saying what was wrong and what is allowed.
        TypeError: for an agent that is neither a name, an agent nor a factory.
    """
    loaded = tabletop.load(game, **options)
    names, factories = entrants(agents)
    for name in names:
        if name not in factories:
            make_bot(name, loaded)
