"""Records written by hand replay, and a record with an illegal action fails saying why (issue #4)."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.core import Record, RecordError
from tabletop.games.cubulus import End

_SETUP = ["place 000", "place 012", "place 021", "place 102", "place 111", "place 120", "place 201", "place 210",
          "place 222"]


def record(actions: list[str], **options: object) -> Record:
    text = json.dumps({"game": "cubulus", "options": {"first": "0", **options}, "actions": actions})
    return Record.from_json(text)


def test_a_hand_written_record_replays_to_a_win() -> None:
    """A record typed by a person — set-up, inserts with pushes, a win — replays to the same end."""
    moves = ["insert L001", "insert U202", "insert L010", "insert U122", "insert L011", "insert U212",
             "insert L000"]  # red's L square {000, 001, 010, 011}: L000 pushes the neutral ball at 000 to 100
    state = tabletop.replay(record([*_SETUP, *moves]))
    assert state.is_terminal and state.returns() == (1.0, -1.0)
    assert state.end is End.SQUARE


def test_a_random_first_player_is_in_the_record() -> None:
    """With first=random the draw is the record's first action."""
    state = tabletop.replay(record(["first 1", *_SETUP[:3]], first="random"))
    assert state.current_player == 0  # seat 0 places for seat 1, who starts


def test_an_illegal_action_in_a_record_says_why() -> None:
    """A record with an illegal action fails at that action, with the rule's reason."""
    full = ["insert R211", "insert R211", "insert R211"]  # the line R211→011 is full after three
    with pytest.raises(RecordError) as raised:
        tabletop.replay(record([*_SETUP[:4], "place 200", "place 202", "place 220", "place 222", "place 002",
                                *full, "insert R211"]))
    assert raised.value.index == 12
    assert "insert R211: line R211→011 is full; a ball would be pushed out" in str(raised.value)


def test_text_that_is_no_action_in_a_record_says_what_is_expected() -> None:
    """A record with text that is no action fails at that action, saying what was expected."""
    with pytest.raises(RecordError, match="expected") as raised:
        tabletop.replay(record(["place 000", "put 111"]))
    assert raised.value.index == 1
