"""Every tabletop game as a single-agent Gymnasium environment: the learner plays one seat.

``SeatEnv("cribbage", seat=0, opponents="normal")`` seats opponents at the other seats — tabletop
bots by ``make_bot`` name (a game's own ``easy``/``normal``/``hard`` experts, ``random``, ``mcts``…),
any :class:`~tabletop.core.Agent`, or a policy: a callable from an observation like the learner's
to an action index (a frozen copy of the learner, for self-play) — and plays their turns and every
chance event inside ``step``, with generators derived from the ``reset`` seed, until the learner
is to move again or the game is over. ``seat="random"`` draws the learner's seat at every reset.
The default opponent is ``random``: the experts search, and cost a learner most of its steps
(Cubulus against ``normal``: about 5 learner steps a second; against ``random``: hundreds). The observation is a
``Dict`` of the learner's view as numbers (``observation``, float32) and its legal actions
(``action_mask``, int8) — the same as the PettingZoo adapter's — and ``action_masks()`` returns
the mask too, for maskable algorithms. The reward is the learner's return when the game ends.
An action the mask forbids loses the game by default (``illegal="lose"``: the reward is the
game's lowest utility, ``info["illegal_action"]`` says why), or raises with ``illegal="raise"``.

Importing this module registers ``tabletop/Beetle-v1``, ``tabletop/Cribbage-v1``, … (the version is
that of the game's spaces, ``spec.encoding_version``) for
``gymnasium.make`` (options as keyword arguments), each with :class:`~tabletop.interop.vector.SeatVectorEnv`
as its vector entry point for ``gymnasium.make_vec``. See ``docs/interop.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, SupportsFloat, TypeAlias, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import tabletop
from tabletop.agents import RandomAgent, make_bot
from tabletop.core import Agent, Capability, Game, IllegalActionError
from tabletop.interop.common import Observation, Table, check_illegal, load_game, observation_space

RENDER_MODES = ("ansi", "human")

Policy: TypeAlias = Callable[[Observation], Any]
"""A frozen policy: the seat's observation (``observation`` and ``action_mask``) → an action index."""
Opponent: TypeAlias = str | Agent | Policy
"""A bot by name, an :class:`Agent`, or a :data:`Policy`."""


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a tabletop game for a single learner; the other seats are tabletop bots."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(self, game: str | Game[Any, Any], seat: int | Literal["random"] = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", *, illegal: str = "lose",
                 render_mode: str | None = None, max_steps: int | None = None, **options: Any) -> None:
        """``game`` by name with ``options`` (or a loaded game); ``seat`` a seat or ``"random"`` (drawn
        at each reset); ``opponents`` is one opponent for every other seat or one per other seat in
        seat order (names, agents and policies may be mixed); ``max_steps`` truncates an episode
        after that many learner actions. A ``render_mode`` this environment cannot draw (``rgb_array``,
        which vectorising helpers pass) is warned about and ignored, as Gymnasium's own do.

        Raises:
            ValueError: for a seat the game lacks, a wrong number of opponents, an unknown bot or
                ``illegal``.
        """
        if render_mode is not None and render_mode not in RENDER_MODES:
            gymnasium.logger.warn(f"render_mode={render_mode!r} is not supported ({', '.join(RENDER_MODES)}): "
                                  "rendering is off")
            render_mode = None
        self.game = load_game(game, options)
        if seat != "random":
            self.game.check_seat(seat)
        self.seat_choice: int | Literal["random"] = seat
        self.seat = 0 if seat == "random" else seat
        self.illegal = check_illegal(illegal)
        self.render_mode = render_mode
        self.max_steps = max_steps
        others = self.game.num_players - 1
        chosen = [opponents] * others if isinstance(opponents, str) or not isinstance(opponents, Sequence) \
            else list(opponents)
        if len(chosen) != others:
            raise ValueError(f"{self.game.name} with {self.game.num_players} players needs {others} opponents, "
                             f"not {len(chosen)}")
        self.lineup: list[Agent | Policy] = [make_bot(o, self.game) if isinstance(o, str) else o for o in chosen]
        self.opponents: dict[int, Agent | Policy] = {}
        self._bots: set[int] = set()  #: the seats of agents (the others are policies)
        self._random: set[int] = set()  #: those of them whose agent is the random bot
        self._seat_opponents()
        bots = [o for o in self.lineup if isinstance(o, Agent)]
        # the random bot reads the legal actions alone: it is played without a view or what the seats saw
        self.table = Table(self.game, history=any(type(o) is not RandomAgent for o in bots), seat_streams=bool(bots))
        encoding = self.table.encoding
        self.observation_space = observation_space(encoding)
        self.action_space = spaces.Discrete(encoding.num_actions)
        self._last_mask = np.zeros(encoding.num_actions, dtype=np.int8)
        self._steps = 0  #: the learner's actions since the reset

    def _seat_opponents(self) -> None:
        """The lineup at the seats other than the learner's, in seat order."""
        lineup = iter(self.lineup)
        self.opponents = {s: next(lineup) for s in range(self.game.num_players) if s != self.seat}
        self._bots = {s for s, o in self.opponents.items() if isinstance(o, Agent)}
        self._random = {s for s in self._bots if type(self.opponents[s]) is RandomAgent}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game and play up to the learner's first decision. ``options={"game_seed": g}``
        deals the game ``tabletop.sim.play`` would with seed ``g`` (and seeds the bots' streams as it
        does), whatever ``seed`` says; other options are ignored.

        Raises:
            ValueError: for a ``game_seed`` that is not an int.
        """
        super().reset(seed=seed)
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.game.num_players))
            self._seat_opponents()
        game_seed = (options or {}).get("game_seed")
        if game_seed is not None and not isinstance(game_seed, int | np.integer):
            raise ValueError(f"options['game_seed'] must be an int, not {game_seed!r}")
        self.table.reset(int(self.np_random.integers(2**63)) if game_seed is None else int(game_seed))
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
            table.take(int(action))  # refused before anything changes
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            info = {**self._info(), "illegal_action": str(error)}
            return self._observe(), float(self.game.spec.utility[0]), True, False, info
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
            opponent = self.opponents[seat]
            if seat in self._random:  # RandomAgent.choose's draw, from the same stream, without a Decision
                legal, rng = table.state.legal_actions(), table.seat_rngs[seat]
                table.play(legal[rng.randrange(len(legal))])
                continue
            if seat in self._bots:
                table.play(cast("Agent", opponent).choose(table.decision(seat), table.seat_rngs[seat]))
                continue
            index = cast("Policy", opponent)(table.observe(seat))
            try:
                table.take(int(index))
            except IllegalActionError as error:
                raise IllegalActionError(f"the policy at {self.game.seat_label(seat)} chose an illegal action: {error}",
                                         code=error.code, params={**error.params, "player": seat}) from None

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
    """The Gymnasium id of a registered game, its version that of the game's spaces
    (``spec.encoding_version``: a new version whenever the observation or the actions change).

    >>> env_id("cribbage")
    'tabletop/Cribbage-v1'
    """
    return f"tabletop/{name.title().replace('_', '')}-v{tabletop.REGISTRY[name].spec.encoding_version}"


def register_all() -> list[str]:
    """Register every tabletop game with a numeric encoding with Gymnasium (done on import); return their ids."""
    ids = []
    for name in tabletop.REGISTRY.providing(Capability.ENCODING):
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:SeatEnv",
                               vector_entry_point="tabletop.interop.vector:SeatVectorEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


ENV_IDS = register_all()
"""The registered ids, one per game."""

__all__ = ["ENV_IDS", "SeatEnv", "env_id", "register_all"]
