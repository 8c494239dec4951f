"""Every tabletop game as a PettingZoo AEC environment (agents ``player_0``, ``player_1``, …).

``env("cribbage", players=3)`` is the game with those options, wrapped the PettingZoo way;
``raw_env`` is the bare environment. Each agent's action space is ``Discrete(num_actions)`` and
its observation ``{"observation": float32 vector, "action_mask": int8 vector}`` — the game's
:class:`~tabletop.core.Encoding` of *that agent's view*, so nothing hidden from it can appear.
Chance (deals, dice, throws) is resolved inside the environment with a generator seeded by
``reset(seed)``: exact outcomes drawn by their probabilities, or a simulated throw where a game can
only sample (Kubik's physics). Rewards are the game's returns, given when it ends. An illegal
action raises :class:`~tabletop.core.IllegalActionError` in ``raw_env``; ``env`` by default follows
PettingZoo's classic games and makes the offender lose instead (``illegal="raise"`` keeps the
error). See ``docs/interop.md``.

Speed: an observation is encoded only for the agent asked, once per position (``last()`` and
``observe`` of the same agent share it), the mask comes from the position's legal actions once, and
``env`` is one wrapper deep — PettingZoo's order checks, with the illegal-move rule of its
``TerminateIllegalWrapper`` and the range check of ``AssertOutOfBoundsWrapper`` done by the
environment itself — rather than three layers each looking up every attribute through the next.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.extras import require

require("pettingzoo", extra="rl", purpose="the PettingZoo environments")

import gymnasium
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from tabletop.core import Game, IllegalActionError
from tabletop.interop.common import Observation, Table, check_illegal, load_game, observation_space

RENDER_MODES = ("ansi", "human")


def env_name(game: Game[Any, Any]) -> str:
    """The environment's name, PettingZoo's way: the game and the version of its spaces
    (``spec.encoding_version``: a new version whenever the observation or the actions change).

    >>> import tabletop
    >>> env_name(tabletop.load("cribbage"))
    'tabletop_cribbage_v1'
    """
    return f"tabletop_{game.name}_v{game.spec.encoding_version}"


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo has no type hints; its name for the bare env
    """One tabletop game as an AEC environment; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's
        "render_modes": list(RENDER_MODES), "name": "tabletop", "is_parallelizable": False}

    def __init__(self, game: str | Game[Any, Any], *, render_mode: str | None = None,
                 max_steps: int | None = None, illegal: str = "raise", **options: Any) -> None:
        """``game`` by name with ``options`` (or a loaded game); ``max_steps`` truncates an episode
        after that many agent actions (for games that may go on for ever, like Beetle);
        ``illegal`` as for :func:`env` (here ``"raise"`` by default).

        Raises:
            ValueError: for an unknown ``illegal``, and whatever :func:`tabletop.load` refuses.
        """
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:  # as Gymnasium's own environments do
            gymnasium.logger.warn(f"render_mode={render_mode!r} is not supported ({', '.join(RENDER_MODES)}): "
                                  "rendering is off")
            render_mode = None
        self.illegal = check_illegal(illegal)
        self.game = load_game(game, options)
        self.table = Table(self.game, history=False)  # no bot plays here
        self.metadata = {**raw_env.metadata, "name": env_name(self.game)}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(self.game.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        encoding = self.table.encoding
        shared = observation_space(encoding)  # every seat's is alike: one space, not one per seat (~13 KiB each)
        self.observation_spaces = dict.fromkeys(self.possible_agents, shared)
        self.action_spaces = {agent: spaces.Discrete(encoding.num_actions) for agent in self.possible_agents}
        self._seeder: random.Random | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self._paid = False  #: rewards were handed out at the last step (the game ended, or a foul)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every time, so seeding it sticks)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)``: every action index of the game's encoding."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes its chance, an unseeded reset continues the last seed's
        sequence (or the system's entropy before any seed). ``options`` is ignored: the game's
        options are fixed when the environment is made."""
        if seed is not None:
            self._seeder = random.Random(f"tabletop:{seed}:resets")
            game_seed: int = seed
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.getrandbits(63)
        self.table.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._paid = False
        self._after_action()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: its view as numbers and, when it is to move, its legal actions."""
        return self.table.observe(self._seats[agent])

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward so far, ends and info (PettingZoo's ``last``)."""
        agent = self.agent_selection
        return (self.table.observe(self._seats[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: int | None) -> None:
        """Take the selected agent's action (an index), then resolve chance up to the next decision.

        Raises:
            IllegalActionError: naming the index, its action and the legal indices (with
                ``illegal="lose"`` only for an index outside the action space: one inside it that
                the mask forbids ends the game, the agent losing).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action index, not None")
        table = self.table
        index = int(action)
        try:
            table.take(index)  # refused before anything changes
        except IllegalActionError as error:
            if self.illegal == "raise" or not 0 <= index < table.num_actions:
                raise
            self._foul(agent, str(error))
            return
        self._cumulative_rewards[agent] = 0.0
        if self._paid:
            self._clear_rewards()
            self._paid = False
        self._after_action()
        if self.render_mode == "human":
            self.render()

    def _foul(self, agent: str, why: str) -> None:
        """PettingZoo's rule for an illegal move: the game ends, the mover getting the game's lowest
        utility and the others 0 (``info["illegal_action"]`` says why)."""
        gymnasium.logger.warn(f"{agent} took an illegal action and loses: {why}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.game.spec.utility[0])
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {**self.infos[agent], "illegal_action": why}
        self._paid = True
        self._accumulate_rewards()
        self._deads_step_first()

    def _after_action(self) -> None:
        """Select the agent to move, or hand out the returns once the game is over."""
        table = self.table
        to_move = table.state.current_player  # Table.to_move, read without its property
        if to_move < 0:  # the game is over (chance is resolved: never CHANCE here)
            for agent, value in zip(self.possible_agents, table.returns(), strict=True):
                self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._paid = True
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[to_move]
        if self.max_steps is not None and table.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        """The table as the selected agent sees it: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; choose ansi or human")
            return None
        text = self.table.state.render(self._seats[self.agent_selection])
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: rendering is text."""


def _forwarded(name: str, *, after_reset: bool = True) -> property:
    """The wrapped environment's attribute ``name``, read without PettingZoo's ``__getattr__`` chain
    (and, as PettingZoo's order checks say, an AttributeError before the first ``reset``)."""

    def read(self: Ordered) -> Any:
        if after_reset and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read, doc=f"The environment's ``{name}``.")


class Ordered(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # PettingZoo has no type hints
    """PettingZoo's order checks (nothing before ``reset``, a ``step`` between turns of
    ``agent_iter``) over a :class:`raw_env`, with ``last``, ``observe`` and what ``agent_iter``,
    ``last`` and ``step`` read going to it directly (each step reads them a dozen times)."""

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards", after_reset=False)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """PettingZoo's ``reset``; from then on :meth:`last` is the environment's own, called directly (its order
        check has nothing left to say once reset: a frame less in every step)."""
        super().reset(seed=seed, options=options)
        self.__dict__["last"] = self.env.last

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        """PettingZoo's ``OrderEnforcingWrapper.step``, reading the environment's agents directly."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's ``agent_iter`` with its order check, each turn read from the environment in one call."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def observe(self, agent: str) -> Observation:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)  # type: ignore[no-any-return]


class _Turns(AECOrderEnforcingIterable):  # type: ignore[misc]  # PettingZoo has no type hints
    def __iter__(self) -> _Turn:
        return _Turn(self.env, self.max_iter)


class _Turn(AECOrderEnforcingIterator):  # type: ignore[misc]  # PettingZoo has no type hints
    """PettingZoo's order-enforcing iterator over the agents to move, in one frame per turn."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"  # PettingZoo's
        wrapper._has_updated = False
        return env.agent_selection  # type: ignore[no-any-return]


def env(game: str | Game[Any, Any], *, illegal: str = "lose", render_mode: str | None = None,
        max_steps: int | None = None, **options: Any) -> AECEnv:
    """The game as a wrapped AEC environment, the way PettingZoo's own games come.

    ``illegal="lose"`` ends the game when an agent takes an action its mask forbids, that agent
    getting the game's lowest utility and the others 0 (the rule of PettingZoo's
    ``TerminateIllegalWrapper``); ``illegal="raise"`` raises :class:`~tabletop.core.IllegalActionError`
    instead. An index outside the action space always raises it.

    Raises:
        ValueError: for an unknown ``illegal``, and whatever :func:`tabletop.load` refuses.
    """
    return Ordered(raw_env(game, render_mode=render_mode, max_steps=max_steps, illegal=illegal, **options))


__all__ = ["Ordered", "env", "env_name", "raw_env"]
