"""The wheel as users install it (#41 items 6, 8): the core alone in a fresh venv stays under 200 MB and
names the extra a level or a mode needs, and each extra of the README's table, installed alone beside
the core, imports and runs its adapter or its command.

Every venv is filled from the wheel built once a session (``tests/conftest.py``: ``built``, ``core_venv``)
by uv from the package index the Makefile installs from, pinned by ``constraints.txt``
(``tests/packaging/venvs.py``); a venv takes seconds from uv's cache. ``ray`` is left out: Ray alone is
hundreds of MB and its command starts a local cluster; ``tests/sim`` runs its backend in the dev install.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tabletop.core.extras import EXTRAS
from tests.packaging.venvs import MIB, Built, fresh_venv, run, size

pytestmark = [pytest.mark.slow, pytest.mark.slow_tier, pytest.mark.xdist_group("wheel")]  # one build, in one process

CORE_LIMIT = 200 * MIB
"""The core install's promise (README: "Install with pip"): a fresh venv with the wheel and its dependencies,
as ``du`` counts it. It held 174 MiB when Numba left the core for the ``compiled`` extra (#41 item 8). uv's
venv holds no installer: one made by ``python -m venv`` carries pip and setuptools too, 23 MB on Python 3.11."""

EXTRA_MODULES = {"physics": "mujoco", "compiled": "numba", "stats": "scipy", "plot": "matplotlib",
                 "postgres": "psycopg", "redis": "redis", "ray": "ray", "rl": "gymnasium", "openspiel": "pyspiel",
                 "passkeys": "webauthn"}
"""The module each extra brings (and the core lacks)."""

REDIS = os.environ.get("TABLETOP_TEST_REDIS", "redis://127.0.0.1:6379/0")

SERVE = """
import json, sys
from urllib.request import Request
from tabletop.server.process import LOCAL, serving
db, redis = sys.argv[1], sys.argv[2] or None
seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]
with serving(db, redis=redis, bot_workers=0) as (base, _):
    request = Request(base + "/api/tables", json.dumps({"game": "cubulus", "seats": seats}).encode(),
                      {"Content-Type": "application/json"})
    with LOCAL.open(request, timeout=60) as answer:
        made = json.load(answer)
    with LOCAL.open(base + "/api/tables/" + made["table"]["id"], timeout=60) as answer:
        print(answer.status, json.load(answer)["game"])
"""
"""A real ``tabletop serve`` on the database ``argv[1]`` (and Redis ``argv[2]``) makes a table and shows it."""

RL = """
import gymnasium
from tabletop.interop.gymnasium import env_id
from tabletop.interop.pettingzoo import env
table = env("cribbage", players=3)
table.reset(seed=42)
for agent in table.agent_iter(max_iter=200):
    observation, reward, terminated, truncated, info = table.last()
    action = None if terminated or truncated else table.action_space(agent).sample(observation["action_mask"])
    table.step(action)
seat = gymnasium.make(env_id("cubulus"), opponents="normal")
observation, info = seat.reset(seed=7)
for _ in range(20):
    observation, reward, terminated, truncated, info = seat.step(seat.action_space.sample(observation["action_mask"]))
    if terminated or truncated:
        break
print("played")
"""
"""The README's PettingZoo and Gymnasium examples, a few moves each."""

OPENSPIEL = """
import pyspiel, tabletop, tabletop.interop.openspiel as adapter
for name in adapter.SHORT_NAMES:
    state = pyspiel.load_game(name).new_initial_state()
    while not state.is_terminal() and state.move_number() < 20:
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
print(len(adapter.SHORT_NAMES) == len(tabletop.REGISTRY))
"""
"""Every game loaded through OpenSpiel with its defaults (Kubik's listed-chance ones: no MuJoCo here)."""

PASSKEYS = """
import json
from tabletop.server.process import LOCAL, serving
with serving("sqlite:///tabletop.db", bot_workers=0) as (base, _):
    with LOCAL.open(base.replace("127.0.0.1", "localhost") + "/api/account", timeout=60) as answer:
        said = json.load(answer)
    print(said["passkeys"])
"""
"""A real ``tabletop serve`` says it takes passkeys (the extra's routes are there)."""

CHECKS: dict[str, tuple[str, ...]] = {
    "physics": ("tabletop", "play", "kubik", "--seats", "bot,bot", "--seed", "1", "-o", "target=5"),
    "compiled": ("tabletop", "play", "cubulus", "--seats", "hard,easy", "--seed", "1"),  # compiles first (~30 s)
    "stats": ("tabletop", "tournament", "cubulus", "--agents", "random,first", "--games", "2", "--workers", "1",
              "--json"),
    "plot": ("tabletop", "simulate", "beetle", "--games", "20", "--workers", "1", "--plot", "plot.png"),
    "postgres": ("python", "-c", SERVE, "{postgres_url}", ""),
    "redis": ("python", "-c", SERVE, "sqlite:///tabletop.db", REDIS),
    "rl": ("python", "-c", RL),
    "openspiel": ("python", "-c", OPENSPIEL),
    "passkeys": ("python", "-c", PASSKEYS),
}
"""Each extra's adapter or command, run in a venv holding the core and that extra alone."""


def found_modules(venv: Path, cwd: Path) -> list[str]:
    """The extras' modules that ``venv`` can import."""
    code = f"import importlib.util as u; print([m for m in {list(EXTRA_MODULES.values())!r} if u.find_spec(m)])"
    done = run(venv, "python", "-c", code, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.replace("'", '"')))


def test_every_extra_but_ray_has_a_check() -> None:
    assert set(CHECKS) == set(EXTRAS) - {"ray"} and set(EXTRA_MODULES) == set(EXTRAS)


def test_the_core_install_has_no_extra_and_stays_under_200_mb(core_venv: Path, tmp_path: Path) -> None:
    assert found_modules(core_venv, tmp_path) == []
    done = run(core_venv, "python", "-c", "import importlib.util as u; print(u.find_spec('llvmlite'))", cwd=tmp_path)
    assert done.stdout.strip() == "None"
    assert size(core_venv) <= CORE_LIMIT, f"the core install is {size(core_venv) / MIB:.0f} MiB"


def test_the_core_names_the_extra_a_level_or_a_mode_needs_in_one_line(core_venv: Path, tmp_path: Path) -> None:
    for seats, extra, instead in (("human,hard", "compiled", "easy or normal"),
                                  ("bot,bot", "physics", "throws=calibrated")):
        game = "cubulus" if extra == "compiled" else "kubik"
        done = run(core_venv, "tabletop", "play", game, "--seats", seats, "--seed", "1", cwd=tmp_path)
        line = done.stderr.strip()
        assert done.returncode != 0 and "\n" not in line, done.stderr
        assert f"pip install 'tabletop[{extra}]'" in line and instead in line, line
    done = run(core_venv, "tabletop", "play", "cubulus", "--seats", "normal,easy", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 0 and "wins" in done.stdout, done.stderr


@pytest.mark.parametrize("extra", list(CHECKS))
def test_each_extra_alone_runs_its_adapter_or_command(extra: str, built: Built, tmp_path: Path,
                                                      request: pytest.FixtureRequest) -> None:
    venv = tmp_path / "venv"
    fresh_venv(built.wheel, venv, extra)
    try:
        found = set(found_modules(venv, tmp_path))  # its own (OpenSpiel brings SciPy), never MuJoCo's nor Numba's
        assert EXTRA_MODULES[extra] in found and not found & {"mujoco", "numba"} - {EXTRA_MODULES[extra]}, found
        url = request.getfixturevalue("postgres_url") if extra == "postgres" else ""
        command = [part.format(postgres_url=url) if part == "{postgres_url}" else part for part in CHECKS[extra]]
        done = run(venv, *command, cwd=tmp_path)
        assert done.returncode == 0, f"{extra}: {done.stderr[-3000:]}"
        said = done.stdout
        match extra:
            case "physics" | "compiled":
                assert "wins" in said, said
            case "stats":
                assert all(line["win_interval"] for line in json.loads(said)["standings"]), said
            case "plot":
                assert (tmp_path / "plot.png").stat().st_size > 0
            case "postgres" | "redis":
                assert said.split() == ["200", "cubulus"], said
            case "rl":
                assert said.strip() == "played", said
            case "openspiel" | "passkeys":
                assert said.strip() == "True", said
    finally:
        shutil.rmtree(venv, ignore_errors=True)
