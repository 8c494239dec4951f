"""The rules version (#41 item 10): every game's options name the version of the rules it plays by; a
game asked for an older version plays exactly as it was played, its options mapped by the game's
:meth:`~tabletop.core.Game.upgrade` with a note for each change, never a crash; records name it, and a
record of the first layout (before versions) reads as version 1."""

from __future__ import annotations

import json
import pickle
from typing import Any, ClassVar

import pytest

import tabletop
from tabletop.core import Chance, Game, GameSpec, Option, OptionError, Record
from tabletop.games import REGISTRY


class Race(Game[Any, str]):
    """A game whose second rules renamed ``laps`` to ``rounds`` and raised the default from 3 to 5."""

    spec: ClassVar[GameSpec] = GameSpec("race", "Race", "laps", 2, 2, 2, Chance.NONE, False, (-1.0, 1.0), 1,
                                        options=(Option("rounds", 5, "rounds to run", minimum=1, maximum=9),),
                                        rules_version=2)

    @classmethod
    def upgrade(cls, rules: int, options: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
        notes = []
        if "laps" in options:
            options["rounds"] = options.pop("laps")
            notes.append("laps is called rounds since rules 2")
        elif "rounds" not in options:
            options["rounds"] = 3
            notes.append("rules 1 ran 3 rounds by default")
        return options, tuple(notes)

    def initial_state(self) -> Any:
        raise NotImplementedError

    def parse_action(self, text: str) -> str:
        return text

    def state_from_view(self, view: Any, rng: Any) -> Any:
        raise NotImplementedError


def test_every_game_plays_today_s_rules_unless_asked() -> None:
    for name, kind in REGISTRY.items():
        game = tabletop.load(name)
        assert game.rules == kind.spec.rules_version == game.options["rules"] and game.notes == ()
        assert "rules" not in {o.name for o in kind.spec.all_options}  # no form offers it: people play today's
        with pytest.raises(OptionError, match=f"rules={kind.spec.rules_version + 1} is above the maximum"):
            tabletop.load(name, rules=kind.spec.rules_version + 1)
        with pytest.raises(OptionError, match="rules=0 is below the minimum 1"):
            tabletop.load(name, rules=0)


def test_an_older_version_maps_its_options_with_a_note() -> None:
    assert Race().options == {"players": 2, "rounds": 5, "rules": 2}
    old = Race(rules=1, laps=4)  # an option no longer known: mapped, not refused
    assert old.options == {"players": 2, "rounds": 4, "rules": 1} and old.rules == 1
    assert old.notes == ("laps is called rounds since rules 2",)
    assert Race(rules=1).options["rounds"] == 3 and Race(rules=1).notes == ("rules 1 ran 3 rounds by default",)
    assert Race(rules="1", laps=4) == old  # as the CLI gives it (`-o rules=1`): text, read as the number
    assert tabletop.load("kubik", throws="manual", rules="1").options["max_throws"] == 200  # rules 1 as played
    with pytest.raises(OptionError, match="rules='one' must be an integer"):
        Race(rules="one")
    with pytest.raises(OptionError, match="race has no option 'laps'"):
        Race(laps=4)  # today's rules do not know it
    again = pickle.loads(pickle.dumps(old))  # a game sent to a worker keeps its version and options
    assert again == old and again.rules == 1 and again.options == old.options


def test_a_record_names_its_rules_and_the_first_layout_reads_as_version_1() -> None:
    record = Record("beetle", dict(tabletop.load("beetle").options), ())
    assert json.loads(record.to_json())["options"]["rules"] == 1
    first = Record.from_data({"version": 1, "game": "beetle", "options": {"players": 2}, "actions": []})
    assert first.options == {"players": 2, "rules": 1}
    handwritten = Record.from_data({"version": 2, "game": "beetle", "options": {}, "actions": []})
    assert tabletop.replay(handwritten).game.rules == REGISTRY["beetle"].spec.rules_version
