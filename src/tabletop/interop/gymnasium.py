"""Every tabletop game as a single-agent Gymnasium environment: the learner plays one seat.

``SeatEnv("cribbage", seat=0, opponents="normal")`` seats tabletop bots (``make_bot`` names: a
game's own ``easy``/``normal``/``hard`` experts, ``random``, ``mcts``…) at the other seats and
plays their turns and every chance event inside ``step``, with generators derived from the
``reset`` seed, until the learner is to move again or the game is over. The observation is a
``Dict`` of the learner's view as numbers (``observation``, float32) and its legal actions
(``action_mask``, int8) — the same as the PettingZoo adapter's — and ``action_masks()`` returns
the mask too, for maskable algorithms. The reward is the learner's return when the game ends.
An action the mask forbids loses the game by default (``illegal="lose"``: the reward is the
game's lowest utility, ``info["illegal_action"]`` says why), or raises with ``illegal="raise"``.

Importing this module registers ``tabletop/Beetle-v0``, ``tabletop/Cribbage-v0``, … for
``gymnasium.make`` (options as keyword arguments). See ``docs/interop.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import tabletop
from tabletop.agents import make_bot
from tabletop.core import Agent, Game, IllegalActionError
from tabletop.interop.common import Observation, Table, check_illegal, load_game, observation_space

RENDER_MODES = ("ansi", "human")


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a tabletop game for a single learner; the other seats are tabletop bots."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(self, game: str | Game[Any, Any], seat: int = 0, opponents: str | Sequence[str] = "normal", *,
                 illegal: str = "lose", render_mode: str | None = None, max_steps: int | None = None,
                 **options: Any) -> None:
        """``game`` by name with ``options`` (or a loaded game); ``opponents`` is one bot name for
        every other seat or one name per other seat in seat order; ``max_steps`` truncates an
        episode after that many learner actions.

        Raises:
            ValueError: for a seat the game lacks, a wrong number of opponents, an unknown bot,
                an unknown ``illegal`` or ``render_mode``.
        """
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: choose one of {', '.join(RENDER_MODES)} or None")
        self.game = load_game(game, options)
        self.game.check_seat(seat)
        self.seat = seat
        self.illegal = check_illegal(illegal)
        self.render_mode = render_mode
        self.max_steps = max_steps
        others = self.game.num_players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise ValueError(f"{self.game.name} with {self.game.num_players} players needs {others} opponents, "
                             f"not {len(names)}")
        bots = iter(names)
        self.opponents: dict[int, Agent] = {s: make_bot(next(bots), self.game)
                                            for s in range(self.game.num_players) if s != seat}
        self.table = Table(self.game)
        encoding = self.table.encoding
        self.observation_space = observation_space(encoding)
        self.action_space = spaces.Discrete(encoding.num_actions)
        self._last_mask = np.zeros(encoding.num_actions, dtype=np.int8)
        self._steps = 0  #: the learner's actions since the reset

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game and play up to the learner's first decision; ``options`` is ignored."""
        super().reset(seed=seed)
        self.table.reset(int(self.np_random.integers(2**63)))
        self._steps = 0
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action (an index), then the others' turns and chance, up to its next turn.

        Raises:
            IllegalActionError: for an action the mask forbids, with ``illegal="raise"``.
        """
        table = self.table
        if table.state.is_terminal:
            raise IllegalActionError("the game is over: call reset() to start another")
        try:
            chosen = table.action(int(action))
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            info = {**self._info(), "illegal_action": str(error)}
            return self._observe(), float(self.game.spec.utility[0]), True, False, info
        table.play(chosen)
        self._steps += 1
        self._play_others()
        terminated = table.state.is_terminal
        reward = table.returns()[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def _play_others(self) -> None:
        """The bots' turns (chance is resolved by the table) until the learner is to move or the end."""
        table = self.table
        while not table.state.is_terminal and table.to_move != self.seat:
            seat = table.to_move
            table.play(self.opponents[seat].choose(table.decision(seat), table.seat_rngs[seat]))

    def _observe(self) -> Observation:
        observation = self.table.observe(self.seat)
        self._last_mask = observation["action_mask"]
        return observation

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "steps": self._steps}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions now, 1 at each legal index (for maskable algorithms)."""
        return self._last_mask.copy()

    def render(self) -> str | None:
        """The table as the learner sees it: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; choose ansi or human")
            return None
        text = self.table.state.render(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def env_id(name: str) -> str:
    """The Gymnasium id of a registered game.

    >>> env_id("cribbage")
    'tabletop/Cribbage-v0'
    """
    return f"tabletop/{name.title().replace('_', '')}-v0"


def register_all() -> list[str]:
    """Register every tabletop game with Gymnasium (done on import); return their ids."""
    ids = []
    for name in tabletop.REGISTRY:
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:SeatEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


ENV_IDS = register_all()
"""The registered ids, one per game."""

__all__ = ["ENV_IDS", "SeatEnv", "env_id", "register_all"]
