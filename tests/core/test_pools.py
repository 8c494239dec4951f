"""Rating pools as each game declares them (tabletop.core.pools): which tables are rated, and why not."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import GameSpec, Pool, Registry, pool_for, unrated_reason
from tabletop.core.pools import check_pools


def resolved(game: str, **options: Any) -> tuple[GameSpec, dict[str, Any]]:
    spec = tabletop.load(game).spec
    return spec, spec.resolve(options)


@pytest.mark.parametrize(("game", "options", "pool"), [
    ("cribbage", {}, "cribbage-2"),
    ("cribbage", {"players": 3, "games": 5, "muggins": True}, "cribbage-3"),
    ("cribbage", {"players": 4, "skunk": True}, "cribbage-4"),  # C15: partnerships
    ("cubulus", {}, "cubulus-2"),
    ("cubulus", {"players": 3, "neutral_cells": "exterior"}, "cubulus-3"),
    ("kubik", {"players": 2, "max_throws": 0}, "kubik-1v1"),
    ("kubik", {"players": 6, "teams": "3+3", "throws": "calibrated"}, "kubik-3v3"),
])
def test_a_rated_configuration_falls_in_its_pool(game: str, options: dict[str, Any], pool: str) -> None:
    spec, resolved_options = resolved(game, **options)
    found = pool_for(spec, resolved_options)
    assert found is not None and found.name == pool
    assert unrated_reason(spec, resolved_options) is None


@pytest.mark.parametrize(("game", "options", "reason"), [
    ("cribbage", {"target": 61}, "target 61"),  # C3: only the full game is rated
    ("cubulus", {"first": "0"}, "first '0'"),  # U4: a chosen first player is a handicap
    ("cubulus", {"allow_null_shift": True}, "allow_null_shift True"),
    ("kubik", {"players": 4, "teams": "3+1"}, "teams '3+1'"),  # K18: uneven sides
    ("kubik", {"players": 4, "throws": "manual"}, "throws 'manual'"),  # K20: a real field's scores
    ("kubik", {"players": 4, "skill": 0.9}, "skill 0.9"),
    ("kubik", {"players": 5}, "no rated pool for 5 players"),
    ("beetle", {}, "B13"),  # no decisions: never rated
])
def test_a_table_outside_every_pool_says_why(game: str, options: dict[str, Any], reason: str) -> None:
    spec, resolved_options = resolved(game, **options)
    assert pool_for(spec, resolved_options) is None
    assert reason in (unrated_reason(spec, resolved_options) or "")


def test_an_older_rules_version_is_never_rated() -> None:
    spec, options = resolved("cribbage")
    assert unrated_reason(spec, {**options, "rules": 0}) == "outside the rated configuration: rules 0 (allowed: " \
        f"{spec.rules_version})"


@pytest.mark.parametrize("game", ["cribbage", "cubulus", "kubik", "beetle"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_configuration_is_in_at_most_one_pool_and_the_reason_agrees(game: str, data: st.DataObject) -> None:
    """Random option choices: a table is rated exactly when no reason is given, and then in one pool."""
    spec = tabletop.load(game).spec
    given_options = {}
    for option in spec.all_options:
        if option.choices is not None and data.draw(st.booleans()):
            given_options[option.name] = data.draw(st.sampled_from(option.choices))
    if spec.min_players != spec.max_players and data.draw(st.booleans()):
        given_options["players"] = data.draw(st.integers(spec.min_players, min(spec.max_players, 8)))
    try:
        options = spec.resolve(given_options)
    except tabletop.core.OptionError:
        return
    admitting = [pool.name for pool in spec.pools if pool.refusal(spec, options) is None]
    assert len(admitting) <= 1
    assert (unrated_reason(spec, options) is None) == bool(admitting)


def _spec(*pools: Pool) -> GameSpec:
    spec = tabletop.load("cubulus").spec
    return GameSpec(**{**{name: getattr(spec, name) for name in spec.__dataclass_fields__}, "pools": pools})


@pytest.mark.parametrize(("pools", "message"), [
    ((Pool("cubulus-a", "", (("players", (2,)),)), Pool("cubulus-a", "", (("players", (3,)),))), "used twice"),
    ((Pool("chess-2", "", (("players", (2,)),)),), "must be named"),
    ((Pool("cubulus-x", "", (("first", ("random",)),)),), "names no player count"),
    ((Pool("cubulus-x", "", (("players", (2,)), ("colour", ("red",)))),), "no option 'colour'"),
    ((Pool("cubulus-x", "", (("players", (2,)), ("first", ("anyone",)))),), "first"),
    ((Pool("cubulus-a", "", (("players", (2,)),)), Pool("cubulus-b", "", (("players", (2, 3)),))), "both admit 2"),
])
def test_badly_made_pools_are_refused_when_a_game_registers(pools: tuple[Pool, ...], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        check_pools(_spec(*pools))


def test_the_registry_holds_every_shipped_game_to_its_pools() -> None:
    registry = Registry(*(type(tabletop.load(name)) for name in ("cribbage", "cubulus", "kubik", "beetle")))
    assert sorted(registry) == ["beetle", "cribbage", "cubulus", "kubik"]
