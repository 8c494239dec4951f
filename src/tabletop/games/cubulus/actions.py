"""Cubulus actions and their notation (``docs/notation.md``): what players do and what chance draws.

| text | who | meaning |
|---|---|---|
| ``first 1`` | chance | seat 1 (0-based, as the ``first`` option) is drawn to start (U4, U9, U13) |
| ``place 111`` | the non-starting player | a neutral ball into an empty cell, 9 times, 2 players only (U4, U13) |
| ``insert U102`` | player | a ball of the mover's colour enters at hole ``U102`` (U5, U10) |
| ``shift U102`` | player | the full line of ``U102`` turns: its far ball comes back in at the hole (U6, U11) |
| ``pass`` | player | the only action of a player with no legal move (U14) |

A hole is a face letter ``L R F B D U`` and the cell ``xyz`` it opens into. Text is read
case-insensitively and with surrounding spaces ignored; ``str(action)`` writes the canonical form.
Every action is a precomputed singleton, so building the legal list allocates nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tabletop.core.errors import NotationError
from tabletop.core.game import notation_error
from tabletop.games.cubulus.geometry import CELLS, HOLES, Cell, Hole


@dataclass(frozen=True, slots=True)
class Insert:
    """Insert a ball of your colour at ``hole`` (U10)."""

    hole: Hole

    def __str__(self) -> str:
        return f"insert {self.hole}"


@dataclass(frozen=True, slots=True)
class Shift:
    """Turn the full line of ``hole`` by one: [a, b, c] from the hole becomes [c, a, b] (U11)."""

    hole: Hole

    def __str__(self) -> str:
        return f"shift {self.hole}"


@dataclass(frozen=True, slots=True)
class Place:
    """Set-up with two players: put a neutral ball into the empty ``cell`` (U13)."""

    cell: Cell

    def __str__(self) -> str:
        return f"place {self.cell}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The automatic pass of a player who has no legal move (U14), kept in the record."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class First:
    """Chance: ``seat`` starts (U4: the contest to say "Cubulus" backwards; U9: a random first player)."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


CubulusAction = Insert | Shift | Place | Pass | First
INSERTS: Final = tuple(Insert(h) for h in HOLES)
SHIFTS: Final = tuple(Shift(h) for h in HOLES)
PLACES: Final = tuple(Place(c) for c in CELLS)
PASS: Final = Pass()
FIRSTS: Final = tuple(First(seat) for seat in range(3))

_EXPECTED = ("insert H or shift H (H a hole: face L R F B D U + cell xyz, e.g. insert U102), "
             "place xyz (e.g. place 111), pass, or chance: first 0")


def parse_action(text: str) -> CubulusAction:
    """Read an action in Cubulus notation.

    >>> parse_action(" Insert u102 "), str(parse_action("shift R211"))
    (Insert(hole=Hole.parse('U102')), 'shift R211')

    Raises:
        NotationError: saying what the notation looks like.
    """
    words = text.split()
    try:
        match [words[0].lower(), *words[1:]] if words else []:
            case ["insert", hole]:
                return INSERTS[Hole.parse(hole)]
            case ["shift", hole]:
                return SHIFTS[Hole.parse(hole)]
            case ["place", cell]:
                return PLACES[Cell.parse(cell)]
            case ["pass"]:
                return PASS
            case ["first", seat] if seat in ("0", "1", "2"):
                return FIRSTS[int(seat)]
    except NotationError as error:
        raise NotationError(f"{text.strip()!r}: {error}", params={"text": text.strip()}) from None
    raise notation_error(text, _EXPECTED)
