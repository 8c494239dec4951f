"""The Game base class: what the core does once for every game."""

from __future__ import annotations

import pickle
from typing import Any, ClassVar

import pytest

import tabletop
from tabletop.core import Capability, Chance, Game, GameSpec
from tabletop.games import REGISTRY


class Toss(Game[Any, str]):
    """A game with no encoding of its own: nothing else is needed to be a Game."""

    spec: ClassVar[GameSpec] = GameSpec("toss", "Toss", "a coin", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1)

    def initial_state(self) -> Any:
        raise NotImplementedError

    def parse_action(self, text: str) -> str:
        return text

    def state_from_view(self, view: Any, rng: Any) -> Any:
        raise NotImplementedError


def test_a_game_without_an_encoding_type_says_so() -> None:
    with pytest.raises(NotImplementedError, match="toss has no numeric encoding"):
        Toss().encoding()
@pytest.mark.parametrize("name", sorted(REGISTRY.providing(Capability.ENCODING)))
def test_encoding_is_built_once_per_game_object(name: str) -> None:
    game = tabletop.load(name)
    built = game.encoding()
    assert built is game.encoding()
    assert isinstance(built, game.encoding_type)  # type: ignore[arg-type]
    # a pickled game (a state sent to a worker) rebuilds its own instead of carrying one
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and "_encoding" not in copy.__dict__


def test_win_chances_where_a_game_computes_them() -> None:
    toss = Toss()
    assert not toss.provides(Capability.ODDS) and toss.win_chances(None) is None
    beetle = tabletop.load("beetle", players=3)
    assert beetle.provides(Capability.ODDS)
    assert beetle.win_chances(beetle.initial_state()) == pytest.approx([1 / 3] * 3)  # B6: a fair roll-off
    assert REGISTRY.providing(Capability.ODDS) == ["beetle"]
