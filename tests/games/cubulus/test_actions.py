"""Cubulus notation: every action round-trips through its text; anything else is refused with what is expected."""

from __future__ import annotations

import pytest

from tabletop.core import NotationError
from tabletop.games.cubulus import CELLS, HOLES, Cell, Cubulus, First, Hole, Insert, Pass, Place, Shift, parse_action


def every_action() -> list[object]:
    return [*(Insert(h) for h in HOLES), *(Shift(h) for h in HOLES), *(Place(c) for c in CELLS),
            Pass(), *(First(s) for s in range(3))]


def test_every_action_round_trips() -> None:
    """str(action) is its notation and parse_action reads it back: 54 inserts, 54 shifts, 27 places, …"""
    actions = every_action()
    assert len({str(a) for a in actions}) == len(actions) == 54 + 54 + 27 + 1 + 3
    for action in actions:
        assert parse_action(str(action)) == action
        assert Cubulus().parse_action(str(action)) == action


def test_the_spec_examples() -> None:
    """The spec's examples read as they say: insert U102, shift U102, place 111."""
    assert parse_action("insert U102") == Insert(Hole.parse("U102"))
    assert parse_action("shift U102") == Shift(Hole.parse("U102"))
    assert parse_action("place 111") == Place(Cell.parse("111"))
    assert parse_action("pass") == Pass()
    assert parse_action("first 1") == First(1)


def test_case_and_spaces_do_not_matter() -> None:
    """Notation: text is read case-insensitively, surrounding and repeated spaces ignored."""
    assert parse_action("  INSERT   u102 ") == Insert(Hole.parse("U102"))
    assert str(parse_action("Shift r211")) == "shift R211"


def test_repr_rebuilds_the_action() -> None:
    """A repr is Python that rebuilds the value (as python-chess does)."""
    namespace = {"Insert": Insert, "Shift": Shift, "Place": Place, "Pass": Pass, "First": First,
                 "Hole": Hole, "Cell": Cell}
    for action in every_action():
        assert eval(repr(action), namespace) == action


@pytest.mark.parametrize("text", ["", "insert", "insert U102 now", "U102", "102", "push U102", "first 3", "first",
                                  "pass now", "place", "shift 102", "insert U1O2", "place 0001", "place 3",
                                  "insert Q000"])
def test_text_that_is_no_action_says_what_is_expected(text: str) -> None:
    """parse_action raises NotationError (a ValueError) with the word "expected"."""
    with pytest.raises(NotationError, match="expected") as raised:
        parse_action(text)
    assert isinstance(raised.value, ValueError)


def test_a_hole_off_its_face_is_named() -> None:
    """Notation: U100 is no hole — cell 100 is on the bottom, not the top."""
    with pytest.raises(NotationError, match=r"cell 100 is not on face U \(z=2\)"):
        parse_action("insert U100")
