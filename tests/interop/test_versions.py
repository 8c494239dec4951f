"""The learning environments' versions (#41 item 10): ``tabletop_<game>_vN`` for PettingZoo and
``tabletop/<Game>-vN`` for Gymnasium carry ``spec.encoding_version``, and one version keeps its spaces.

Each game's spaces — observation and mask shapes, the observation's fields in order with their bounds,
the action count — are pinned here, over every player count and every listed choice and switch of its
options, as a digest under the version they belong to. A change of any of them without a new
``encoding_version`` fails; with one, pin the digest the failure prints under the new version.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

import tabletop
from tabletop.core import Capability, OptionError
from tabletop.interop.common import observation_space
from tabletop.interop.gymnasium import env_id
from tabletop.interop.pettingzoo import env_name

PINNED: dict[str, tuple[int, str]] = {
    "beetle": (1, "4177601bab46fbe7"),
    "cribbage": (1, "27375fc88b1ae146"),
    "cubulus": (1, "3a9f69076e15a8a7"),
    "kubik": (1, "e4e65da29c351f7a"),
}
"""Per game: its ``encoding_version`` and the digest of its spaces under that version."""

DEFAULT_SHAPES = {"beetle": (72, 1), "cribbage": (610, 1380), "cubulus": (320, 136), "kubik": (83, 3128)}
"""Per game, with its default options: the observation's length and the action count (readable pins)."""


def configurations(name: str) -> Iterator[dict[str, Any]]:
    """The options whose spaces are pinned: every player count, then each listed choice and each
    switch of every option at the default player count (those a game refuses alone are skipped)."""
    spec = tabletop.REGISTRY[name].spec
    for players in range(spec.min_players, spec.max_players + 1):
        yield {"players": players}
    for option in spec.options:
        values = option.choices or ((not option.default,) if option.kind is bool else ())
        for value in values:
            if value != option.default:
                yield {option.name: value}


def spaces(name: str) -> list[dict[str, Any]]:
    """What a learner is promised, per configuration: the spaces' shapes, fields and bounds."""
    found = []
    for options in configurations(name):
        try:
            encoding = tabletop.load(name, **options).encoding()
        except OptionError:  # e.g. Beetle's custom variant without a parts table
            continue
        space = observation_space(encoding)
        found.append({
            "options": options,
            "observation": list(space["observation"].shape), "action_mask": list(space["action_mask"].shape),
            "actions": encoding.num_actions,
            "fields": [[f.name, f.size, str(f.low), str(f.high)] for f in encoding.fields],
        })
    return found


def digest(found: list[dict[str, Any]]) -> str:
    """The spaces a game can have, each once, whichever options give them: an option added that leaves
    every space as it was (Kubik's ``hold_back``) keeps the version."""
    shapes = sorted({json.dumps({k: v for k, v in c.items() if k != "options"}, sort_keys=True) for c in found})
    return hashlib.sha256(json.dumps(shapes).encode()).hexdigest()[:16]


def test_every_game_is_pinned() -> None:
    assert sorted(PINNED) == tabletop.REGISTRY.providing(Capability.ENCODING), "pin the spaces of every registered game"


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
def test_a_version_keeps_its_spaces(name: str) -> None:
    version = tabletop.REGISTRY[name].spec.encoding_version
    found = spaces(name)
    default = tabletop.load(name).encoding()
    assert (default.observation_size, default.num_actions) == DEFAULT_SHAPES[name], \
        f"{name}'s default spaces changed: raise spec.encoding_version and update DEFAULT_SHAPES"
    assert (version, digest(found)) == PINNED[name], (
        f"{name}'s spaces are not those pinned for v{PINNED[name][0]}: if the observation or the actions "
        f"changed, raise spec.encoding_version and pin ({version}, {digest(found)!r}); they are now\n"
        + "\n".join(f"  {c['options']}: observation {c['observation']}, {c['actions']} actions" for c in found))


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
def test_the_environments_carry_the_version(name: str) -> None:
    version = tabletop.REGISTRY[name].spec.encoding_version
    assert env_name(tabletop.load(name)) == f"tabletop_{name}_v{version}"
    assert env_id(name).endswith(f"-v{version}")
