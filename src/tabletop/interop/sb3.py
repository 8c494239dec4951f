"""Stable-Baselines3 on the batched kernel: SB3's own ``VecEnv`` over a :class:`SeatVectorEnv`.

Stable-Baselines3 does not take Gymnasium's vector environments: its algorithms step a ``VecEnv``
of its own (``make_vec_env`` builds one of N separate ``SeatEnv``s, each stepped on its own).
:class:`TabletopVecEnv` is that interface over one :class:`~tabletop.interop.vector.SeatVectorEnv`,
so MaskablePPO and the rest step all N games in one call, in the game's batched kernel where it
has one (Cubulus). SB3's conventions are kept: an ended game restarts in the same step, its last
observation in ``infos[i]["terminal_observation"]`` and ``"TimeLimit.truncated"`` saying whether
it was cut short; ``env_method("action_masks")`` gives each game's mask, as
``sb3_contrib``'s ``get_action_masks`` asks. Needs the ``sb3`` extra (``docs/interop.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.core.extras import require

require("stable_baselines3", extra="sb3", purpose="Stable-Baselines3 vector environments")

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from tabletop.core import Game
from tabletop.interop.vector import SeatVectorEnv


class TabletopVecEnv(VecEnv):  # type: ignore[misc]  # Any where Stable-Baselines3 is missing
    """N games of one configuration as a Stable-Baselines3 ``VecEnv`` (see the module doc)."""

    def __init__(self, game: str | Game[Any, Any], num_envs: int = 16, **arguments: Any) -> None:
        """The same arguments as :class:`SeatVectorEnv` (its autoreset is SB3's: same step).

        Raises:
            ValueError: for an ``autoreset_mode`` other than same-step, and whatever ``SeatVectorEnv`` refuses.
        """
        mode = AutoresetMode(arguments.pop("autoreset_mode", AutoresetMode.SAME_STEP))
        if mode is not AutoresetMode.SAME_STEP:
            raise ValueError(f"Stable-Baselines3 restarts a game in the step that ends it (SameStep), not {mode.value}")
        self.env = SeatVectorEnv(game, num_envs, autoreset_mode=mode, **arguments)
        self.render_mode = None
        super().__init__(num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._actions = np.zeros(num_envs, dtype=np.int64)

    def reset(self) -> dict[str, npt.NDArray[Any]]:
        """Every game anew, seeded by ``seed()`` if it was called (its first seed seeds the batch)."""
        observations, _ = self.env.reset(seed=self._seeds[0])
        self._reset_seeds()
        self._reset_options()
        return observations

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                 list[dict[str, Any]]]:
        """One step of every game, in SB3's form: observations, rewards, dones and one info per game."""
        observations, rewards, terminated, truncated, info = self.env.step(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for row in np.flatnonzero(terminated | truncated):
            infos[row]["terminal_observation"] = info["final_obs"][row]
            infos[row]["TimeLimit.truncated"] = bool(truncated[row] and not terminated[row])
        if "illegal_action" in info:
            for row in np.flatnonzero(info["_illegal_action"]):
                infos[row]["illegal_action"] = info["illegal_action"][row]
        return observations, rewards.astype(np.float32), terminated | truncated, infos

    def close(self) -> None:
        self.env.close()

    def _rows(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        """The vector environment's attribute, once per game asked for."""
        value = getattr(self, attr_name) if attr_name == "render_mode" else getattr(self.env, attr_name)
        return [value for _ in self._rows(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None) -> None:
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: int | Iterable[int] | None = None,
                   **method_kwargs: Any) -> list[Any]:
        """``action_masks`` per game; any other method of the vector environment, its result once per game."""
        rows = self._rows(indices)
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[row] for row in rows]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: int | Iterable[int] | None = None) -> list[bool]:
        return [False for _ in self._rows(indices)]

    def action_masks(self) -> npt.NDArray[np.int8]:
        """``(num_envs, num_actions)``: the learner's legal actions in each game."""
        return self.env.action_masks()

    def get_images(self) -> Sequence[None]:
        return [None for _ in range(self.num_envs)]


__all__ = ["TabletopVecEnv"]
