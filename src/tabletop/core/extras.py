"""The optional parts of tabletop and the one line that says which extra a missing part comes from.

The core install plays every game, serves the web app on SQLite and runs the library; the rest is in
extras (``pip install 'tabletop[stats]'``), each imported only where it is used. Every such place calls
:func:`require` first, so a missing extra is one clear sentence — which package, for what, and the
command that installs it — instead of a ``ModuleNotFoundError`` traceback from deep inside.

>>> require("json", extra="stats", purpose="test")  # present: nothing happens
>>> require("no_such_module", extra="stats", purpose="intervals")
Traceback (most recent call last):
...
tabletop.core.extras.MissingExtra: intervals need no_such_module, which is not installed: pip install 'tabletop[stats]'
"""

from __future__ import annotations

import importlib.util

EXTRAS = {
    "physics": "MuJoCo (mujoco-core) for Kubik's simulated throws and their motion",
    "compiled": "Numba for the Cubulus expert's hard level, its searches compiled to machine code",
    "stats": "SciPy for the confidence intervals and tests of simulate and tournament",
    "plot": "Matplotlib for --plot",
    "postgres": "psycopg for a PostgreSQL database URL",
    "redis": "redis-py for several server processes sharing tables (--redis)",
    "ray": "Ray for --backend ray",
    "rl": "Gymnasium and PettingZoo environments",
    "openspiel": "OpenSpiel games",
    "passkeys": "webauthn (with cryptography) for signing in to the web app with a passkey",
}
"""Every extra and what it adds (the README's table says the same)."""

LEARNING_EXTRAS = {
    "sb3": "Stable-Baselines3 and sb3-contrib (MaskablePPO) with PyTorch, for the example in docs/interop.md",
    "rllib": "RLlib's dependencies (dm-tree, …) beside Ray, with PyTorch, for the example in docs/interop.md",
}
"""Extras for learning libraries, left out of ``all`` and so of ``dev``: they bring PyTorch, which PyPI
serves on Linux as a CUDA build of several gigabytes."""


class MissingExtra(ImportError):
    """An optional dependency that is not installed; the message names the extra that installs it."""

    def __init__(self, module: str, extra: str, purpose: str, hint: str = "") -> None:
        self.module, self.extra = module, extra
        top = module.split(".")[0]
        super().__init__(f"{purpose} need {top}, which is not installed: pip install 'tabletop[{extra}]'{hint}",
                         name=top)


def available(module: str) -> bool:
    """True when ``module`` can be imported (found without importing it: cheap)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a half-installed one
        return False


def require(module: str, *, extra: str, purpose: str, hint: str = "") -> None:
    """Make sure ``module`` is installed before importing it; otherwise raise :class:`MissingExtra`.

    ``purpose`` is what needs it, as the subject of "… need X" ("confidence intervals"); ``hint`` is
    appended to the message (e.g. an alternative that works without the extra).
    """
    if extra not in EXTRAS and extra not in LEARNING_EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; the extras are {', '.join([*EXTRAS, *LEARNING_EXTRAS])}")
    if not available(module):
        raise MissingExtra(module, extra, purpose, hint)
