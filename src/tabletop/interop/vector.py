"""Every tabletop game as a Gymnasium vector environment: N games at once, one learner seat in each.

``SeatVectorEnv("cubulus", num_envs=256)`` is :class:`~tabletop.interop.gymnasium.SeatEnv` for N
games in lockstep, the way learning code samples: one call steps every game — the learner's
action, then the opponents' turns and chance, until the learner is to move again or the game is
over — in the game's batched kernel where it has one (Cubulus: numpy arrays, :meth:`Game.batch`),
else through the interface (:class:`~tabletop.interop.batches.TableBatch`). Observations are the
single environment's ``Dict(observation, action_mask)`` batched, the masks are also in
``info["action_mask"]`` and ``action_masks()``. Episodes end and restart by Gymnasium 1.x's
autoreset modes (``next-step`` by default; ``same-step`` with ``final_obs``/``final_info``;
``disabled`` with ``reset(options={"reset_mask": …})``). Opponents are ``random`` (drawn in the
arrays) or a batched policy: observations of the games where it is to move → their actions.

Importing :mod:`tabletop.interop.gymnasium` registers it as each game's ``vector_entry_point``:
``gymnasium.make_vec("tabletop/Cubulus-v1", num_envs=N)``. See ``docs/interop.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tabletop.core import Game, IllegalActionError
from tabletop.core.batch import Batch, Ints, Mask
from tabletop.interop.batches import TableBatch, batch_of
from tabletop.interop.common import check_illegal, load_game, observation_space

Observations: TypeAlias = dict[str, npt.NDArray[Any]]
"""A batch of observations: ``{"observation": (N, size) float32, "action_mask": (N, actions) int8}``."""
VectorPolicy: TypeAlias = Callable[[Observations], Any]
"""A batched policy: the observations of the games where it is to move → one action index each."""


_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little")
_SET_BITS = _BITS.sum(axis=1).astype(np.int64)
"""How many flags each byte of a packed mask holds."""
_KTH_BIT = np.array([[*np.flatnonzero(bits), *[0] * (8 - int(bits.sum()))] for bits in _BITS], dtype=np.int64)
"""``[byte, k]``: the place of the byte's ``k``-th set flag."""


def random_actions(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> Ints:
    """One uniformly drawn legal index per row of ``masks`` (0 in a row without any): the
    ``floor(u * legal)``-th legal index of the row, ``u`` one ``rng.random()`` per row.

    The masks are packed eight flags a byte first, so the search reads an eighth of them: with
    cribbage's 1,380 actions, drawing from the masks was most of a vector step.
    """
    rows = np.arange(len(masks))
    packed = np.packbits(masks != 0, axis=1, bitorder="little")
    per_byte = _SET_BITS[packed]
    before = np.cumsum(per_byte, axis=1)
    counts = before[:, -1] if before.shape[1] else np.zeros(len(masks), dtype=np.int64)
    picks = (rng.random(len(masks)) * counts).astype(np.int64)
    byte = (before > picks[:, None]).argmax(axis=1)
    within = picks - before[rows, byte] + per_byte[rows, byte]
    found = 8 * byte + _KTH_BIT[packed[rows, byte], np.minimum(within, 7)]
    return np.where(counts > 0, found, 0).astype(np.int64)


class SeatVectorEnv(VectorEnv[Observations, Ints, npt.NDArray[Any]]):
    """N games of one configuration, the learner at one seat of each (see the module doc)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str | Game[Any, Any], num_envs: int = 16, seat: int | Literal["random"] = 0,
                 opponents: Literal["random"] | VectorPolicy = "random", *, illegal: str = "lose",
                 autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP, max_steps: int | None = None,
                 render_mode: str | None = None, interface: bool = False, **options: Any) -> None:
        """``game`` by name with ``options`` (or a loaded game); ``seat`` a seat or ``"random"`` (drawn
        for each episode); ``opponents`` ``"random"`` or a :data:`VectorPolicy` for every other seat;
        ``max_steps`` truncates an episode after that many learner actions; ``interface=True`` steps
        the games through the game interface even where the game has a batched kernel (to compare).

        Raises:
            ValueError: for a seat the game lacks, an unknown opponent, ``illegal`` or autoreset mode,
                or fewer than one environment.
        """
        if render_mode is not None:
            gymnasium.logger.warn(f"render_mode={render_mode!r}: a vector environment does not render; "
                                  "render one game with SeatEnv")
        self.game = load_game(game, options)
        if seat != "random":
            self.game.check_seat(seat)
        if isinstance(opponents, str) and opponents != "random":
            raise ValueError(f"opponents={opponents!r}: a vector environment plays 'random' or a batched policy "
                             "(observations → actions); for the games' bots use SeatEnv")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.num_envs, self.seat_choice, self.opponents = num_envs, seat, opponents
        self.illegal, self.max_steps = check_illegal(illegal), max_steps
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = {**self.metadata, "autoreset_mode": self.autoreset_mode}
        self.batch: Batch = TableBatch(self.game, num_envs) if interface else batch_of(self.game, num_envs)
        encoding = self.batch.encoding
        self.single_observation_space = observation_space(encoding)
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.seats = np.full(num_envs, 0 if seat == "random" else seat, dtype=np.int64)
        self.steps = np.zeros(num_envs, dtype=np.int64)  #: the learner's actions in each episode
        self.ended = np.zeros(num_envs, dtype=np.bool_)  #: episodes that ended at the last step
        self._masks = np.zeros((num_envs, encoding.num_actions), dtype=np.int8)

    # --- the episode's start --------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        """Start new games (all, or those of ``options["reset_mask"]``) up to the learner's first turn.

        Raises:
            ValueError: for a reset mask of the wrong shape or type.
        """
        super().reset(seed=seed)
        which = np.ones(self.num_envs, dtype=np.bool_)
        if options and "reset_mask" in options:
            which = np.asarray(options["reset_mask"])
            if which.shape != (self.num_envs,) or which.dtype != np.bool_:
                raise ValueError(f"options['reset_mask'] must be a bool array of shape ({self.num_envs},)")
        self._start(which)
        self._play_others()
        return self._observe(), self._info()

    def _start(self, which: Mask) -> None:
        rows = np.flatnonzero(which)
        if self.seat_choice == "random":
            self.seats[rows] = self.np_random.integers(self.batch.num_players, size=len(rows))
        self.batch.reset(which, self.np_random)
        self.steps[rows] = 0
        self.ended[rows] = False

    # --- a step ---------------------------------------------------------------------------------

    def step(self, actions: Any) -> tuple[Observations, npt.NDArray[np.float64], Mask, Mask, dict[str, Any]]:
        """Every game plays its learner's action, then the others' turns, up to the learner's next turn.

        Raises:
            IllegalActionError: for an action its game's mask forbids, with ``illegal="raise"``
                (nothing changes), or for a game stepped after its end with autoreset ``disabled``.
        """
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"step takes one action index per game, shape ({self.num_envs},), not {chosen.shape}")
        chosen = chosen.astype(np.int64)
        restart = self.ended.copy() if self.autoreset_mode is AutoresetMode.NEXT_STEP else np.zeros_like(self.ended)
        if self.autoreset_mode is AutoresetMode.DISABLED and self.ended.any():
            raise IllegalActionError(f"env {int(np.flatnonzero(self.ended)[0])}: its episode is over; "
                                     "reset it with reset(options={'reset_mask': ...}) (autoreset disabled)")
        live = ~restart
        masks = self.batch.legal_masks()
        inside = (chosen >= 0) & (chosen < masks.shape[1])
        legal = live & inside & (masks[np.arange(self.num_envs), np.where(inside, chosen, 0)] == 1)
        foul = live & ~legal
        info_extra: dict[str, Any] = {}
        if foul.any():
            if self.illegal == "raise":
                self.batch.apply(chosen, foul, self.np_random)  # raises, naming the game and what is legal
            info_extra = self._fouls(foul, chosen)
        self.batch.apply(chosen, legal, self.np_random)
        self.steps[legal] += 1
        if restart.any():
            self._start(restart)
        self._play_others()
        over = self.batch.terminal()
        terminated = live & (over | foul)
        rewards = np.zeros(self.num_envs)
        done = np.flatnonzero(terminated & ~foul)
        rewards[done] = self.batch.returns()[done, self.seats[done]]
        rewards[foul] = self.game.spec.utility[0]
        truncated = live & ~terminated & (self.steps >= self.max_steps if self.max_steps is not None else False)
        self.ended = terminated | truncated
        observations, info = self._observe(), {**self._info(), **info_extra}
        if self.autoreset_mode is AutoresetMode.SAME_STEP and self.ended.any():
            observations, info = self._same_step_reset(observations, info)
        return observations, rewards, terminated, truncated, info

    def _fouls(self, foul: Mask, chosen: Ints) -> dict[str, Any]:
        """``info["illegal_action"]``: what was wrong, for each game whose learner lost by it."""
        text = np.full(self.num_envs, None, dtype=object)
        for row in np.flatnonzero(foul):
            try:
                self.batch.apply(chosen, np.arange(self.num_envs) == row, self.np_random)
            except IllegalActionError as error:
                text[row] = str(error)
        return {"illegal_action": text, "_illegal_action": foul.copy()}

    def _same_step_reset(self, observations: Observations, info: dict[str, Any]) -> tuple[Observations, dict[str, Any]]:
        """SAME_STEP: the ended games restart now; their last observation and info go to ``final_*``."""
        ended = self.ended.copy()
        final_obs = np.full(self.num_envs, None, dtype=object)
        final_info = np.full(self.num_envs, None, dtype=object)
        for row in np.flatnonzero(ended):
            final_obs[row] = {key: value[row] for key, value in observations.items()}
            final_info[row] = {key: value[row] for key, value in info.items() if not key.startswith("_")}
        self._start(ended)
        self._play_others()
        info = {**self._info(), "final_obs": final_obs, "_final_obs": ended, "final_info": final_info,
                "_final_info": ended}
        return self._observe(), info

    def _play_others(self) -> None:
        """The opponents' turns, batched, until in every game the learner is to move or it is over."""
        while True:
            players = self.batch.current_players()
            waiting = (players >= 0) & (players != self.seats)
            if not waiting.any():
                return
            rows = np.flatnonzero(waiting)
            masks = self.batch.legal_masks()[rows]
            chosen = np.zeros(self.num_envs, dtype=np.int64)
            if self.opponents == "random":
                chosen[rows] = random_actions(masks, self.np_random)
            else:
                seats = np.where(waiting, players, self.seats)  # a seat in every game, even those over
                seen: Observations = {"observation": self.batch.observe(seats)[rows], "action_mask": masks}
                chosen[rows] = np.asarray(self.opponents(seen), dtype=np.int64).reshape(len(rows))
            try:
                self.batch.apply(chosen, waiting, self.np_random)
            except IllegalActionError as error:
                raise IllegalActionError(f"the opponents' policy chose an illegal action: {error}") from None

    # --- what the learner sees -----------------------------------------------------------------

    def _observe(self) -> Observations:
        players = self.batch.current_players()
        masks = self.batch.legal_masks() * (players == self.seats)[:, None].astype(np.int8)
        self._masks = masks
        return {"observation": self.batch.observe(self.seats), "action_mask": masks.copy()}

    def _info(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {"action_mask": self._masks.copy(), "_action_mask": every, "seat": self.seats.copy(),
                "_seat": every, "steps": self.steps.copy(), "_steps": every}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """``(num_envs, num_actions)``: the learner's legal actions in each game (for maskable algorithms)."""
        return self._masks.copy()


__all__ = ["SeatVectorEnv", "VectorPolicy", "random_actions"]
