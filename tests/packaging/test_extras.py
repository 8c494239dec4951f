"""The core install and its extras (issue 18): every place that imports an optional dependency names,
in one line, the extra that installs it; Kubik's physics throws without MuJoCo offer the calibrated
model (K20, K20b)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tabletop
from tabletop.core import Capability, Decision, OptionError, TabletopError, extras
from tabletop.core.extras import EXTRAS, LEARNING_EXTRAS, MissingExtra, require

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_require_is_silent_for_what_is_installed_and_names_the_extra_otherwise() -> None:
    require("json", extra="stats", purpose="anything")
    with pytest.raises(MissingExtra) as caught:
        require("not_a_module_anywhere.sub", extra="physics", purpose="Kubik's physics throws", hint="; or not")
    assert str(caught.value) == ("Kubik's physics throws need not_a_module_anywhere, which is not installed: "
                                 "pip install 'tabletop[physics]'; or not")
    assert isinstance(caught.value, ImportError) and caught.value.name == "not_a_module_anywhere"
    with pytest.raises(ValueError, match="unknown extra 'stat'"):
        require("json", extra="stat", purpose="anything")


def test_every_extra_named_in_code_is_declared_and_all_gathers_them() -> None:
    declared = PYPROJECT["optional-dependencies"]
    assert set(EXTRAS) | set(LEARNING_EXTRAS) | {"all", "dev"} == set(declared)
    assert declared["all"] == [f"tabletop[{','.join(EXTRAS)}]"]
    assert "tabletop[all]" in declared["dev"]
    assert not any("torch" in dep for dep in declared["dev"] + declared["all"])  # PyTorch only by choice
    assert not any(dep.startswith("httpx2") for dep in declared["dev"])  # unused


def test_the_core_leaves_out_every_extra() -> None:
    core = {dep.split("[")[0].split(">")[0].split("=")[0].lower() for dep in PYPROJECT["dependencies"]}
    for heavy in ("scipy", "matplotlib", "mujoco", "mujoco-core", "psycopg", "redis", "ray", "httpx", "gymnasium",
                  "numba", "llvmlite"):  # Numba with LLVM: ~210 MB, the compiled extra (#41 item 8)
        assert heavy not in core
    assert {"numpy", "fastapi", "uvicorn", "sqlalchemy", "typer", "rich", "platformdirs"} <= core


def test_stats_without_scipy_names_the_stats_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.sim.tournament import mean_interval, wilson

    monkeypatch.setattr(extras, "available", lambda module: module != "scipy")
    with pytest.raises(MissingExtra, match=r"pip install 'tabletop\[stats\]'"):
        wilson(3, 10)
    with pytest.raises(MissingExtra, match=r"mean intervals need scipy"):
        mean_interval([1.0, 2.0, 4.0])
    assert wilson(0, 0) == (0.0, 1.0)  # nothing to estimate: no SciPy asked for


def test_a_postgresql_url_without_psycopg_names_the_postgres_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.storage.store import make_engine

    monkeypatch.setattr(extras, "available", lambda module: module != "psycopg")
    with pytest.raises(MissingExtra, match=r"PostgreSQL database URLs need psycopg.*tabletop\[postgres\]"):
        make_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_kubik_physics_without_mujoco_offers_the_calibrated_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """K20: throws=physics simulates; without MuJoCo the calibrated model (K20b) still plays."""
    import tabletop.games.kubik.game as kubik_game

    monkeypatch.setattr(kubik_game, "available", lambda module: module != "mujoco")
    game = tabletop.load("kubik")  # the game and its bots still load: the lobby lists them
    assert game.mode == "physics" and game.bots()
    with pytest.raises(OptionError, match=r"throws=physics needs MuJoCo.*tabletop\[physics\].*throws=calibrated"):
        game.initial_state()
    for mode in ("calibrated", "manual"):
        assert not tabletop.load("kubik", throws=mode).initial_state().is_terminal


def test_cubulus_hard_without_numba_names_the_compiled_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """#41 item 8: the hard level's compiled searches need Numba, the ``compiled`` extra. Without it the
    levels are still listed (the lobby offers them), making a hard bot is a clear refusal naming the extra
    — the server's a 400 with its code, the lobby's words — and easy and normal play as ever."""
    from fastapi.testclient import TestClient

    import tabletop.games.cubulus.expert as expert
    from tabletop.agents import make_bot
    from tabletop.server import ServerSettings, create_app

    monkeypatch.setattr(expert, "available", lambda module: module != "numba")
    game = tabletop.load("cubulus", first="0")
    assert {"easy", "normal", "hard"} <= set(game.bots())
    with pytest.raises(TabletopError, match=r"hard level needs numba.*tabletop\[compiled\].*easy or normal") as caught:
        make_bot("hard", game)
    assert caught.value.code == "compiled_missing" and caught.value.params == {"level": "hard", "extra": "compiled"}
    state = game.initial_state()
    seat, legal = state.to_move, list(state.legal_actions())
    for level in ("easy", "normal"):
        assert make_bot(level, game).choose(Decision(game, seat, state.view(seat), legal), random.Random(1)) in legal
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "hard"}]
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{tmp_path / 't.db'}", bot_workers=0,
                                                allow_hosts=("testserver",)))) as client:
        cubulus = next(entry for entry in client.get("/api/games").json() if entry["name"] == "cubulus")
        assert cubulus["bot_levels"] == ["easy", "normal", "hard"] and "compiled_missing" in cubulus["errors"]
        refused = client.post("/api/tables", json={"game": "cubulus", "seats": seats})
        assert refused.status_code == 400 and refused.json()["code"] == "compiled_missing", refused.text
        assert "tabletop[compiled]" in refused.json()["detail"]
        seats[1]["bot"] = "normal"
        assert client.post("/api/tables", json={"game": "cubulus", "seats": seats}).status_code == 201


BLOCK = "import sys\nfor name in {blocked!r}: sys.modules[name] = None\nfrom tabletop.cli import main\n" \
        "sys.argv = ['tabletop', *{args!r}]\nmain()\n"


def run_without(blocked: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    """``tabletop args`` in a fresh interpreter where the ``blocked`` packages cannot be imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-c", BLOCK.format(blocked=blocked, args=list(args))],
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_cli_says_which_extra_in_one_line(tmp_path: Path) -> None:
    done = run_without(["matplotlib"], "tournament", "cubulus", "--agents", "random,first", "--games", "2",
                       "--workers", "1", "--plot", str(tmp_path / "ratings.png"))
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == [
        "error: plots (--plot) need matplotlib, which is not installed: pip install 'tabletop[plot]'"]
    assert "Traceback" not in done.stderr


def test_tournament_and_simulate_run_without_scipy_and_say_what_it_adds() -> None:
    """#41 item 7: SciPy only adds the intervals and the seat test (the README's extras table)."""
    note = ("note: confidence intervals and the seat test need scipy, which is not installed: "
            "pip install 'tabletop[stats]' (results without them)")
    done = run_without(["scipy"], "tournament", "cubulus", "--agents", "random,first", "--games", "2",
                       "--workers", "1")
    assert done.returncode == 0 and done.stderr.strip() == note, done.stderr
    assert "first" in done.stdout and "[" not in done.stdout.split("first", 1)[1].splitlines()[0]
    done = run_without(["scipy"], "simulate", "beetle", "--games", "3", "--workers", "1", "--json")
    assert done.returncode == 0 and done.stderr.strip() == note, done.stderr
    assert json.loads(done.stdout)["notes"] == [note.removeprefix("note: ")]


def test_the_kubik_simulator_without_mujoco_says_physics_and_calibrated(tmp_path: Path) -> None:
    done = run_without(["mujoco"], "play", "kubik", "--seats", "bot,bot", "--seed", "1")
    assert done.returncode != 0
    line = done.stderr.strip()
    assert "\n" not in line and "tabletop[physics]" in line and "throws=calibrated" in line, line
    done = run_without(["mujoco"], "play", "kubik", "--seats", "bot,bot", "--seed", "1", "-o", "throws=calibrated",
                       "-o", "target=5")
    assert done.returncode == 0, done.stderr


def test_the_cli_refuses_cubulus_hard_without_numba_in_one_line() -> None:
    done = run_without(["numba"], "play", "cubulus", "--seats", "human,hard", "--seed", "1")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    line = done.stderr.strip()
    assert "\n" not in line and "tabletop[compiled]" in line and "easy or normal" in line, line
    done = run_without(["numba"], "play", "cubulus", "--seats", "normal,easy", "--seed", "1")
    assert done.returncode == 0, done.stderr


def test_the_server_refuses_a_physics_kubik_table_without_mujoco(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """A core install's lobby lists Kubik; a physics table is a clear 400, a calibrated one is made."""
    from fastapi.testclient import TestClient

    import tabletop.games.kubik.game as kubik_game
    from tabletop.server import ServerSettings, create_app

    monkeypatch.setattr(kubik_game, "available", lambda module: module != "mujoco")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]
    with TestClient(create_app(ServerSettings(db=f"sqlite:///{tmp_path / 't.db'}", bot_workers=0,
                                                allow_hosts=("testserver",)))) as client:
        assert "kubik" in [game["name"] for game in client.get("/api/games").json()]
        refused = client.post("/api/tables", json={"game": "kubik", "seats": seats})
        assert refused.status_code == 400 and "throws=calibrated" in refused.text, refused.text
        made = client.post("/api/tables", json={"game": "kubik", "seats": seats, "options": {"throws": "calibrated"}})
        assert made.status_code == 201, made.text


def test_the_openspiel_adapter_imports_and_plays_without_mujoco() -> None:
    """#41 item 6: ``tabletop[openspiel]`` alone (no MuJoCo) gives an adapter that imports and loads
    every game — Kubik registered with a chance it can list (throws=calibrated, K20b), not its
    physics default that needs the ``physics`` extra."""
    pytest.importorskip("pyspiel")
    script = ("import sys; sys.modules['mujoco'] = None\n"  # an install without the physics extra
              "import pyspiel, tabletop.interop.openspiel as adapter\n"
              "for name in adapter.SHORT_NAMES:\n"
              "    state = pyspiel.load_game(name).new_initial_state()\n"
              "    while not state.is_terminal() and state.move_number() < 20:\n"
              "        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()"
              " else state.legal_actions()[0])\n"
              "print(len(adapter.SHORT_NAMES))\n")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    learnable = tabletop.REGISTRY.providing(Capability.ENCODING)  # (not the tests' Pig: no encoding)
    assert ran.returncode == 0 and ran.stdout.strip() == str(len(learnable)), ran.stderr[-3000:]
