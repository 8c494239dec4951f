"""The learning-library examples of ``docs/interop.md`` run as written, on a few steps each.

Each is read from the file (the code block after ``<!-- example: NAME -->``), so the documentation
cannot drift from what works. They need PyTorch: ``make test`` installs it only from a CPU wheel
that pip's find-links has (PyPI's Linux build is CUDA, several GB), with the ``sb3`` and ``rllib``
extras; without them each example is skipped, naming what to install. They share one xdist worker
so PyTorch is imported once. The RLlib example starts a local Ray cluster: 22–26 s on the 2-core
machine at a load of 6 (104 s was once measured beside eight other jobs); ``TABLETOP_RLLIB=0``
skips it for a quicker run.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"

pytestmark = pytest.mark.xdist_group("torch")


def example(name: str) -> str:
    """The Python code block that follows ``<!-- example: name -->`` in ``docs/interop.md``."""
    found = re.search(rf"<!-- example: {name} -->\s*```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert found, f"docs/interop.md has no example {name!r}"
    return found.group(1)


def needs(extra: str, *modules: str) -> None:
    """Skip, naming ``extra``, unless every module of ``modules`` is installed."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}: pip install -e '.[{extra}]' with a CPU build of PyTorch "
                    "(make test installs them when pip finds the torch 2.13.0 CPU wheel without an index)")


def test_the_maskable_ppo_example_learns_a_few_steps() -> None:
    needs("sb3", "torch", "stable_baselines3", "sb3_contrib")
    scope: dict[str, object] = {}
    exec(compile(example("sb3"), "docs/interop.md:sb3", "exec"), scope)
    assert scope["model"].num_timesteps >= 256  # type: ignore[attr-defined]
    assert scope["actions"].shape == (2,)  # type: ignore[attr-defined]


def test_maskable_ppo_steps_the_batched_kernel() -> None:
    needs("sb3", "torch", "stable_baselines3", "sb3_contrib")
    scope: dict[str, object] = {}
    exec(compile(example("sb3-vector"), "docs/interop.md:sb3-vector", "exec"), scope)
    assert scope["model"].num_timesteps >= 256  # type: ignore[attr-defined]
    assert scope["actions"].shape == (64,)  # type: ignore[attr-defined]


def test_the_sb3_vector_environment_keeps_sb3s_conventions() -> None:
    needs("sb3", "torch", "stable_baselines3")
    import numpy as np

    from tabletop.interop.sb3 import TabletopVecEnv
    from tabletop.interop.vector import random_actions

    with pytest.raises(ValueError, match="SameStep"):
        TabletopVecEnv("cubulus", autoreset_mode="NextStep")
    envs = TabletopVecEnv("cubulus", num_envs=8, players=3)
    envs.seed(4)
    observations = envs.reset()
    assert observations["observation"].shape == (8, 323)
    rng = np.random.default_rng(4)
    for _ in range(60):
        masks = np.stack(envs.env_method("action_masks"))
        assert np.array_equal(masks, envs.action_masks()) and masks.any(axis=1).all()
        observations, rewards, dones, infos = envs.step(random_actions(masks, rng))
        if dones.any():
            row = int(np.flatnonzero(dones)[0])
            assert not infos[row]["terminal_observation"]["action_mask"].any()
            assert infos[row]["TimeLimit.truncated"] is False and rewards[row] in (-0.5, 0.0, 1.0)
            return
    pytest.fail("no game ended")


@pytest.mark.slow
@pytest.mark.slow_tier  # a Ray runtime started and a training iteration: a quarter of a minute
@pytest.mark.skipif(os.environ.get("TABLETOP_RLLIB") == "0",
                    reason="TABLETOP_RLLIB=0: the RLlib example (a local Ray cluster, ~25 s) is skipped")
def test_the_rllib_example_trains_one_iteration() -> None:
    needs("rllib", "torch", "ray", "tree", "pyarrow")
    scope: dict[str, object] = {}
    exec(compile(example("rllib"), "docs/interop.md:rllib", "exec"), scope)
    result = scope["result"]
    assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 64  # type: ignore[index]
