"""Game specs and options: validation with messages that say what is allowed."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import Chance, GameSpec, Option, OptionError, UnknownGameError


def test_load_validates_and_fills_defaults() -> None:
    game = tabletop.load("beetle", players="4", play_on="yes")
    assert game.options == {"players": 4, "variant": "classic", "parts": None, "play_on": True, "rules": 1}
    assert game == tabletop.load("beetle", players=4, play_on=True)
    assert hash(game) == hash(tabletop.load("beetle", players=4, play_on=True))
    assert game != tabletop.load("beetle", players=4)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match=r"no game called .chess.; available: .*beetle") as raised:
        tabletop.load("chess")
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "six-legs"}, r"variant='six-legs' is not allowed; choose one of: classic, four-legs"),
        ({"players": 12}, "above the maximum 8"),
        ({"players": "many"}, "must be an integer"),
        ({"players": True}, "must be an integer"),
        ({"play_on": "perhaps"}, "must be true or false"),
        ({"colour": "red"}, "beetle has no option 'colour'; its options are: players, variant, parts, play_on"),
        ({"variant": 3}, "must be text"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        tabletop.load("beetle", **options)


def test_option_describe_and_check() -> None:
    even = Option("size", 2, "an even size", kind=int, minimum=0, check=lambda v: v if v % 2 == 0 else
                  (_ for _ in ()).throw(ValueError("must be even")))
    assert even.validate("4") == 4
    with pytest.raises(OptionError, match="option size: must be even"):
        even.validate(3)
    assert even.describe() == "integer 0.."


def test_spec_lists_players_first() -> None:
    spec = GameSpec("g", "G", "a game", 2, 4, 2, Chance.NONE, False, (-1.0, 1.0), 10)
    assert [o.name for o in spec.all_options] == ["players"]
    assert spec.resolve({}) == {"players": 2, "rules": 1}  # and the rules version, in no form (#41)
    with pytest.raises(OptionError):
        spec.resolve({"players": 1})
