"""The option sets the conformance suite plays each registered game with, derived from its spec."""

from __future__ import annotations

from typing import Any

import tabletop

BASE_OPTIONS: dict[str, dict[str, Any]] = {"kubik": {"throws": "manual"}}
"""Options a game's configurations start from. Kubik is played in scorekeeper mode (outcomes
drawn uniformly); its physics and calibrated modes are the single-option variations below."""

EXTRA_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "kubik": [{"players": 2, "throws": "physics", "interception": True, "target": 10}],
}
"""Combinations one-at-a-time variation misses: Kubik's interception (K19: declaration, crossing, strike or
hold, the rest of the throw) with simulated throws, where the crossing's end is computed only after the
decision."""


SHORTER: dict[tuple[str, str, Any], dict[str, Any]] = {("kubik", "throws", "physics"): {"target": 10}}
"""Options added where a choice makes every chance event a simulation: a shorter game (a third of the
throws) checks the same contract at every step."""

FEWEST_PLAYERS_ONLY: set[tuple[str, str, Any]] = {("kubik", "throws", "physics")}
"""Choices played at the fewest players only: every throw a simulation, and the most players are already
played with the same turn order and teams on the other throw models (scorekeeper and calibrated)."""


def configurations(name: str) -> list[dict[str, Any]]:
    """Every player count, then each other choice (and each boolean flipped) one at a time."""
    spec = tabletop.REGISTRY[name].spec
    base = BASE_OPTIONS.get(name, {})
    configs: list[dict[str, Any]] = [{**base, "players": n} for n in range(spec.min_players, spec.max_players + 1)]
    for option in spec.options:
        alternatives: list[Any] = []
        if option.choices is not None:
            alternatives = [c for c in option.choices if c != base.get(option.name, option.default)]
        elif option.kind is bool:
            alternatives = [not option.default]
        for value in alternatives:
            try:
                tabletop.load(name, **{option.name: value})
            except tabletop.core.OptionError:
                continue  # a choice that needs other options too (e.g. variant=custom)
            extra = SHORTER.get((name, option.name, value), {})
            counts = (spec.min_players,) if (name, option.name, value) in FEWEST_PLAYERS_ONLY else (
                spec.min_players, spec.max_players)
            configs += [{**base, "players": n, option.name: value, **extra} for n in counts]
    return configs + EXTRA_CONFIGS.get(name, [])


def is_base(name: str, config: dict[str, Any]) -> bool:
    """True for a configuration that only sets the player count (on top of the game's base options): a
    base option set to another value (Kubik's calibrated throws) makes a variant, played less."""
    base = BASE_OPTIONS.get(name, {})
    return {key for key, value in config.items() if key not in base or base[key] != value} == {"players"}


ALL = [(name, config) for name in tabletop.REGISTRY for config in configurations(name)]
IDS = [f"{name}-" + "-".join(f"{k}={v}" for k, v in config.items()) for name, config in ALL]
