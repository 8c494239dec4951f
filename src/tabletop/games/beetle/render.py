"""Drawing beetles as text: the picture grows part by part, as on the players' sheets.

Known part names (body, head, leg, eye, antenna, tail, wing) have places in the picture; parts of
a custom table with other names, or more of a part than the picture has places for, are listed
under it. The move log's lines (:func:`describe`, :func:`event_text`) are English for the terminal;
the browser has words of its own. Rendering reads states and never changes them (STYLE 7); the
state class is named here only for its annotations, so the state can call down into this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Event, event
from tabletop.core.events import plain_text
from tabletop.games.beetle.actions import BeetleAction, Roll
from tabletop.games.beetle.parts import PartsTable
from tabletop.games.beetle.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.beetle.state import BeetleState

#: The finished picture, and under it a mask naming the part each character belongs to:
#: B body, H head, e/E eyes, a/A antennae, T tail, w/W wings, 1–6 legs.
_PICTURE = [
    r"      \   /      ",
    r"      (o_o)      ",
    r"   \.-------./   ",
    r"  --|<= | =>|--  ",
    r"   /'-------'\   ",
    r"        |        ",
]
_MASK = [
    r"      a   A      ",
    r"      HeHEH      ",
    r"   1BBBBBBBBB2   ",
    r"  55BBBBBBBBB66  ",
    r"   3BBBBBBBBB4   ",
    r"        T        ",
]
_MASK[3] = "  55BwwBBBWWB66  "
_WIDTH = max(len(line) for line in _PICTURE)

Cell = tuple[int, int]


def _cells(code: str) -> list[Cell]:
    """The picture's cells that belong to the part marked ``code`` in the mask."""
    return [(r, c) for r, row in enumerate(_MASK) for c, char in enumerate(row) if char == code]


_SLOTS: dict[str, list[list[Cell]]] = {
    "body": [_cells("B")],
    "head": [_cells("H")],
    "eye": [_cells("e"), _cells("E")],
    "antenna": [_cells("a"), _cells("A")],
    "tail": [_cells("T")],
    "wing": [_cells("w"), _cells("W")],
    # legs drawn top pair, middle pair, bottom pair; 4 legs use top and bottom, 2 the middle
    "leg": [_cells(code) for code in "125634"],
}
_ALIASES = {"legs": "leg", "eyes": "eye", "antennae": "antenna", "antennas": "antenna",
            "feeler": "antenna", "feelers": "antenna", "wings": "wing", "tails": "tail",
            "heads": "head", "bodies": "body"}


def _slot_order(name: str, count: int) -> list[list[Cell]]:
    """The places for ``count`` parts called ``name``, in the order they are drawn."""
    slots = _SLOTS.get(_ALIASES.get(name.lower(), name.lower()), [])
    if slots is _SLOTS["leg"] and count <= 4:
        slots = [slots[i] for i in ((0, 1, 4, 5) if count > 2 else (2, 3))]
    return slots[:count]


def picture(table: PartsTable, counts: tuple[int, ...], ghost: bool = False) -> list[str]:
    """The beetle drawn so far as lines of text; ``ghost`` dots in the parts still to draw.

    >>> from tabletop.games.beetle.parts import preset
    >>> for line in picture(preset("classic"), (1, 1, 0, 2, 0, 0)):  # body, head, two eyes
    ...     print(line.rstrip() or "~")
    ~
          (o_o)
        .-------.
        |   |   |
        '-------'
    ~
    """
    grid = [[" "] * _WIDTH for _ in _PICTURE]
    extras: list[str] = []
    for i, part in enumerate(table.parts):
        slots = _slot_order(part.name, part.count)
        for k, cells in enumerate(slots):
            drawn = k < counts[i]
            for r, c in cells:
                char = _PICTURE[r][c]
                if drawn:
                    grid[r][c] = char
                elif ghost and char != " ":
                    grid[r][c] = "·"
        if len(slots) < part.count:
            extras.append(f"{part.name} {counts[i]}/{part.count}")
    lines = ["".join(row) for row in grid]
    lines.extend(f"  + {extra}" for extra in extras)
    return lines


def progress(table: PartsTable, counts: tuple[int, ...]) -> str:
    """``7/13`` parts drawn."""
    return f"{sum(counts)}/{table.total}"


def side_by_side(blocks: list[list[str]], gap: int = 3) -> list[str]:
    """Lay blocks of lines next to each other, padding each to its widest line."""
    height = max(len(block) for block in blocks)
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    rows = []
    for r in range(height):
        cells = [
            (block[r] if r < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        rows.append((" " * gap).join(cells).rstrip())
    return rows


def render_state(state: BeetleState) -> str:
    """Every seat's beetle side by side, with captions and the state of play."""
    table = state.game.table
    blocks = []
    for seat, sheet in enumerate(state.sheets):
        marker = "▶ " if state.phase is not Phase.OVER and seat == state.seat else "  "
        caption = f"{marker}Seat {seat + 1}  {progress(table, sheet)}"
        if seat in state.finished:
            caption += f"  #{state.finished.index(seat) + 1}"
        blocks.append([caption, *picture(table, sheet, ghost=True)])
    lines = []
    for start in range(0, len(blocks), 4):  # at most four beetles to a row
        lines.extend(side_by_side(blocks[start : start + 4]))
        lines.append("")
    match state.phase:
        case Phase.ROLL_OFF:
            rolls = ", ".join(
                f"seat {s + 1}: {r}" for s, r in zip(state.contenders, state.rolloff, strict=False)
            )
            seats = ", ".join(str(s + 1) for s in state.contenders)
            lines.append(f"Roll-off for the start among seats {seats}" + (f" ({rolls})" if rolls else ""))
        case Phase.PLAY:
            lines.append(f"Seat {state.seat + 1} to {'see the die' if state.rolled else 'roll'}")
        case Phase.OVER:
            lines.append("Game over: " + ", ".join(
                f"#{place + 1} seat {seat + 1}" for place, seat in enumerate(state.finished)))
    return "\n".join(lines)


def describe(state: BeetleState, action: BeetleAction) -> str:
    """The action itself ("seat 2 rolled 4"), in the words of its own event; what it drew is told by
    the events after it (announcements)."""
    rolloff = state.phase is Phase.ROLL_OFF
    if isinstance(action, Roll):
        return event_text(event("roll", seat=state.seat, rolloff=rolloff))
    return event_text(event("rolloff_rolled" if rolloff else "rolled", seat=state.seat, face=action.value))


def event_text(event: Event) -> str:
    """A Beetle event in English, for the terminal: "seat 2 draws leg (3/6)"."""
    p = event.params

    def seat(n: int) -> str:
        return f"seat {n + 1}"

    def seats(members: Sequence[int]) -> str:
        return ("seats " if len(members) > 1 else "seat ") + ", ".join(str(m + 1) for m in members)

    match event.kind:
        case "roll":
            return f"{seat(p['seat'])} rolls" + (" for the start" if p["rolloff"] else "")
        case "rolloff_rolled":
            return f"{seat(p['seat'])} rolled {p['face']} in the roll-off"
        case "rolloff_tie":
            return f"a tie at {p['face']}: {seats(p['members'])} roll again"
        case "starts":
            return f"{seat(p['seat'])} starts (rolled {p['face']})"
        case "rolled":
            return f"{seat(p['seat'])} rolled {p['face']}"
        case "part_drawn":
            return f"{seat(p['seat'])} draws {p['part']} ({p['have']}/{p['needed']})"
        case "nothing_drawn":
            return f"{seat(p['seat'])} draws nothing on a {p['face']}: {_why_text(p)} — turn lost"
        case "beetle_finished":
            return f"{seat(p['seat'])} finishes the beetle: place {p['place']}"
        case "play_on":
            return f"{seats(p['members'])} play on for place {p['place']}"
        case "last_place":
            return f"{seat(p['seat'])} takes the last place ({p['place']})"
        case "game_over":
            if len(p["places"]) > 1:
                return "game over: " + ", ".join(
                    f"#{place} {seat(s)}" for place, s in enumerate(p["places"], 1))
            return f"game over: {seat(p['winner'])} wins"
        case "game_won":
            return f"{seat(p['side'])} wins"
    return plain_text(event)


def _why_text(params: Mapping[str, Any]) -> str:
    """Why a roll drew nothing (the reasons of a ``nothing_drawn`` event), in English."""
    reasons = params["reasons"]
    if not reasons:
        return f"no part is drawn on a {params['face']}"
    return "; ".join(
        f"{r['part']} needs {' and '.join(r['missing'])} first" if r["why"] == "needs"
        else f"{r['part']} already drawn" if r["needed"] == 1
        else f"{r['part']}: {r['needed']} of {r['needed']} drawn"
        for r in reasons
    )
