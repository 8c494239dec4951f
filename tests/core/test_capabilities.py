"""Capabilities as data: a game declares what it offers beyond the required core, and the registry holds
it to that declaration (tabletop.core.capabilities)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

import tabletop
from tabletop.core import Capability, Chance, Game, GameSpec, Registry
from tabletop.core.capabilities import check_declared


class Bare(Game[Any, str]):
    """A game that declares nothing and implements nothing optional (its state is never made here)."""

    spec: ClassVar[GameSpec] = GameSpec("bare", "Bare", "nothing", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1)

    def initial_state(self) -> tabletop.State[str]:
        raise NotImplementedError

    def parse_action(self, text: str) -> str:
        return text

    def state_from_view(self, view: Any, rng: random.Random) -> Any:
        raise NotImplementedError


class Odds(Bare):
    """Computes odds and says so."""

    spec = GameSpec("odds", "Odds", "odds", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1,
                    capabilities=frozenset({Capability.ODDS}))

    def win_chances(self, state: Any) -> Sequence[float]:
        return (0.5, 0.5)


class Unsaid(Bare):
    """Coaches without declaring it."""

    spec = GameSpec("unsaid", "Unsaid", "a coach", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1)

    def coach(self, view: Any, seat: int, budget: int | None = None, seed: int = 0,
              include: Sequence[str] = ()) -> Any:
        return None


class Boast(Bare):
    """Declares a numeric encoding and a batch it lacks."""

    spec = GameSpec("boast", "Boast", "claims", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1,
                    capabilities=frozenset({Capability.ENCODING, Capability.BATCH}))


def test_a_game_declaring_what_it_implements_is_registered_and_asked_by_name() -> None:
    registry = Registry(Bare, Odds)
    assert registry.providing(Capability.ODDS) == ["odds"]
    assert Odds().provides(Capability.ODDS) and not Bare().provides(Capability.ODDS)
    assert registry.providing(Capability.COACH) == []


@pytest.mark.parametrize(("kind", "said"), [
    (Unsaid, "implements coach without declaring it"),
    (Boast, "declares batch, encoding without implementing it"),
])
def test_a_declaration_that_differs_from_the_code_is_refused_at_registration(kind: type[Game[Any, Any]],
                                                                             said: str) -> None:
    with pytest.raises(TypeError, match=said):
        Registry(kind)
    with pytest.raises(TypeError, match=r"GameSpec\.capabilities"):
        check_declared(kind)


def test_two_games_of_one_name_are_refused() -> None:
    with pytest.raises(TypeError, match="two games are called 'bare'"):
        Registry(Bare, Bare)


def test_a_state_class_that_cannot_be_found_is_said_plainly() -> None:
    class Unannotated(Bare):
        spec = GameSpec("plain", "Plain", "no hint", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1)

        def initial_state(self):  # type: ignore[no-untyped-def]  # (the point: no annotation)
            raise NotImplementedError

    with pytest.raises(TypeError, match="must be annotated with the game's state class"):
        check_declared(Unannotated)


def test_the_shipped_games_declare_what_they_offer() -> None:
    """What the browser, the server and the adapters rely on, per game: a coach for all four, Beetle's exact
    odds (B6), Kubik's simulated flights, batched kernels for cribbage and Cubulus."""
    registry = tabletop.REGISTRY
    assert {name: sorted(map(str, registry[name].spec.capabilities))
            for name in ("beetle", "cribbage", "cubulus", "kubik")} == {
        "beetle": ["coach", "encoding", "odds", "presentation"],
        "cribbage": ["batch", "coach", "encoding", "presentation"],
        "cubulus": ["batch", "coach", "encoding", "presentation"],
        "kubik": ["coach", "encoding", "motion", "presentation"],
    }
