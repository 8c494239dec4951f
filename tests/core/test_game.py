"""The Game base class: what the core does once for every game."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from tabletop.core import Chance, Game, GameSpec


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
