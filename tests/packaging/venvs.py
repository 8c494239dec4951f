"""The built artifacts and fresh venvs made from them, as a user installs them (issue 18, #41 items 6, 8).

uv (the dev extra's) builds the sdist and the wheel from it in isolation, as ``python -m build`` does, and
fills each venv from the package index the Makefile installs from, pinned by ``constraints.txt`` — the same
command as ``make play`` (``uv pip install -c constraints.txt``, every module compiled to bytecode, as pip
does), in seconds where pip takes minutes. The wheel is built once a test session (``tests/conftest.py``'s
``built``), and every module that uses it is in the ``wheel`` xdist group, so one process builds it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024


@dataclass(frozen=True)
class Built:
    sdist: Path
    wheel: Path


def uv() -> str:
    """The uv command of the dev extra (the test's venv's own, else one on PATH)."""
    found = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if found is None:
        pytest.skip("uv (in the dev extra) builds and installs the artifacts: pip install -e '.[dev]'")
    return found


def no_npm_env() -> dict[str, str]:
    """The environment without npm or node on PATH: the build must not need them."""
    path = [entry for entry in os.environ.get("PATH", "").split(os.pathsep)
            if not (Path(entry) / "npm").exists() and not (Path(entry) / "node").exists()]
    return {**os.environ, "PATH": os.pathsep.join(path)}


def build(out: Path) -> Built:
    """The sdist of this checkout and the wheel built from that sdist, with npm out of reach."""
    # the sdist, then the wheel from it; in this Python (PATH without npm may lack the shell of pyenv's shims)
    subprocess.run([uv(), "build", "--quiet", "--python", sys.executable, "--out-dir", str(out), str(ROOT)],
                   check=True, capture_output=True, env=no_npm_env(), timeout=900)
    (sdist,), (wheel,) = out.glob("*.tar.gz"), out.glob("*.whl")
    return Built(sdist, wheel)


def fresh_venv(wheel: Path, venv: Path, extra: str | None = None) -> Path:
    """A new venv at ``venv`` holding ``wheel`` (with ``extra``) and what it needs, nothing else; its python."""
    subprocess.run([uv(), "venv", "--quiet", "--python", sys.executable, str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    wanted = f"{wheel}[{extra}]" if extra else str(wheel)
    subprocess.run([uv(), "pip", "install", "--quiet", "--compile-bytecode", "--python", str(python),
                    "-c", str(ROOT / "constraints.txt"), wanted], check=True, timeout=1200, cwd=venv.parent,
                   capture_output=True)
    return python


def size(path: Path) -> int:
    """What ``du`` counts for ``path``, in bytes: its files' disk usage, each hard link once."""
    return int(subprocess.run(["du", "-sk", str(path)], check=True, capture_output=True, text=True)
               .stdout.split()[0]) * 1024


def venv_env(venv: Path) -> dict[str, str]:
    """The environment of a command of ``venv``: its ``bin`` first on PATH, and nothing of this checkout
    (no PYTHONPATH), so the installed package is the one imported."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return env | {"COLUMNS": "200", "PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"}


def run(venv: Path, *command: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``command`` (a script of the venv's ``bin``: ``tabletop``, ``python``) in ``cwd``, in the venv's
    environment (:func:`venv_env`)."""
    return subprocess.run([str(venv / "bin" / command[0]), *command[1:]], capture_output=True, text=True,
                          env=venv_env(venv), cwd=cwd, timeout=timeout, check=False)
