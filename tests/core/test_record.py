"""Records: JSON round trip, validation of malformed records, and replay errors with the index."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import Record, RecordError, iter_replay
from tabletop.sim import play


def a_record() -> Record:
    return play(tabletop.load("beetle", players=2), [RandomAgent(), RandomAgent()], seed=1).record


def test_json_round_trip() -> None:
    record = a_record()
    again = Record.from_json(record.to_json())
    assert again == record
    assert json.loads(record.to_json())["version"] == 2  # options.rules came with version 2 (#41 item 10)
    assert record.options["rules"] == 1


def test_replay_reaches_the_same_state() -> None:
    played = play(tabletop.load("beetle", players=3), [RandomAgent()] * 3, seed=9)
    assert tabletop.replay(played.record) == played.state
    states = list(iter_replay(played.state.game, played.record.actions))
    assert len(states) == len(played.record.actions) + 1


@pytest.mark.parametrize(
    ("text", "message", "index"),
    [
        ("not json", "not valid JSON", None),
        ("[1, 2]", "must be a JSON object", None),
        ('{"game": "beetle"}', "actions: Field required", None),
        ('{"game": "beetle", "actions": ["roll", 6]}', "actions.1: Input should be a valid string", 1),
        ('{"game": "beetle", "actions": [], "surprise": 1}', "surprise: Extra inputs", None),
        ('{"game": "beetle", "actions": [], "version": 9}', "version 9 is not supported", None),
    ],
)
def test_malformed_records(text: str, message: str, index: int | None) -> None:
    with pytest.raises(RecordError, match=message) as raised:
        Record.from_json(text)
    assert raised.value.index == index


@pytest.mark.parametrize(
    ("actions", "index", "message"),
    [
        (["roll", "4", "4"], 2, "action 2 `4`: 4: not legal for seat 2 here; legal: roll"),
        (["roll", "roll"], 1, "action 1 `roll`: roll: not legal for chance here; legal: 1, 2, 3, 4, 5, 6"),
        (["roll", "seven"], 1, "action 1 `seven`: 'seven' is not an action"),
    ],
)
def test_replay_names_the_first_bad_action(actions: list[str], index: int, message: str) -> None:
    record = Record("beetle", {"players": 2}, tuple(actions))
    with pytest.raises(RecordError) as raised:
        tabletop.replay(record)
    assert raised.value.index == index
    assert str(raised.value).startswith(message)


def test_replay_of_an_unknown_game_or_bad_options() -> None:
    with pytest.raises(RecordError, match="cannot be loaded: no game called 'go'"):
        tabletop.replay(Record("go", {}, ()))
    with pytest.raises(RecordError, match="players=0 is below the minimum 1"):
        tabletop.replay(Record("beetle", {"players": 0}, ()))


def test_replay_after_a_finished_game_is_refused() -> None:
    record = a_record()
    extra = Record(record.game, record.options, (*record.actions, "roll"))
    with pytest.raises(RecordError, match=f"action {len(record.actions)} `roll`: .*game is over"):
        tabletop.replay(extra)
