"""The option sets the conformance suite plays each registered game with, derived from its spec."""

from __future__ import annotations

from typing import Any

import tabletop


def configurations(name: str) -> list[dict[str, Any]]:
    """Every player count, then each other choice (and each boolean flipped) one at a time."""
    spec = tabletop.REGISTRY[name].spec
    configs: list[dict[str, Any]] = [{"players": n} for n in range(spec.min_players, spec.max_players + 1)]
    for option in spec.options:
        alternatives: list[Any] = []
        if option.choices is not None:
            alternatives = [c for c in option.choices if c != option.default]
        elif option.kind is bool:
            alternatives = [not option.default]
        for value in alternatives:
            try:
                tabletop.load(name, **{option.name: value})
            except tabletop.core.OptionError:
                continue  # a choice that needs other options too (e.g. variant=custom)
            configs += [{"players": n, option.name: value} for n in (spec.min_players, spec.max_players)]
    return configs


ALL = [(name, config) for name in tabletop.REGISTRY for config in configurations(name)]
IDS = [f"{name}-" + "-".join(f"{k}={v}" for k, v in config.items()) for name, config in ALL]
