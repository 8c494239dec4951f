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
    odds (B6), Kubik's simulated flights, Cubulus's previews of certain moves, batched kernels for cribbage and
    Cubulus, a player's statistics for all but Beetle (B13: no decisions, nothing to keep but games played —
    issue 46 item 4)."""
    registry = tabletop.REGISTRY
    assert {name: sorted(map(str, registry[name].spec.capabilities))
            for name in ("beetle", "cribbage", "cubulus", "kubik")} == {
        "beetle": ["coach", "encoding", "odds", "presentation"],
        "cribbage": ["batch", "coach", "encoding", "presentation", "statistics"],
        "cubulus": ["batch", "coach", "encoding", "presentation", "preview", "statistics"],
        "kubik": ["coach", "encoding", "motion", "presentation", "statistics"],
    }


class Counted(Bare):
    """Keeps statistics and says so, but names no figure to read them as."""

    spec = GameSpec("counted", "Counted", "stats", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1,
                    capabilities=frozenset({Capability.STATISTICS}))

    def seat_statistics(self, record: Any, seat: int, seconds: float | None = None) -> Any:
        return None


def test_statistics_are_declared_with_the_figures_they_are_read_as() -> None:
    """Issue 46 item 4: a game keeping statistics lists its figures in its spec (what a profile shows), and a
    game listing figures keeps statistics: both or neither."""
    with pytest.raises(TypeError, match=r"GameSpec\.statistics lists the figures"):
        Registry(Counted)
    for name in tabletop.REGISTRY.providing(Capability.STATISTICS):
        figures = tabletop.REGISTRY[name].spec.statistics
        totals = {figure.total for figure in figures} | {figure.per for figure in figures if figure.per}
        assert figures and len({figure.name for figure in figures}) == len(figures), name
        assert all(name.isidentifier() for name in totals), totals


class Secret(Game[Any, str]):
    """Two seats, each holding a card the other may not see; no words of its own (no presentation)."""

    spec = GameSpec("secret", "Secret", "hidden cards", 2, 2, 2, Chance.NONE, True, (-1.0, 1.0), 1)

    def initial_state(self) -> SecretState:
        return SecretState(self)

    def parse_action(self, text: str) -> str:
        return text

    def state_from_view(self, view: Any, rng: random.Random) -> Any:
        raise NotImplementedError


class SecretState(tabletop.State[str]):
    """A position that is over once anyone says "show"; each seat's view holds its own card alone."""

    def __init__(self, game: Secret, shown: bool = False) -> None:
        self.game, self.shown = game, shown

    @property
    def current_player(self) -> int:
        return tabletop.core.TERMINAL if self.shown else 0

    def legal_actions(self) -> Sequence[str]:
        return () if self.shown else ("show",)

    def chance_outcomes(self) -> Sequence[Any]:
        raise tabletop.core.IllegalActionError("no chance here")

    def _apply(self, action: str) -> SecretState:
        return SecretState(self.game, shown=True)

    def _apply_if_legal(self, action: str) -> SecretState | None:
        return self._apply(action)  # accepts anything: the core must still refuse a finished game first

    def returns(self) -> tuple[float, ...]:
        return (0.0, 0.0)

    def view(self, player: int) -> dict[str, Any]:
        return {"mine": ["AS", "KH"][player], "shown": self.shown}

    def public_view(self) -> dict[str, Any]:
        return {"shown": self.shown}


def test_the_generic_drawing_shows_only_the_view_it_is_asked_for() -> None:
    """Without the presentation capability, a state is drawn as the view one field a line: a seat's own,
    or a spectator's — never the whole state, whatever it hides (the other seat's card)."""
    state = Secret().initial_state()
    assert state.render(0) == 'mine: "AS"\nshown: false'
    assert state.render(1) == 'mine: "KH"\nshown: false'
    assert state.render() == "shown: false"  # a spectator: no card at all


def test_the_core_refuses_a_finished_game_before_a_games_own_hook_is_asked() -> None:
    over = Secret().initial_state().apply("show")
    with pytest.raises(tabletop.core.IllegalActionError) as refused:
        over.apply("show")
    assert refused.value.code == "game_over"
