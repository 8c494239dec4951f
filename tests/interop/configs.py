"""The game configurations the adapter tests run: a few per game, every registered game covered."""

from __future__ import annotations

from typing import Any

import pytest

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("beetle", {"players": 1}),
    ("beetle", {"players": 2}),
    ("beetle", {"players": 3, "variant": "four-legs"}),
    ("cribbage", {"players": 2}),
    ("cribbage", {"players": 3}),
    ("cribbage", {"players": 4}),
    ("cubulus", {"players": 2}),
    ("cubulus", {"players": 3}),
    ("kubik", {"throws": "calibrated"}),
    ("kubik", {"players": 2, "throws": "manual", "interception": True}),
]
"""Fast configurations: every adapter check runs on each."""

PHYSICS = ("kubik", {"players": 2, "throws": "physics"})
"""Kubik's simulated throws (chance that can only be sampled), checked once where it applies."""


def ids(configs: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [name + "-" + "-".join(f"{k}={v}" for k, v in options.items()) for name, options in configs]


def params(configs: list[tuple[str, dict[str, Any]]] = CONFIGS) -> Any:
    """``configs`` for ``pytest.mark.parametrize("name, options", …)``."""
    return pytest.mark.parametrize(("name", "options"), configs, ids=ids(configs))
