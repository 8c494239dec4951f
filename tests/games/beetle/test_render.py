"""The Beetle picture grows part by part (what users want beyond the seed: a picture, not counts)."""

from __future__ import annotations

import random

from tabletop.games.beetle import ROLL, Beetle, PartsTable, preset
from tabletop.games.beetle.render import picture


def ink(lines: list[str]) -> int:
    """How many characters are drawn."""
    return sum(1 for line in lines for char in line if char not in " ·")


def test_every_part_adds_ink_and_the_full_beetle_is_complete() -> None:
    """Each drawn part adds to the picture; the finished classic beetle has all its strokes."""
    for name in ("classic", "four-legs", "winged"):
        table = preset(name)
        game = Beetle(players=1, variant=name)
        state = game.initial_state()
        rng = random.Random(1)
        drawn = ink(picture(table, state.sheets[0]))
        assert drawn == 0
        while not state.is_terminal:
            before = state.sheets[0]
            state = state.apply(ROLL).apply(state.apply(ROLL).sample_chance(rng))
            now = ink(picture(table, state.sheets[0]))
            assert now > drawn if state.sheets[0] != before else now == drawn
            drawn = now


def test_full_classic_beetle_picture() -> None:
    """The complete classic beetle, as printed in the terminal."""
    table = preset("classic")
    assert "\n".join(line.rstrip() for line in picture(table, table.full)) == "\n".join([
        r"      \   /",
        r"      (o_o)",
        r"   \.-------./",
        r"  --|   |   |--",
        "   /'-------'\\",
        r"        |",
    ])


def test_ghost_shows_what_is_still_to_draw() -> None:
    """With ghost=True the parts still to draw are dotted in, so the goal is visible."""
    table = preset("classic")
    ghost = picture(table, table.empty, ghost=True)
    assert ink(ghost) == 0 and sum(line.count("·") for line in ghost) > 10


def test_unknown_parts_are_listed_under_the_picture() -> None:
    """Custom parts without a place in the picture are listed with their counts."""
    table = PartsTable.from_data({"parts": [
        {"name": "body", "face": 1, "count": 1},
        {"name": "horn", "face": 2, "count": 3, "requires": ["body"]},
    ]})
    lines = picture(table, (1, 2))
    assert lines[-1].strip() == "+ horn 2/3"


def test_state_rendering_shows_every_seat() -> None:
    """The text of a state has a captioned beetle per seat and says whose turn it is."""
    state = Beetle(players=5).initial_state()
    text = str(state)
    for seat in range(1, 6):
        assert f"Seat {seat}" in text
    assert "Roll-off" in text
