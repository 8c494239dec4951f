"""Errors as data over every registered game (STYLE 16, 19): every code a game can raise is declared in
its spec (``GameSpec.errors``) or is the core's (``CORE_ERRORS``), every declared code is raised
somewhere, and a refused action carries a declared code with JSON params — found two ways: by reading
each game's source for the codes its raises name, and by trying illegal actions in random games.
That each code has words in every language of the browser is checked by tests/web/test_js_units.py."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import CORE_ERRORS, IllegalActionError, TabletopError
from tabletop.core import errors as core_errors
from tabletop.server.errors import SERVER_ERRORS
from tests.conformance.configs import BASE_OPTIONS

GAMES = Path(tabletop.__file__).parent / "games"


def codes_named_in(paths: list[Path]) -> set[str]:
    """The error codes the source names: ``code="…"`` in any call, and the code of a ``Reason(text, "…")``."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                    found.add(keyword.value.value)
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "Reason" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                found.add(node.args[1].value)
    return found


def test_the_core_declares_every_code_it_raises() -> None:
    classes = [c for c in vars(core_errors).values() if isinstance(c, type) and issubclass(c, TabletopError)]
    assert {c.default_code for c in classes} <= set(CORE_ERRORS)
    core = Path(tabletop.__file__).parent / "core"
    assert codes_named_in(sorted(core.glob("*.py"))) <= set(CORE_ERRORS)


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
def test_every_code_a_game_raises_is_declared_and_every_declared_one_is_raised(name: str) -> None:
    declared = set(tabletop.REGISTRY[name].spec.errors)
    named = codes_named_in(sorted((GAMES / name).glob("*.py")))
    assert named - set(CORE_ERRORS) == declared, "GameSpec.errors must list exactly the game's own codes"
    assert not declared & (set(CORE_ERRORS) | set(SERVER_ERRORS)), "a game's code may not shadow a shared one"
    assert len(declared) == len(tabletop.REGISTRY[name].spec.errors), "each code once"


def _refusal(state: Any, action: Any) -> IllegalActionError | None:
    try:
        state.apply(action)
    except IllegalActionError as error:
        return error
    return None


@pytest.mark.parametrize("name", list(tabletop.REGISTRY))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_refused_action_carries_a_declared_code_and_json_params(name: str, seed: int) -> None:
    """Every action legal somewhere in a random game, tried where it is not: refused with a declared
    code, JSON-ready params naming the action, and the English reason."""
    game = tabletop.load(name, **BASE_OPTIONS.get(name, {}))
    allowed = set(CORE_ERRORS) | set(game.spec.errors)
    rng = random.Random(seed)
    state = game.initial_state()
    seen: list[Any] = []
    for _ in range(120):
        if state.is_terminal:
            break
        actions = list(state.legal_actions())
        seen += rng.sample(actions, min(3, len(actions)))
        for action in rng.sample(seen, min(6, len(seen))):
            error = _refusal(state, action)
            if error is None:
                continue
            assert error.code in allowed, (error.code, str(error))
            data = json.loads(json.dumps(error.to_data()))
            assert data["params"].get("action") == str(action) and data["reason"] == str(error)
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(actions))
